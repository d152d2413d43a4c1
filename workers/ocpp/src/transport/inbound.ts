/**
 * @module Answers one CALL from the charge point: validate the request, run the action's handler,
 * validate the reply. Every CALL gets exactly one frame back, whatever goes wrong.
 */
import type { HandlerContext } from '../context';
import { handlerFor } from '../handlers';
import { errorFrame, resultFrame } from './frames';
import { hasSchema, validatePayload } from './validation';

export async function answerCall(ctx: HandlerContext, id: string, action: string, payload: unknown): Promise<string> {
  const handler = handlerFor(ctx.version, action);
  if (!handler) {
    // An action of the version we do not receive (a central-system one, or not handled yet) is known
    // to OCPP but not supported here; anything else is unknown.
    return hasSchema(action, 'req', ctx.version)
      ? errorFrame(id, 'NotSupported', `${action} is not received by this central system`)
      : errorFrame(id, 'NotImplemented', `Unknown action ${action}`);
  }
  const request = validatePayload(action, 'req', payload, ctx.version);
  if (!request.ok) return errorFrame(id, request.code, request.description);
  let reply: unknown;
  try {
    reply = await handler(ctx, payload);
  } catch (err) {
    console.error(`[ocpp] ${ctx.identity}: ${action} failed`, err);
    return errorFrame(id, 'InternalError', `${action} could not be processed; retry later`);
  }
  const check = validatePayload(action, 'conf', reply, ctx.version);
  if (!check.ok) {
    // Our own bug: better an honest InternalError than a reply a strict charge point rejects.
    console.error(`[ocpp] ${ctx.identity}: ${action} reply breaks the schema: ${check.description}`);
    return errorFrame(id, 'InternalError', `${action} reply could not be built`);
  }
  return resultFrame(id, reply);
}
