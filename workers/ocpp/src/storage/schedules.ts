/**
 * @module Scheduled ChangeAvailability commands in the ChargePoint object's SQLite: what is due when,
 * who asked, and once fired the charge point's answer and whether the customer-service log has it.
 */
import type { CommandOutcome } from '@domain/ocpp/command-outcome';

export type AvailabilityType = 'Operative' | 'Inoperative';
export type ScheduleState = 'scheduled' | 'fired' | 'cancelled';

export interface ScheduledAvailability {
  id: number;
  stationId: number;
  /** OCPP connector number; 0 is the whole station. */
  connectorId: number;
  type: AvailabilityType;
  dueAt: number;
  createdAt: number;
  /** D1 users.id of who scheduled it (the customer-service log's user when it fires). */
  createdBy: number;
  state: ScheduleState;
  firedAt: number | null;
  outcome: CommandOutcome | null;
  /** The fired command's customer-service log row is written. */
  logged: boolean;
  cancelledBy: number | null;
  cancelledAt: number | null;
}

/** Fired and cancelled entries kept for the maintenance page; older ones are dropped. */
export const MAX_FINISHED_SCHEDULES = 50;
/** Waiting entries per station: a bound on what one object's alarm has to send. */
export const MAX_WAITING_SCHEDULES = 100;

type Row = Record<string, SqlStorageValue>;

export class Schedules {
  constructor(private readonly sql: SqlStorage) {}

  add(s: Pick<ScheduledAvailability, 'stationId' | 'connectorId' | 'type' | 'dueAt' | 'createdAt' | 'createdBy'>) {
    const { id } = this.sql
      .exec<{ id: number }>(
        `INSERT INTO scheduled_availability (station_id, connector_id, type, due_at, created_at, created_by)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
        s.stationId,
        s.connectorId,
        s.type,
        s.dueAt,
        s.createdAt,
        s.createdBy,
      )
      .one();
    return this.byId(Number(id)) as ScheduledAvailability;
  }

  byId(id: number): ScheduledAvailability | null {
    const row = this.sql.exec<Row>('SELECT * FROM scheduled_availability WHERE id = ?', id).toArray()[0];
    return row ? toSchedule(row) : null;
  }

  waitingCount(): number {
    return Number(
      this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM scheduled_availability WHERE state = 'scheduled'").one()
        .n,
    );
  }

  /** Waiting ones first (soonest first), then the finished ones (latest first). */
  list(): ScheduledAvailability[] {
    return this.sql
      .exec<Row>(
        `SELECT * FROM scheduled_availability
         ORDER BY state = 'scheduled' DESC, CASE WHEN state = 'scheduled' THEN due_at ELSE -coalesce(fired_at, cancelled_at, due_at) END, id`,
      )
      .toArray()
      .map(toSchedule);
  }

  /** The earliest due time of a waiting entry, or null. */
  nextDue(): number | null {
    const row = this.sql
      .exec<{ due: number | null }>("SELECT min(due_at) AS due FROM scheduled_availability WHERE state = 'scheduled'")
      .one();
    return row.due === null ? null : Number(row.due);
  }

  due(now: number): ScheduledAvailability[] {
    return this.sql
      .exec<Row>(
        "SELECT * FROM scheduled_availability WHERE state = 'scheduled' AND due_at <= ? ORDER BY due_at, id",
        now,
      )
      .toArray()
      .map(toSchedule);
  }

  /** Fired entries whose customer-service log row could not be written yet. */
  unlogged(): ScheduledAvailability[] {
    return this.sql
      .exec<Row>("SELECT * FROM scheduled_availability WHERE state = 'fired' AND logged = 0 ORDER BY id")
      .toArray()
      .map(toSchedule);
  }

  fired(id: number, at: number, outcome: CommandOutcome): void {
    this.sql.exec(
      "UPDATE scheduled_availability SET state = 'fired', fired_at = ?, outcome = ? WHERE id = ? AND state = 'scheduled'",
      at,
      JSON.stringify(outcome),
      id,
    );
  }

  markLogged(id: number): void {
    this.sql.exec('UPDATE scheduled_availability SET logged = 1 WHERE id = ?', id);
    this.sql.exec(
      `DELETE FROM scheduled_availability WHERE state != 'scheduled' AND logged = 1 AND id NOT IN
       (SELECT id FROM scheduled_availability WHERE state != 'scheduled' ORDER BY id DESC LIMIT ?)`,
      MAX_FINISHED_SCHEDULES,
    );
  }

  /** Cancels a waiting entry; false when it is not waiting (already fired or cancelled, or unknown). */
  cancel(id: number, by: number, at: number): boolean {
    return (
      this.sql.exec(
        `UPDATE scheduled_availability SET state = 'cancelled', cancelled_by = ?, cancelled_at = ?, logged = 1
         WHERE id = ? AND state = 'scheduled'`,
        by,
        at,
        id,
      ).rowsWritten > 0
    );
  }
}

function toSchedule(r: Row): ScheduledAvailability {
  const num = (v: SqlStorageValue) => (v === null ? null : Number(v));
  return {
    id: Number(r.id),
    stationId: Number(r.station_id),
    connectorId: Number(r.connector_id),
    type: String(r.type) as AvailabilityType,
    dueAt: Number(r.due_at),
    createdAt: Number(r.created_at),
    createdBy: Number(r.created_by),
    state: String(r.state) as ScheduleState,
    firedAt: num(r.fired_at as SqlStorageValue),
    outcome: r.outcome ? (JSON.parse(String(r.outcome)) as CommandOutcome) : null,
    logged: Number(r.logged) === 1,
    cancelledBy: num(r.cancelled_by as SqlStorageValue),
    cancelledAt: num(r.cancelled_at as SqlStorageValue),
  };
}
