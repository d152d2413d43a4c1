/** @module The back office's CALLs still awaiting the charge point's answer (table `pending_calls`). */
import type { SqlHost } from './schema';

export interface PendingCall {
  messageId: string;
  action: string;
  sentAt: number;
  timeoutAt: number;
}

type Row = Record<string, SqlStorageValue>;

export class PendingCallTable {
  constructor(private readonly host: SqlHost) {}

  /**
   * Calls of an earlier object life whose timeout passed (nobody waits for them any more) go when
   * the next call is added, and are never listed: no statement per wake for them.
   */
  add(c: PendingCall, payload: unknown): void {
    this.host.sql.exec('DELETE FROM pending_calls WHERE timeout_at < ?', c.sentAt);
    this.host.sql.exec(
      'INSERT OR REPLACE INTO pending_calls (message_id, action, payload, sent_at, timeout_at) VALUES (?, ?, ?, ?, ?)',
      c.messageId,
      c.action,
      JSON.stringify(payload),
      c.sentAt,
      c.timeoutAt,
    );
  }

  /** The action and request of a call still awaiting its answer (for the frame log). */
  get(messageId: string): { action: string; payload: unknown } | null {
    const row = this.host.sql
      .exec<{ action: string; payload: string }>(
        'SELECT action, payload FROM pending_calls WHERE message_id = ?',
        messageId,
      )
      .toArray()[0];
    return row ? { action: String(row.action), payload: JSON.parse(String(row.payload)) } : null;
  }

  /** Removes the pending call and says whether there was one. */
  take(messageId: string): PendingCall | null {
    const row = this.host.sql.exec<Row>('SELECT * FROM pending_calls WHERE message_id = ?', messageId).toArray()[0];
    if (!row) return null;
    this.host.sql.exec('DELETE FROM pending_calls WHERE message_id = ?', messageId);
    return {
      messageId: String(row.message_id),
      action: String(row.action),
      sentAt: Number(row.sent_at),
      timeoutAt: Number(row.timeout_at),
    };
  }

  /** The calls whose timeout has not passed, oldest first. */
  list(): PendingCall[] {
    return this.host.sql
      .exec<Row>(
        'SELECT message_id, action, sent_at, timeout_at FROM pending_calls WHERE timeout_at >= ? ORDER BY sent_at',
        Date.now(),
      )
      .toArray()
      .map((r) => ({
        messageId: String(r.message_id),
        action: String(r.action),
        sentAt: Number(r.sent_at),
        timeoutAt: Number(r.timeout_at),
      }));
  }
}
