/**
 * @module The command sender: every CALL the back office sends this charge point (the API's, and
 * the object's own: limit stops, scheduled availability, certificate delivery) goes out here, through
 * the outbox (one outstanding CALL at a time, its answer awaited as a pending call), so what an
 * accepted command changes in the object is applied whoever sent it.
 */
import type { Liveness } from '../duties/heartbeat-timeout';
import { isChargePointOnlyAction } from '../handlers';
import { dropRemoteStart, recordRemoteStart } from '../handlers/remote-start';
import { noteReservationCommand } from '../handlers/reservations';
import { noteOperatorProfile } from '../load/operator-profiles';
import { connectorOf, type ObjectParts } from '../object-parts';
import { translateCommand } from './commands-201';
import { type CommandResult, checkCommand, DEFAULT_COMMAND_TIMEOUT_MS, Outbox } from './outbound';

export class CommandSender {
  /** The CALLs out and their pending answers; the dispatcher hands it the charge point's answers. */
  readonly outbox: Outbox;

  constructor(
    private readonly parts: ObjectParts,
    private readonly liveness: Liveness,
    /** Brings the object's alarm forward to `at` (the heartbeat timeout after a shorter interval). */
    private readonly fireBy: (at: number) => Promise<void>,
  ) {
    this.outbox = new Outbox(
      parts.store,
      () => parts.newestSocket(),
      (id, action, payload, frame) =>
        parts.frames.write({
          at: Date.now(),
          direction: 'out',
          messageType: 2,
          messageId: id,
          action,
          connectorId: connectorOf(payload),
          errorCode: null,
          eventType: 'Command',
          frame,
        }),
      () => parts.registration.version,
    );
  }

  /**
   * The command API's send: refuses what only charge points send and payloads the OCPP schema
   * rejects, then waits `timeoutMs` (or the default) for the answer.
   */
  command(action: string, payload: unknown, timeoutMs?: number): Promise<CommandResult> {
    const version = this.parts.registration.version;
    if (isChargePointOnlyAction(action, version)) {
      return Promise.resolve({
        status: 'rejected',
        code: 'NotSupported',
        description: `${action} is sent by charge points`,
      });
    }
    // On a 2.0.1 connection, send() checks the payload as it translates it.
    const invalid = version === 'ocpp1.6' ? checkCommand(action, payload) : null;
    if (invalid) return Promise.resolve(invalid);
    const wait = timeoutMs !== undefined && timeoutMs > 0 ? timeoutMs : DEFAULT_COMMAND_TIMEOUT_MS;
    return this.send(action, payload, wait);
  }

  /**
   * Sends a CALL on the newest socket: the answer, 'timeout' after `timeoutMs`, or 'offline' at once.
   * Commands are named and shaped as in 1.6; a 2.0.1 connection gets their 2.0.1 form (commands-201.ts).
   */
  async send(
    action: string,
    payload: unknown,
    timeoutMs: number,
    onSent?: (messageId: string) => void,
  ): Promise<CommandResult> {
    if (action !== 'RemoteStartTransaction') {
      const outcome = await this.sendInVersion(action, payload, timeoutMs, onSent);
      if (action === 'ChangeConfiguration') await this.configurationChanged(payload, outcome);
      noteReservationCommand(this.parts.store, action, payload, outcome);
      noteOperatorProfile(this.parts.store, action, payload, outcome);
      return outcome;
    }
    // Remembered as it goes out: the StartTransaction it causes may come before its answer.
    let sentId: string | null = null;
    const outcome = await this.sendInVersion(action, payload, timeoutMs, (id) => {
      sentId = id;
      recordRemoteStart(this.parts.store, id, payload, Date.now());
      onSent?.(id);
    });
    const accepted = outcome.status === 'accepted' && (outcome.reply as { status?: unknown })?.status === 'Accepted';
    if (sentId !== null && !accepted) dropRemoteStart(this.parts.store, sentId, Date.now());
    return outcome;
  }

  private async sendInVersion(
    action: string,
    payload: unknown,
    timeoutMs: number,
    onSent?: (messageId: string) => void,
  ): Promise<CommandResult> {
    if (this.parts.registration.version === 'ocpp1.6') return this.outbox.send(action, payload, timeoutMs, onSent);
    const access = { db: this.parts.db(), stationId: this.parts.registration.stationId };
    const translated = await translateCommand(this.parts.store, access, action, payload);
    if (!translated.ok) return translated.result;
    const { translation } = translated;
    const outcome = await this.outbox.send(translation.action, translation.payload, timeoutMs, onSent);
    if (outcome.status !== 'accepted') return outcome;
    const reply = translation.reply(outcome.reply);
    await translation.after?.();
    return { status: 'accepted', reply };
  }

  /**
   * A ChangeConfiguration of HeartbeatInterval the charge point Accepted: the heartbeat timeout
   * counts with the new interval from now on, and the alarm is brought forward when it shrank.
   * (RebootRequired applies only after a reboot, whose BootNotification sets the interval again.)
   */
  private async configurationChanged(payload: unknown, outcome: CommandResult): Promise<void> {
    if (outcome.status !== 'accepted') return;
    const { key, value } = payload as { key?: unknown; value?: unknown };
    if (typeof key !== 'string' || key.toLowerCase() !== 'heartbeatinterval') return;
    if ((outcome.reply as { status?: unknown } | null)?.status !== 'Accepted') return;
    const seconds = typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : 0;
    if (seconds <= 0) return;
    const at = Date.now();
    this.parts.store.put('heartbeatInterval', seconds);
    this.parts.frames.event(
      'HeartbeatIntervalChanged',
      { interval: seconds, offlineAfterMs: this.liveness.offlineAfterMs() },
      at,
    );
    const due = this.liveness.heartbeatDue();
    if (due !== null) await this.fireBy(due);
  }
}
