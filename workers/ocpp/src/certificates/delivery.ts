/**
 * @module CertificateSigned delivery that survives the object's eviction (ADR 014, addendum 2). The
 * issued record is stored Pending with a deadline and the object's alarm is set to it before
 * SignCertificate is answered; then:
 * - the charge point's answer (or the outbox's timeout / offline) settles it in the same object life;
 * - a restart (deploy, reset, crash: the object's memory and its sockets are lost) before
 *   CertificateSigned went out: the alarm sends it then, once, if the charge point has reconnected,
 *   or records it Offline, saying why;
 * - a restart after it went out (its answer can no longer arrive: the socket went with the object):
 *   the alarm records Timeout, saying why.
 * A hibernation eviction cannot come in between: the awaited answer keeps the object in memory.
 * No record stays Pending past its deadline.
 */

import type { Store } from '../storage/store';
import { type CommandResult, DEFAULT_COMMAND_TIMEOUT_MS } from '../transport/outbound';
import { deliveryStatus, type IssuedRecord, issuedBySerial, issuedCertificates, updateIssued } from './issued';

/** The alarm settles a delivery this long after its command timeout, so a live wait always ends first. */
export const DELIVERY_GRACE_MS = 5_000;

export type SendWithId = (
  action: string,
  payload: unknown,
  timeoutMs: number,
  onSent: (messageId: string) => void,
) => Promise<CommandResult>;

export function deliveryDeadline(now: number): number {
  return now + DEFAULT_COMMAND_TIMEOUT_MS + DELIVERY_GRACE_MS;
}

/** What CertificateSigned carries: the leaf, then the configured chain (as issue.ts builds it). */
export function certificateChain(record: IssuedRecord, env: Env): string | null {
  const chain = env.OCPP_CA_CERTIFICATE_CHAIN?.trim();
  return chain ? `${record.certificate}${chain}\n` : null;
}

export class CertificateDelivery {
  /** Serials whose CertificateSigned this object life is sending or awaiting; the alarm leaves them be. */
  private readonly active = new Set<string>();

  constructor(
    private readonly store: Store,
    private readonly env: Env,
    private readonly send: SendWithId,
    private readonly connected: () => boolean,
  ) {}

  /** Sends the record's CertificateSigned and records the answer (the record must be Pending). */
  async deliver(serial: string): Promise<void> {
    const record = issuedBySerial(this.store, serial);
    if (record?.status !== 'Pending' || this.active.has(serial)) return;
    const chain = certificateChain(record, this.env);
    if (chain === null) {
      this.settle(serial, { status: 'Error', error: 'Not sent: OCPP_CA_CERTIFICATE_CHAIN is no longer configured' });
      return;
    }
    this.active.add(serial);
    try {
      const result = await this.send(
        'CertificateSigned',
        { certificateChain: chain },
        DEFAULT_COMMAND_TIMEOUT_MS,
        (id) => updateIssued(this.store, serial, { messageId: id, sentAt: new Date().toISOString() }),
      );
      this.settle(serial, deliveryStatus(result));
    } finally {
      this.active.delete(serial);
    }
  }

  /** The earliest deadline of a Pending delivery, for the object's alarm. */
  nextDue(): number | null {
    const due = issuedCertificates(this.store)
      .filter((r) => r.status === 'Pending' && r.deliverBy !== null)
      .map((r) => r.deliverBy as number);
    return due.length > 0 ? Math.min(...due) : null;
  }

  /** From the alarm: settles or retries each overdue delivery that no wait of this object life covers. */
  async overdue(now: number): Promise<void> {
    const late = issuedCertificates(this.store).filter(
      (r) => r.status === 'Pending' && (r.deliverBy ?? 0) <= now && !this.active.has(r.serial),
    );
    for (const r of late) {
      if (r.deliverBy === null) {
        // Stored before deadlines were kept: whether it was sent is unknown, so it is not sent again.
        this.settle(r.serial, {
          status: 'Timeout',
          error: 'No answer recorded (issued before delivery deadlines were kept)',
        });
      } else if (r.sentAt !== null) {
        this.settle(r.serial, {
          status: 'Timeout',
          error: `No answer recorded: the central system restarted while waiting for it (sent ${r.sentAt})`,
        });
      } else if (!this.connected()) {
        this.settle(r.serial, {
          status: 'Offline',
          error: 'Not sent: the central system restarted before sending it and the charge point is not connected',
        });
      } else {
        // Never sent (the object was evicted between the SignCertificate reply and the send): send it now.
        updateIssued(this.store, r.serial, { deliverBy: deliveryDeadline(now) });
        await this.deliver(r.serial);
      }
    }
  }

  private settle(serial: string, outcome: { status: IssuedRecord['status']; error: string | null }): void {
    updateIssued(this.store, serial, { ...outcome, answeredAt: new Date().toISOString(), deliverBy: null });
  }
}
