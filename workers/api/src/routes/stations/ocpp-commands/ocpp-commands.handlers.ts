/**
 * @module `POST /stations/{uid}/commands/{action}` (issue 24 §2, ADR 014 addendum 3): every central
 * system → charge point message of OCPP 1.6J and the Security Whitepaper, the payload checked against
 * the action's official schema and sent verbatim, the charge point's answer returned as it came. The
 * system adds only what keeps it consistent: a remote start on a connector it believes busy needs
 * `?force=true`, and a new AuthorizationKey goes through the password hand-over of ADR 014.
 */

import type { AppEnv } from '@api/env';
import { answerCommand, type Dispatched, dispatchCommand } from '@api/lib/charge-point-command';
import { apiError } from '@api/lib/errors';
import { requestLanguage } from '@api/lib/language';
import { onStation, type Station } from '@api/lib/station-scope';
import { passwordOfAuthorizationKey } from '@domain/ocpp/authorization-key';
import { type CentralSystemAction, checkCentralSystemRequest } from '@domain/ocpp/central-system-requests';
import { type Csms201Action, checkCsms201Request, isCsms201Action } from '@domain/ocpp/csms-requests-201';
import { withoutNetworkSecrets } from '@domain/ocpp/network-profile';
import { remoteStartHeldBack } from '@domain/ocpp/verbatim-remote-start';
import { OpenAPIHono } from '@hono/zod-openapi';
import { translate } from '@i18n/messages';
import type { Context } from 'hono';
import { unlessNetworkProfile } from '../commands/commands.handlers';
import { COMMANDS } from '../commands/commands.schemas';
import { handOverAuthorizationKey } from '../credentials/credentials.key';
import { unlessOcpp201 } from '../device-model/device-model.handlers';
import { sendOcppCommand } from './ocpp-commands.routes';
import { connectorByNumber } from './ocpp-commands.store';

function connectorNumberOf(payload: Record<string, unknown>): number | null {
  const n = payload.connectorId;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

/** The charge point's answer as it came: 200 with its CALLRESULT, 502 with its CALLERROR, else 409/504. */
function answer(c: Context<AppEnv>, sent: Dispatched) {
  if (sent.outcome.status !== 'rejected') return answerCommand(c, sent);
  const { code, description } = sent.outcome;
  return c.json(
    {
      'error-msg': translate(requestLanguage(c), 'commandRejected', { reason: `${code}: ${description}` }),
      code: 'COMMAND_REJECTED',
      ocpp_error: { code, description },
    },
    502,
  );
}

async function send(
  c: Context<AppEnv>,
  station: Station,
  action: CentralSystemAction | Csms201Action,
  payload: Record<string, unknown>,
  force: boolean,
) {
  const db = c.get('db');
  const number = connectorNumberOf(payload);
  const connector = number === null ? undefined : await connectorByNumber(db, station.id, number);
  if (remoteStartHeldBack(action, force, connector?.status)) {
    return apiError(c, 409, 'CONNECTOR_BUSY', 'connectorBusy');
  }
  if (action === 'ChangeConfiguration' && payload.key === 'AuthorizationKey' && typeof payload.value === 'string') {
    // Without the hand-over the charge point would reconnect with a password the system refuses.
    const { sent } = await handOverAuthorizationKey(c, station, {
      value: payload.value,
      password: passwordOfAuthorizationKey(payload.value),
      whenOffline: 'keep',
    });
    return answer(c, sent);
  }
  // A network profile's VPN/APN secrets go to the station, never into the customer-service log.
  const logged = action === 'SetNetworkProfile' ? (withoutNetworkSecrets(payload) as object) : payload;
  return answer(c, await dispatchCommand(c, { station, connector: connector ?? null }, action, payload, logged));
}

function schemaProblem(c: Context<AppEnv>, found: { field: string; message: string }[]) {
  const issues = found.map(({ field, message }) => ({ field, message }));
  return apiError(c, 400, 'OCPP_SCHEMA', 'validation', { field: issues[0]?.field, issues });
}

export const ocppCommandRoutes = new OpenAPIHono<AppEnv>().openapi(sendOcppCommand, async (c) => {
  const { uid, action } = c.req.valid('param');
  const { force } = c.req.valid('query');
  const payload = c.req.valid('json');
  if (isCsms201Action(action)) {
    // A 2.0.1-only request: checked against its 2.0.1 schema, sent only to a station speaking 2.0.1.
    const check = checkCsms201Request(action, payload);
    if (!check.ok) return schemaProblem(c, check.issues);
    if (action === 'SetNetworkProfile') {
      // The same rules as commands/set-network-profile: a wss:// or https:// CSMS URL, 409 for a 1.6 station.
      const parsed = COMMANDS['set-network-profile'].body.safeParse(payload);
      if (!parsed.success) {
        return schemaProblem(
          c,
          parsed.error.issues.map((i) => ({ field: `/${i.path.join('/')}`, message: i.message })),
        );
      }
      return onStation(
        c,
        uid,
        async (station) => unlessNetworkProfile(c, station) ?? send(c, station, action, payload, force),
      ) as never;
    }
    return onStation(
      c,
      uid,
      async (station) => unlessOcpp201(c, station) ?? send(c, station, action, payload, force),
    ) as never;
  }
  const check = checkCentralSystemRequest(action, payload);
  if (!check.ok) return schemaProblem(c, check.issues);
  return onStation(c, uid, (station) => send(c, station, action, payload, force)) as never;
});
