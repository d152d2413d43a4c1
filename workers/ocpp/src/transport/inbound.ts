/**
 * @module Answers one CALL from the charge point: validate the request, run the action's handler,
 * validate the reply. Every CALL gets exactly one frame back, whatever goes wrong.
 */
import type { HandlerContext } from '../context';
import { isInboundAction, v16 } from '../handlers';
import { errorFrame, resultFrame } from './frames';
import { hasSchema, validatePayload } from './validation';

type AnyHandler = (ctx: HandlerContext, payload: unknown) => Promise<unknown> | unknown;

export async function answerCall(ctx: HandlerContext, id: string, action: string, payload: unknown): Promise<string> {
  if (!isInboundAction(action)) {
    // A central-system action sent by a charge point is known to OCPP but not something we receive.
    return hasSchema(action, 'req')
      ? errorFrame(id, 'NotSupported', `${action} is sent by the central system, not to it`)
      : errorFrame(id, 'NotImplemented', `Unknown action ${action}`);
  }
  const request = validatePayload(action, 'req', payload);
  if (!request.ok) return errorFrame(id, request.code, request.description);
  let reply: unknown;
  try {
    reply = await (v16[action] as AnyHandler)(ctx, payload);
  } catch (err) {
    console.error(`[ocpp] ${ctx.identity}: ${action} failed`, err);
    return errorFrame(id, 'InternalError', `${action} could not be processed; retry later`);
  }
  const check = validatePayload(action, 'conf', reply);
  if (!check.ok) {
    // Our own bug: better an honest InternalError than a reply a strict charge point rejects.
    console.error(`[ocpp] ${ctx.identity}: ${action} reply breaks the schema: ${check.description}`);
    return errorFrame(id, 'InternalError', `${action} reply could not be built`);
  }
  return resultFrame(id, reply);
}
