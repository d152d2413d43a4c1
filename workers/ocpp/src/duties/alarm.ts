/**
 * @module The ChargePoint object's one alarm, always set to the earliest due time of its duties: the
 * heartbeat timeout (two intervals after the last frame) and the others (scheduled availability,
 * certificate delivery, a log retry), whose earliest due time is kept in DUTY_DUE so that a wake can
 * move the heartbeat alarm later without reading their tables (ADR 034, fifth addendum).
 */
import { DUTY_DUE, type Store } from '../storage/store';

export interface AlarmDuties {
  /** When the heartbeat timeout is due; null when it cannot happen (socket closed, or already timed out). */
  heartbeatDue(): number | null;
  /** Two heartbeat intervals in ms. */
  offlineAfterMs(): number;
  /** The due times of the other duties, read from their tables (null: nothing waiting). */
  otherDue(now: number): (number | null)[];
}

export class Alarm {
  /** Whether the heartbeat-timeout alarm is known to be set (checked once per object life). */
  armed = false;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly store: Store,
    private readonly duties: AlarmDuties,
  ) {}

  /**
   * Once per object life (at the upgrade, and at the first frame after a wake): the heartbeat timeout
   * is due two intervals from now, or the earliest other duty comes first. The alarm is brought
   * forward to that time, and moved later once less than one interval of it is left, so a station
   * that keeps talking is never woken by its alarm: left at its first time, the alarm of a station
   * heard every interval woke it about every 1.5 intervals, four wakes in ten (ADR 034, fifth
   * addendum). A write about once per interval, not once per wake; the read is workerd's cached copy.
   */
  async armHeartbeat(now: number): Promise<void> {
    const window = this.duties.offlineAfterMs();
    const duty = this.dutyDue();
    const due = duty !== null && duty < now + window ? duty : now + window;
    const current = await this.storage.getAlarm();
    if (current === null || current > due || (current < now + window / 2 && current !== due)) {
      await this.storage.setAlarm(due);
    }
    this.armed = true;
  }

  /** A duty other than the heartbeat timeout is due at `due`: kept in DUTY_DUE, and the alarm fires by then. */
  async armDuty(due: number): Promise<void> {
    const known = this.dutyDue();
    if (known === null || due < known) this.store.put(DUTY_DUE, due);
    await this.fireBy(due);
  }

  /** Makes sure the alarm fires by `due`: sets it unless one is already set earlier. */
  async fireBy(due: number): Promise<void> {
    const current = await this.storage.getAlarm();
    if (current === null || current > due) await this.storage.setAlarm(due);
  }

  /** Sets the alarm to the earliest of the object's due times (computed afresh: called from the alarm). */
  async setNext(): Promise<void> {
    const heartbeat = this.duties.heartbeatDue();
    const duty = this.computeDutyDue();
    const next = heartbeat === null ? duty : duty === null ? heartbeat : Math.min(heartbeat, duty);
    if (next !== null) await this.storage.setAlarm(next);
    this.armed = heartbeat !== null;
  }

  /** The earliest due time of the duties other than the heartbeat timeout, from their tables; kept in DUTY_DUE. */
  private computeDutyDue(): number | null {
    const duties = this.duties.otherDue(Date.now()).filter((t): t is number => t !== null);
    const due = duties.length > 0 ? Math.min(...duties) : null;
    this.store.put(DUTY_DUE, due ?? 'none');
    return due;
  }

  /** DUTY_DUE as kept; computed once in an object's existence, when it was never kept. */
  private dutyDue(): number | null {
    const kept = this.store.get(DUTY_DUE);
    if (kept === null) return this.computeDutyDue();
    return kept === 'none' ? null : kept;
  }
}
