/** @module The MeterValues samples the object keeps: a transaction's until it closes, the free ones capped (table `meter_messages`). */
import type { MeterSample } from '@domain/ocpp/meter-values';
import type { SqlHost } from './schema';

/** MeterValues outside any transaction are kept for diagnosis, but only the latest ones (about 2,000 samples). */
const MAX_FREE_MESSAGES = 200;
/** Free MeterValues written between two prunes of the free ones. */
const FREE_PRUNE_EVERY = 16;

/** A stored sample: [at, measurand, phase, context, location, unit, format, value]; a time that did not parse is null. */
type SampleRow = [number | null, string, string | null, string, string, string, string, string];

export class MeterMessageTable {
  /** Free samples written since the last prune in this object life. */
  private freeSincePrune = 0;

  constructor(private readonly host: SqlHost) {}

  /**
   * One row per MeterValues whatever its number of samples: the samples as one JSON array, parsed
   * only when the power curve is read (`samples`). One table write and one index write per message.
   */
  add(connectorId: number, transactionId: number | null, samples: readonly MeterSample[]): void {
    if (samples.length === 0) return;
    const rows = JSON.stringify(
      samples.map((s) => [s.at, s.measurand, s.phase, s.context, s.location, s.unit, s.format, s.value]),
    );
    const insert = 'INSERT INTO meter_messages (transaction_id, connector_id, samples) VALUES (?, ?, ?)';
    if (transactionId !== null) {
      this.host.sql.exec(insert, transactionId, connectorId, rows);
      return;
    }
    const { id } = this.host.sql.exec<{ id: number }>(`${insert} RETURNING id`, null, connectorId, rows).one();
    // The cap on free messages is enforced every FREE_PRUNE_EVERY free messages, not per message.
    // Counted in memory within an object life, and by id across lives (a free message whose id is a
    // multiple of FREE_PRUNE_EVERY): a hibernating object wakes with a fresh counter. Ids are dense
    // (only the oldest rows of a kind are deleted, the newest id stays), so a station whose messages
    // are all free prunes exactly every FREE_PRUNE_EVERY; with transactions in between, the in-memory
    // count still bounds an object life. The prune walks the transaction index, never the table.
    this.freeSincePrune++;
    if (this.freeSincePrune < FREE_PRUNE_EVERY && id % FREE_PRUNE_EVERY !== 0) return;
    this.freeSincePrune = 0;
    this.host.sql.exec(
      `DELETE FROM meter_messages WHERE transaction_id IS NULL AND id <=
       (SELECT id FROM meter_messages WHERE transaction_id IS NULL ORDER BY id DESC LIMIT 1 OFFSET ?)`,
      MAX_FREE_MESSAGES,
    );
  }

  /** The samples of a transaction (null: the free ones), by time, in the order received within a time. */
  samples(transactionId: number | null): MeterSample[] {
    const rows = this.host.sql
      .exec<{ samples: string }>(
        'SELECT samples FROM meter_messages WHERE transaction_id IS ? ORDER BY id',
        transactionId,
      )
      .toArray();
    const out: MeterSample[] = [];
    for (const r of rows) {
      for (const [at, measurand, phase, context, location, unit, format, value] of JSON.parse(
        r.samples,
      ) as SampleRow[]) {
        out.push({ at: at ?? Number.NaN, measurand, phase, context, location, unit, format, value });
      }
    }
    // Stable: samples of one time keep their order of arrival (as `ORDER BY at, id` did).
    return out.sort((a, b) => (Number.isNaN(a.at) ? 0 : a.at) - (Number.isNaN(b.at) ? 0 : b.at));
  }
}
