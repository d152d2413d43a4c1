/**
 * @module Sends a new AuthorizationKey with the hand-over of ADR 014: the new password is stored hashed
 * as pending before ChangeConfiguration goes out (so the charge point's reconnect with it is already
 * accepted), promoted when the charge point accepts it, kept pending after a timeout (its first use
 * promotes it), dropped when refused. Used by `POST stations/{uid}/password` and by the verbatim
 * `commands/ChangeConfiguration` of the key. The value never reaches the log.
 */

import type { AppEnv } from '@api/env';
import { type Dispatched, dispatchCommand } from '@api/lib/charge-point-command';
import type { Station } from '@api/lib/station-scope';
import { hashPassword } from '@domain/identity/password';
import type { Context } from 'hono';
import { dropPendingKey, promotePendingKey, setPendingKey } from './credentials.store';

export type KeyOutcome = 'replaced' | 'pending' | 'unchanged';

export async function handOverAuthorizationKey(
  c: Context<AppEnv>,
  station: Station,
  key: {
    /** The configuration value as the charge point receives it. */
    value: string;
    /** The basic-auth password the charge point will use once it accepts `value`. */
    password: string;
    /** Not connected (nothing sent): replace the password at once, or keep the current one. */
    whenOffline: 'replace' | 'keep';
  },
): Promise<{ sent: Dispatched; password: KeyOutcome }> {
  const db = c.get('db');
  const hash = await hashPassword(key.password);
  await setPendingKey(db, station.id, hash);
  const sent = await dispatchCommand(
    c,
    { station, connector: null },
    'ChangeConfiguration',
    { key: 'AuthorizationKey', value: key.value },
    { key: 'AuthorizationKey', value: '(hidden)' },
  );
  const accepted = sent.replyStatus === 'Accepted' || sent.replyStatus === 'RebootRequired';
  if (accepted || (sent.outcome.status === 'offline' && key.whenOffline === 'replace')) {
    // False when a newer request replaced the pending key meanwhile: that one decides.
    return { sent, password: (await promotePendingKey(db, station.id, hash)) ? 'replaced' : 'unchanged' };
  }
  if (sent.outcome.status === 'timeout') return { sent, password: 'pending' };
  await dropPendingKey(db, station.id, hash);
  return { sent, password: 'unchanged' };
}
