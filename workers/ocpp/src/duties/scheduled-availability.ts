/**
 * @module Scheduled ChangeAvailability (ADR 027): entries stored by the API's RPC, sent by the
 * object's alarm when due, their answers kept and written to the customer-service log (a failed
 * write is retried at a later alarm, LOG_RETRY_MS).
 */
import type { openDb } from '@db/db';
import { recordScheduledAvailability } from '@db/queries/scheduled-availability.store';
import {
  type AvailabilityType,
  MAX_WAITING_SCHEDULES,
  type ScheduledAvailability,
  Schedules,
} from '../storage/schedules';
import { type CommandResult, checkCommand, DEFAULT_COMMAND_TIMEOUT_MS } from '../transport/outbound';

/** A fired schedule whose customer-service log row could not be written is retried this much later. */
export const LOG_RETRY_MS = 60_000;

/** What `schedule` answers: the stored entry, or why nothing was stored. */
export type ScheduleAnswer =
  | { ok: true; schedule: ScheduledAvailability }
  | { ok: false; reason: 'invalid' | 'past' | 'full'; description: string };

export interface ScheduleInput {
  stationId: number;
  connectorId: number;
  type: AvailabilityType;
  dueAt: number;
  userId: number;
}

type Send = (action: string, payload: unknown, timeoutMs: number) => Promise<CommandResult>;

export class ScheduledAvailabilityDuty {
  private readonly schedules: Schedules;

  constructor(sql: SqlStorage) {
    this.schedules = new Schedules(sql);
  }

  /** The payload is checked against the OCPP schema now, not when due. */
  schedule(input: ScheduleInput, now: number): ScheduleAnswer {
    const invalid = checkCommand('ChangeAvailability', { connectorId: input.connectorId, type: input.type });
    if (invalid?.status === 'rejected') return { ok: false, reason: 'invalid', description: invalid.description };
    if (input.connectorId < 0) return { ok: false, reason: 'invalid', description: 'Connector numbers are 0 or more' };
    if (!Number.isFinite(input.dueAt) || input.dueAt <= now) {
      return { ok: false, reason: 'past', description: 'The time must be in the future' };
    }
    if (this.schedules.waitingCount() >= MAX_WAITING_SCHEDULES) {
      return { ok: false, reason: 'full', description: `At most ${MAX_WAITING_SCHEDULES} waiting changes per station` };
    }
    const schedule = this.schedules.add({
      stationId: input.stationId,
      connectorId: input.connectorId,
      type: input.type,
      dueAt: input.dueAt,
      createdAt: now,
      createdBy: input.userId,
    });
    return { ok: true, schedule };
  }

  /** The waiting entries (soonest first) and the last fired or cancelled ones (latest first). */
  list(): ScheduledAvailability[] {
    return this.schedules.list();
  }

  /** Cancels a waiting entry: the entry as it now is (null for an unknown id), and whether this call cancelled it. */
  cancel(id: number, userId: number, now: number): { cancelled: boolean; schedule: ScheduledAvailability | null } {
    const cancelled = this.schedules.cancel(id, userId, now);
    return { cancelled, schedule: this.schedules.byId(id) };
  }

  /** When the alarm must next fire for this duty: the next due entry, or a log retry. */
  nextDue(now: number): number | null {
    const due = this.schedules.nextDue();
    if (this.schedules.unlogged().length === 0) return due;
    return due === null ? now + LOG_RETRY_MS : Math.min(due, now + LOG_RETRY_MS);
  }

  /**
   * Sends every entry due by `now`, one after the other, and keeps each answer. A station offline at
   * that moment gets nothing: the entry fails as offline and is logged so (never sent later, ADR 027).
   * An eviction between the send and the stored answer sends it again at the next alarm
   * (ChangeAvailability is idempotent).
   */
  async fire(now: number, send: Send): Promise<void> {
    for (const s of this.schedules.due(now)) {
      const outcome = await send(
        'ChangeAvailability',
        { connectorId: s.connectorId, type: s.type },
        DEFAULT_COMMAND_TIMEOUT_MS,
      );
      this.schedules.fired(s.id, Date.now(), outcome);
    }
  }

  /** Writes the customer-service log row of each fired entry; a failed write is retried at a later alarm. */
  async logFired(db: ReturnType<typeof openDb>): Promise<void> {
    for (const s of this.schedules.unlogged()) {
      try {
        await recordScheduledAvailability(db, {
          scheduleId: s.id,
          stationId: s.stationId,
          connectorId: s.connectorId,
          type: s.type,
          dueAt: s.dueAt,
          createdAt: s.createdAt,
          createdBy: s.createdBy,
          firedAt: s.firedAt ?? s.dueAt,
          outcome: s.outcome ?? { status: 'offline' },
        });
        this.schedules.markLogged(s.id);
      } catch (error) {
        console.warn('[ocpp] scheduled availability not logged yet', error);
        return;
      }
    }
  }
}
