/**
 * @module The OCPI 2.2.1 transport under /ocpi (ADR 057), served by the web worker beside /api. Not
 * cookie-authenticated (no same-origin check): every call presents a credentials token. Lists only the
 * modules that answer: each module mounts its router here and adds its endpoint (module, role, path) to
 * `MODULES`.
 */
import { OCPI_VERSION } from '@domain/ocpi/registration';
import type { Endpoint } from '@domain/ocpi/schemas';
import { OcpiStatus } from '@domain/ocpi/status';
import { Hono } from 'hono';
import { chargingProfiles } from './ocpi.chargingprofiles';
import { commands } from './ocpi.commands';
import { credentials } from './ocpi.credentials';
import { emspCommands } from './ocpi.emsp-commands';
import { emspLocations } from './ocpi.emsp-locations';
import { emspCdrs, emspSessions } from './ocpi.emsp-sessions';
import { emspTariffs } from './ocpi.emsp-tariffs';
import { emspTokens } from './ocpi.emsp-tokens';
import type { OcpiEnv } from './ocpi.env';
import { answer, callerFor, failure, transport, unauthorized } from './ocpi.http';
import { hubClientInfo } from './ocpi.hubclientinfo';
import { locations } from './ocpi.locations';
import { cdrsSender, sessionsSender } from './ocpi.sessions';
import { tariffs } from './ocpi.tariffs';
import { tokens } from './ocpi.tokens';

/** The endpoints of our 2.2.1 version: only the modules that answer (the credentials module is symmetric). */
/**
 * Every module and role we offer, with its path under `/ocpi/2.2.1`. A module we both send and receive
 * has two paths: the sender's at `<module>`, the receiver's (as e-mobility provider) at `emsp/<module>`,
 * because their URL shapes collide (`/locations/{location_id}/{evse_uid}/{connector_id}` against
 * `/locations/{country_code}/{party_id}/{location_id}`).
 */
const MODULES: readonly (Omit<Endpoint, 'url'> & { path: string })[] = [
  { identifier: 'credentials', role: 'SENDER', path: 'credentials' },
  { identifier: 'credentials', role: 'RECEIVER', path: 'credentials' },
  { identifier: 'hubclientinfo', role: 'RECEIVER', path: 'hubclientinfo' },
  { identifier: 'chargingprofiles', role: 'RECEIVER', path: 'chargingprofiles' },
  { identifier: 'locations', role: 'SENDER', path: 'locations' },
  { identifier: 'tariffs', role: 'SENDER', path: 'tariffs' },
  { identifier: 'sessions', role: 'SENDER', path: 'sessions' },
  { identifier: 'cdrs', role: 'SENDER', path: 'cdrs' },
  { identifier: 'tokens', role: 'RECEIVER', path: 'tokens' },
  { identifier: 'commands', role: 'RECEIVER', path: 'commands' },
  { identifier: 'tokens', role: 'SENDER', path: 'emsp/tokens' },
  { identifier: 'commands', role: 'SENDER', path: 'emsp/commands' },
  { identifier: 'locations', role: 'RECEIVER', path: 'emsp/locations' },
  { identifier: 'tariffs', role: 'RECEIVER', path: 'emsp/tariffs' },
  { identifier: 'sessions', role: 'RECEIVER', path: 'emsp/sessions' },
  { identifier: 'cdrs', role: 'RECEIVER', path: 'emsp/cdrs' },
];

export function createOcpi() {
  // Not strict: partners often add a trailing slash to the URLs we list.
  const app = new Hono<OcpiEnv>({ strict: false }).basePath('/ocpi');
  app.use(transport);
  const base = (url: string) => `${new URL(url).origin}/ocpi`;

  app.get('/versions', (c) => {
    if (!callerFor(c, 'versions')) return unauthorized(c);
    return answer(c, [{ version: OCPI_VERSION, url: `${base(c.req.url)}/${OCPI_VERSION}` }]);
  });
  app.get(`/${OCPI_VERSION}`, (c) => {
    if (!callerFor(c, 'versions')) return unauthorized(c);
    const root = `${base(c.req.url)}/${OCPI_VERSION}`;
    const endpoints = MODULES.map(({ path, ...m }) => ({ ...m, url: `${root}/${path}` }));
    return answer(c, { version: OCPI_VERSION, endpoints });
  });
  app.route(`/${OCPI_VERSION}/credentials`, credentials);
  app.route(`/${OCPI_VERSION}/hubclientinfo`, hubClientInfo);
  app.route(`/${OCPI_VERSION}/chargingprofiles`, chargingProfiles);
  app.route(`/${OCPI_VERSION}/locations`, locations);
  app.route(`/${OCPI_VERSION}/tariffs`, tariffs);
  app.route(`/${OCPI_VERSION}/sessions`, sessionsSender);
  app.route(`/${OCPI_VERSION}/cdrs`, cdrsSender);
  app.route(`/${OCPI_VERSION}/tokens`, tokens);
  app.route(`/${OCPI_VERSION}/commands`, commands);
  app.route(`/${OCPI_VERSION}/emsp/tokens`, emspTokens);
  app.route(`/${OCPI_VERSION}/emsp/sessions`, emspSessions);
  app.route(`/${OCPI_VERSION}/emsp/cdrs`, emspCdrs);
  app.route(`/${OCPI_VERSION}/emsp/commands`, emspCommands);
  app.route(`/${OCPI_VERSION}/emsp/locations`, emspLocations);
  app.route(`/${OCPI_VERSION}/emsp/tariffs`, emspTariffs);

  app.notFound((c) => failure(c, 404, OcpiStatus.clientError, 'Unknown OCPI endpoint'));
  app.onError((err, c) => {
    console.error('ocpi', c.req.method, new URL(c.req.url).pathname, String(err).slice(0, 200));
    return failure(c, 500, OcpiStatus.serverError, 'Internal error');
  });
  return app;
}
