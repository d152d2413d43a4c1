/**
 * @module The OCPI 2.2.1 transport under /ocpi (ADR 057), served by the web worker beside /api. Not
 * cookie-authenticated (no same-origin check): every call presents a credentials token. Lists only the
 * modules that answer: today versions, version details and credentials; each later module (locations,
 * tariffs, sessions, CDRs, tokens, commands) mounts its router here and adds its endpoints to
 * `MODULES`.
 */
import { OCPI_VERSION } from '@domain/ocpi/registration';
import type { Endpoint } from '@domain/ocpi/schemas';
import { OcpiStatus } from '@domain/ocpi/status';
import { Hono } from 'hono';
import { commands } from './ocpi.commands';
import { credentials } from './ocpi.credentials';
import type { OcpiEnv } from './ocpi.env';
import { answer, callerFor, failure, transport, unauthorized } from './ocpi.http';
import { locations } from './ocpi.locations';
import { cdrsSender, sessionsSender } from './ocpi.sessions';
import { tariffs } from './ocpi.tariffs';
import { tokens } from './ocpi.tokens';

/** The endpoints of our 2.2.1 version: only the modules that answer (the credentials module is symmetric). */
const MODULES: readonly Omit<Endpoint, 'url'>[] = [
  { identifier: 'credentials', role: 'SENDER' },
  { identifier: 'credentials', role: 'RECEIVER' },
  { identifier: 'locations', role: 'SENDER' },
  { identifier: 'tariffs', role: 'SENDER' },
  { identifier: 'sessions', role: 'SENDER' },
  { identifier: 'cdrs', role: 'SENDER' },
  { identifier: 'tokens', role: 'RECEIVER' },
  { identifier: 'commands', role: 'RECEIVER' },
];
const MODULE_PATHS: Record<string, string> = {
  credentials: 'credentials',
  tokens: 'tokens',
  commands: 'commands',
  locations: 'locations',
  tariffs: 'tariffs',
  sessions: 'sessions',
  cdrs: 'cdrs',
};

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
    const endpoints = MODULES.map((m) => ({ ...m, url: `${root}/${MODULE_PATHS[m.identifier]}` }));
    return answer(c, { version: OCPI_VERSION, endpoints });
  });
  app.route(`/${OCPI_VERSION}/credentials`, credentials);
  app.route(`/${OCPI_VERSION}/locations`, locations);
  app.route(`/${OCPI_VERSION}/tariffs`, tariffs);
  app.route(`/${OCPI_VERSION}/sessions`, sessionsSender);
  app.route(`/${OCPI_VERSION}/cdrs`, cdrsSender);
  app.route(`/${OCPI_VERSION}/tokens`, tokens);
  app.route(`/${OCPI_VERSION}/commands`, commands);

  app.notFound((c) => failure(c, 404, OcpiStatus.clientError, 'Unknown OCPI endpoint'));
  app.onError((err, c) => {
    console.error('ocpi', c.req.method, new URL(c.req.url).pathname, String(err).slice(0, 200));
    return failure(c, 500, OcpiStatus.serverError, 'Internal error');
  });
  return app;
}
