/**
 * @module OCPI 2.2.1 commands module (mod_commands.asciidoc) as zod schemas, and the pure mapping of
 * a charge point's OCPP answer to the CommandResult the eMSP receives at its `response_url`.
 */
import { z } from 'zod';
import { ciString, ocpiDateTime, ocpiUrl } from './schemas';
import { DisplayText, Token } from './tokens';

export const CommandType = z.enum([
  'CANCEL_RESERVATION',
  'RESERVE_NOW',
  'START_SESSION',
  'STOP_SESSION',
  'UNLOCK_CONNECTOR',
]);
export const CommandResponseType = z.enum(['NOT_SUPPORTED', 'REJECTED', 'ACCEPTED', 'UNKNOWN_SESSION']);
export const CommandResultType = z.enum([
  'ACCEPTED',
  'CANCELED_RESERVATION',
  'EVSE_OCCUPIED',
  'EVSE_INOPERATIVE',
  'FAILED',
  'NOT_SUPPORTED',
  'REJECTED',
  'TIMEOUT',
  'UNKNOWN_RESERVATION',
]);
const id36 = ciString(36).min(1);

export const CancelReservation = z.object({ response_url: ocpiUrl, reservation_id: id36 });
export const ReserveNow = z.object({
  response_url: ocpiUrl,
  token: Token,
  expiry_date: ocpiDateTime,
  reservation_id: id36,
  location_id: id36,
  evse_uid: id36.optional(),
  authorization_reference: id36.optional(),
});
export const StartSession = z.object({
  response_url: ocpiUrl,
  token: Token,
  location_id: id36,
  evse_uid: id36.optional(),
  connector_id: id36.optional(),
  authorization_reference: id36.optional(),
});
export const StopSession = z.object({ response_url: ocpiUrl, session_id: id36 });
export const UnlockConnector = z.object({
  response_url: ocpiUrl,
  location_id: id36,
  evse_uid: id36,
  connector_id: id36,
});
export const CommandResponse = z.object({
  result: CommandResponseType,
  timeout: z.number().int().nonnegative(),
  message: z.array(DisplayText).optional(),
});
export const CommandResult = z.object({
  result: CommandResultType,
  message: z.array(DisplayText).optional(),
});

/** The request body of each command. */
export const COMMAND_BODIES = {
  CANCEL_RESERVATION: CancelReservation,
  RESERVE_NOW: ReserveNow,
  START_SESSION: StartSession,
  STOP_SESSION: StopSession,
  UNLOCK_CONNECTOR: UnlockConnector,
} as const;

export type CommandType = z.infer<typeof CommandType>;
export type CommandResponseType = z.infer<typeof CommandResponseType>;
export type CommandResultType = z.infer<typeof CommandResultType>;
export type StartSession = z.infer<typeof StartSession>;
export type StopSession = z.infer<typeof StopSession>;
export type UnlockConnector = z.infer<typeof UnlockConnector>;
export type ReserveNow = z.infer<typeof ReserveNow>;
export type CancelReservation = z.infer<typeof CancelReservation>;
export type CommandResponse = z.infer<typeof CommandResponse>;
export type CommandResult = z.infer<typeof CommandResult>;

/** How an OCPP command ended at the charge point (the object's CommandResult, summarised). */
export type OcppOutcome =
  | { status: 'accepted'; replyStatus: string | null }
  | { status: 'offline' }
  | { status: 'timeout' }
  | { status: 'rejected'; code: string };

/**
 * The CommandResult of an OCPP answer: Accepted / Unlocked → ACCEPTED; Rejected / UnlockFailed /
 * NotSupported / Occupied / Faulted / Unavailable as the spec names them; no answer in time → TIMEOUT;
 * the station offline or a CALLERROR → FAILED (NOT_SUPPORTED for NotImplemented / NotSupported).
 */
export function commandResultOf(outcome: OcppOutcome): CommandResult {
  const text = (t: string): CommandResult['message'] => [{ language: 'en', text: t }];
  switch (outcome.status) {
    case 'timeout':
      return { result: 'TIMEOUT', message: text('The charge point did not answer in time') };
    case 'offline':
      return { result: 'FAILED', message: text('The charge point is offline') };
    case 'rejected':
      return outcome.code === 'NotImplemented' || outcome.code === 'NotSupported'
        ? { result: 'NOT_SUPPORTED', message: text(`The charge point answered ${outcome.code}`) }
        : { result: 'FAILED', message: text(`The charge point answered ${outcome.code}`) };
    case 'accepted': {
      const status = outcome.replyStatus ?? 'Accepted';
      const map: Record<string, CommandResultType> = {
        Accepted: 'ACCEPTED',
        Unlocked: 'ACCEPTED',
        Rejected: 'REJECTED',
        UnlockFailed: 'FAILED',
        OngoingAuthorizedTransaction: 'EVSE_OCCUPIED',
        NotSupported: 'NOT_SUPPORTED',
        Occupied: 'EVSE_OCCUPIED',
        Faulted: 'EVSE_INOPERATIVE',
        Unavailable: 'EVSE_INOPERATIVE',
        UnknownConnector: 'FAILED',
      };
      const result = map[status] ?? 'FAILED';
      return result === 'ACCEPTED' ? { result } : { result, message: text(`The charge point answered ${status}`) };
    }
  }
}
