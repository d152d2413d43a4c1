/**
 * @module A station's OCPP credentials (issue 24 §2, ADR 014 addendum 3): a password of the caller's
 * choosing, stored only as a hash and handed over to a connected charge point as a hex-encoded
 * AuthorizationKey, and the security profile the ocpp worker enforces at the upgrade.
 */

import type { AppEnv } from '@api/env';
import type { Dispatched } from '@api/lib/charge-point-command';
import { chargePointOf, onStation, type Station } from '@api/lib/station-scope';
import { authOf } from '@api/middleware/permission';
import { encodeAuthorizationKey } from '@domain/ocpp/authorization-key';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { handOverAuthorizationKey } from './credentials.key';
import { credentials, setPassword, setSecurityProfile } from './credentials.routes';
import type { PasswordAnswer } from './credentials.schemas';
import { hasPendingKey, logCredentialChange, storeSecurityProfile } from './credentials.store';

async function view(c: Context<AppEnv>, station: Station) {
  const { connected } = await chargePointOf(c, station).commandProgress();
  return {
    uid: station.uid,
    password_set: station.ocppPasswordHash !== null,
    password_pending: await hasPendingKey(c.get('db'), station.id),
    security_profile: station.securityProfile,
    connected,
  };
}

function changeConfigurationOf({ outcome, replyStatus }: Dispatched): PasswordAnswer['change_configuration'] {
  const rejected = outcome.status === 'rejected' ? outcome : null;
  const how = { accepted: 'answered', rejected: 'callerror', offline: 'offline', timeout: 'timeout' } as const;
  return {
    outcome: how[outcome.status],
    status: replyStatus,
    error_code: rejected?.code ?? null,
    error_description: rejected?.description ?? null,
  };
}

export const credentialRoutes = new OpenAPIHono<AppEnv>()
  .openapi(credentials, (c) => onStation(c, c.req.valid('param').uid, async (s) => c.json(await view(c, s), 200)))
  .openapi(setPassword, (c) =>
    onStation(c, c.req.valid('param').uid, async (station) => {
      const { password } = c.req.valid('json');
      const { sent, password: outcome } = await handOverAuthorizationKey(c, station, {
        value: encodeAuthorizationKey(password),
        password,
        whenOffline: 'replace',
      });
      const answer: PasswordAnswer = { password: outcome, change_configuration: changeConfigurationOf(sent) };
      await logCredentialChange(c.get('db'), {
        station,
        userId: authOf(c).user.id,
        action: 'SetStationPassword',
        detail: answer,
        succeeded: outcome !== 'unchanged',
        error: outcome === 'unchanged' ? 'The charge point did not accept the new AuthorizationKey' : null,
      });
      return c.json(answer, 200);
    }),
  )
  .openapi(setSecurityProfile, (c) =>
    onStation(c, c.req.valid('param').uid, async (station) => {
      const { security_profile } = c.req.valid('json');
      await storeSecurityProfile(c.get('db'), station.id, security_profile);
      await logCredentialChange(c.get('db'), {
        station,
        userId: authOf(c).user.id,
        action: 'SetSecurityProfile',
        detail: { from: station.securityProfile, to: security_profile },
        succeeded: true,
      });
      return c.json(await view(c, { ...station, securityProfile: security_profile }), 200);
    }),
  );
