/**
 * @module Push kind `command_result` (ADR 057 addendum "Tokens and commands"): the CommandResult of a
 * command, from the charge point's real answer, POSTed to the eMSP's `response_url` as it was made
 * (payload `{ url, result }`), through the outbox: retried until the partner takes it or refuses it for good.
 */
import { CommandResult } from '@domain/ocpi/commands';
import type { PartyRef } from '@domain/ocpi/transport';
import { callPartner, pushOutcome, registerPushKind } from './ocpi.outbox';

export interface CommandResultPush {
  url: string;
  result: CommandResult;
  /** The party behind a hub that sent the command (its OCPI-from-* headers). */
  to?: PartyRef;
}

registerPushKind('command_result', async ({ db, env, peering, payload }) => {
  const p = payload as CommandResultPush | null;
  if (!p?.url || !CommandResult.safeParse(p.result).success)
    return { error: 'command_result without a valid payload', permanent: true };
  const sent = await callPartner(db, env, peering, {
    method: 'POST',
    url: p.url,
    body: p.result,
    ...(p.to ? { to: p.to } : {}),
  });
  return pushOutcome(sent);
});
