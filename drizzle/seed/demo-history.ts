/**
 * @module Thirty days of recorded connector status history for the demo connectors, so availability
 * KPIs have real history to compute from on a fresh start. Deterministic: a small linear
 * congruential generator seeded by the connector id, never Math.random.
 */
import { asc, eq } from 'drizzle-orm';
import type { ConnectorStatus } from '../../domain/stations/statuses';
import type { Db } from '../db';
import { connectorStatusHistory, connectors } from '../schema';

const H = 3_600_000;
const DAYS = 30;

function generator(seed: number) {
  let state = (seed * 2_654_435_761) >>> 0;
  return () => {
    state = (1_664_525 * state + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

type Row = typeof connectorStatusHistory.$inferInsert;

/** Status changes of one connector: two to four charging sessions a day, now and then a fault or an outage. */
export function connectorHistory(connectorId: number, current: ConnectorStatus, until: number): Row[] {
  const random = generator(connectorId);
  const start = until - DAYS * 24 * H;
  const rows: Row[] = [{ connectorId, status: 'available', at: new Date(start) }];
  for (let day = 0; day < DAYS; day++) {
    const dayStart = start + day * 24 * H;
    const sessions = 2 + Math.floor(random() * 3);
    for (let s = 0; s < sessions; s++) {
      const begin = dayStart + (7 + s * 4 + random() * 2) * H;
      rows.push({ connectorId, status: 'preparing', at: new Date(begin) });
      rows.push({ connectorId, status: 'charging', at: new Date(begin + 5 * 60_000) });
      rows.push({ connectorId, status: 'finishing', at: new Date(begin + (1 + random() * 2) * H) });
      rows.push({ connectorId, status: 'available', at: new Date(begin + 2.5 * H + random() * H) });
    }
    const trouble = random();
    if (trouble < 0.08) {
      const at = dayStart + (20 + random() * 2) * H;
      const status: ConnectorStatus = trouble < 0.04 ? 'faulted' : 'offline';
      rows.push({ connectorId, status, at: new Date(at), errorCode: status === 'faulted' ? 'GroundFailure' : null });
      rows.push({ connectorId, status: 'available', at: new Date(at + (1 + random() * 5) * H) });
    }
  }
  // An outage may fall inside a session: order by time, then end in the connector's current status.
  const last = until - 30 * 60_000;
  const ordered = rows.filter((r) => (r.at as Date).getTime() < last).sort((a, b) => +(a.at as Date) - +(b.at as Date));
  ordered.push({ connectorId, status: current, at: new Date(last) });
  return ordered;
}

/**
 * Writes the history of every connector, one D1 batch per connector (16 rows per insert: D1 binds at
 * most 100 parameters). Each batch first deletes that connector's history, so it is idempotent: the
 * local D1 proxy now and then drops a connection under heavy machine load ("fetch failed: other side
 * closed"), and a batch that failed that way is simply sent again (a batch is one transaction).
 */
export async function seedDemoHistory(db: Db, until = Date.now()): Promise<number> {
  const all = await db
    .select({ id: connectors.id, status: connectors.status })
    .from(connectors)
    .orderBy(asc(connectors.id));
  let written = 0;
  for (const connector of all) {
    const rows = connectorHistory(connector.id, connector.status, until);
    const inserts = [];
    for (let i = 0; i < rows.length; i += 16)
      inserts.push(db.insert(connectorStatusHistory).values(rows.slice(i, i + 16)));
    const batch = [
      db.delete(connectorStatusHistory).where(eq(connectorStatusHistory.connectorId, connector.id)),
      ...inserts,
      db
        .update(connectors)
        .set({ statusChangedAt: rows.at(-1)?.at as Date })
        .where(eq(connectors.id, connector.id)),
    ] as const;
    await retryDroppedConnection(() => db.batch(batch));
    written += rows.length;
  }
  return written;
}

/** Runs an idempotent call again (up to 4 tries) when the local proxy dropped the connection. */
export async function retryDroppedConnection<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const text = `${String(error)} ${String((error as { cause?: unknown }).cause ?? '')}`;
      if (attempt >= 4 || !/fetch failed|other side closed|UND_ERR_SOCKET/.test(text)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
