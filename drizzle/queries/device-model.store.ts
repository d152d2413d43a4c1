/**
 * @module The OCPP 2.0.1 device model of a station (ADR 058 addendum), written by the ocpp worker from
 * NotifyReport and SetVariables answers and read by the 2.0.1 GetConfiguration (commands-201.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DeviceVariableRow } from '../../domain/ocpp/device-model';
import type { Db } from '../db';
import { stationDeviceVariables as t } from '../schema';

/** 19 values a row; D1 binds at most 100 per statement. */
const ROWS_PER_STATEMENT = 5;

/** Stores the reported attributes: one row per (station, key, attribute type), the newest report wins. */
export async function saveDeviceVariables(
  db: Db,
  stationId: number,
  rows: readonly DeviceVariableRow[],
  requestId: number,
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT).map((r) => ({ ...r, stationId, requestId, reportedAt: at }));
    statements.push(
      db
        .insert(t)
        .values(chunk)
        .onConflictDoUpdate({
          target: [t.stationId, t.key, t.attributeType],
          set: {
            value: sql`excluded.value`,
            mutability: sql`excluded.mutability`,
            persistent: sql`excluded.persistent`,
            constant: sql`excluded.constant`,
            dataType: sql`excluded.data_type`,
            unit: sql`excluded.unit`,
            minLimit: sql`excluded.min_limit`,
            maxLimit: sql`excluded.max_limit`,
            valuesList: sql`excluded.values_list`,
            requestId: sql`excluded.request_id`,
            reportedAt: sql`excluded.reported_at`,
          },
        }),
    );
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** The Actual attributes of the station's variables: all of them, or those of `keys`. */
export function actualVariables(db: Db, stationId: number, keys?: readonly string[]) {
  return db
    .select({ key: t.key, value: t.value, mutability: t.mutability })
    .from(t)
    .where(
      and(
        eq(t.stationId, stationId),
        eq(t.attributeType, 'Actual'),
        keys && keys.length > 0 ? inArray(t.key, [...keys]) : undefined,
      ),
    )
    .orderBy(t.key);
}

/** A value the station accepted through SetVariables, so the stored model says what it now holds. */
export async function setVariableValue(
  db: Db,
  stationId: number,
  key: string,
  attributeType: string,
  value: string,
  at: Date,
): Promise<void> {
  await db
    .update(t)
    .set({ value, reportedAt: at })
    .where(and(eq(t.stationId, stationId), eq(t.key, key), eq(t.attributeType, attributeType)));
}
