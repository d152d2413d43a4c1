/**
 * Every operation guarded by a Permission (its `x-access` in /api/openapi.json), called by a user
 * holding each role alone, in a company where every service setting is on and every company kind
 * is true: the API must answer 403 exactly where `can()` refuses, and never 401 or 403 where it
 * allows. New routes are covered the moment they are published.
 *
 * Calls are made so that a permitted call stops at validation where it can (malformed JSON for
 * operations with a body, an unknown id in path parameters); an operation with neither that
 * changes state runs in a fresh child company, so it cannot spoil later calls.
 */

import { SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { scopeAllows } from '../../domain/api-keys/api-keys';
import {
  type AccessContext,
  type CompanyKind,
  can,
  PERMISSIONS,
  type Permission,
} from '../../domain/permissions/permissions';
import { ROLE, ROLE_IDS } from '../../domain/permissions/roles';
import { SERVICE_SETTING_IDS } from '../../domain/permissions/service-settings';
import { apiKeyUsage } from '../../drizzle/schema';
import { createCompany } from '../../drizzle/seed/factories';
import { BASE, call, db, failOnConsoleError, login, loginPending, type Session, world } from './helpers';

failOnConsoleError();

const FORBIDDEN = "Forbidden resource. You don't have the permission to request this resource.";
const KIND: CompanyKind = { cpms: 'public', isSubcpo: true, isEvfleet: true, isLifestyle: true, empServices: true };
const COMPANY = { ...KIND, services: [...SERVICE_SETTING_IDS] };
// Each actor's company is a root (no parent): the platform's top company for billing:cpo-invoices.
const contextFor = (roles: number[]): AccessContext => ({
  roles,
  services: SERVICE_SETTING_IDS,
  company: { ...KIND, isTop: true },
});

interface Operation {
  method: string;
  /** As published, e.g. /api/connectors/{id}. */
  path: string;
  permission: Permission;
  hasBody: boolean;
  hasPathParams: boolean;
}

interface Actor {
  session: Session;
  rootCompanyId: number;
}

type OpenApiDoc = { paths: Record<string, Record<string, { 'x-access'?: string; requestBody?: unknown }>> };

let doc: OpenApiDoc;
const operations: Operation[] = [];
const actors = new Map<string, Actor>();

async function actor(roles: number[]): Promise<Actor> {
  const w = await world({ roles, company: COMPANY });
  return { session: await login(w.email, w.password, w.ip), rootCompanyId: w.company.id };
}

const isPermission = (value: unknown): value is Permission => PERMISSIONS.includes(value as Permission);
const mutates = (op: Operation) => !['get', 'head', 'options'].includes(op.method);
/** State-changing calls that nothing stops before the handler run last, each in a fresh company. */
const unguarded = (op: Operation) => mutates(op) && !op.hasBody && !op.hasPathParams;

async function invoke(op: Operation, who: Actor): Promise<Response> {
  if (unguarded(op)) {
    const scratch = await createCompany(db, { name: 'Scratch', parentCompanyId: who.rootCompanyId, ...COMPANY });
    const moved = await call('/me/company', { ...who.session, method: 'PUT', json: { companyId: scratch.id } });
    expect(moved.status).toBe(200);
  }
  const path = op.path.replace(/\{[^}]+\}/g, '999999999');
  const headers: Record<string, string> = { cookie: `sid=${who.session.cookie}`, 'cf-connecting-ip': who.session.ip };
  let body: string | undefined;
  if (op.hasBody) {
    headers['content-type'] = 'application/json';
    body = '{';
  }
  return SELF.fetch(`${BASE}${path}`, { method: op.method.toUpperCase(), headers, body });
}

/** Where the answer disagrees with `can()`, described for the failure message. */
async function mismatches(who: Actor, expectedRoles: number[]): Promise<string[]> {
  const found: string[] = [];
  const ordered = [...operations.filter((o) => !unguarded(o)), ...operations.filter(unguarded)];
  for (const op of ordered) {
    const res = await invoke(op, who);
    const body = (await res.json().catch(() => ({}))) as { code?: string; 'error-msg'?: string };
    const allowed = can(contextFor(expectedRoles), op.permission);
    const ok = allowed
      ? res.status !== 401 && res.status !== 403
      : res.status === 403 && body.code === 'FORBIDDEN' && body['error-msg'] === FORBIDDEN;
    if (!ok) found.push(`${op.method.toUpperCase()} ${op.path} (${op.permission}): can=${allowed}, got ${res.status}`);
  }
  return found;
}

beforeAll(async () => {
  const res = await SELF.fetch(`${BASE}/api/openapi.json`);
  expect(res.status, 'GET /api/openapi.json').toBe(200);
  doc = (await res.json()) as OpenApiDoc;
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!isPermission(op['x-access'])) continue;
      operations.push({
        method,
        path,
        permission: op['x-access'],
        hasBody: op.requestBody !== undefined,
        hasPathParams: path.includes('{'),
      });
    }
  }
  for (const role of ROLE_IDS) actors.set(String(role), await actor([role]));
  actors.set('33+37', await actor([33, 37]));
});

describe('authorization matrix', () => {
  it('publishes an access on every operation', () => {
    const known = new Set<string>(['public', 'authenticated-2fa-pending', ...PERMISSIONS]);
    const missing = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !known.has(String(op['x-access'])))
        .map(([method]) => `${method} ${path}`),
    );
    expect(missing).toEqual([]);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining(['get /api/me', 'put /api/me/company']),
    );
  });

  // Walks every operation of the API in turn (over 100 since the station commands): more than the default
  // 5 s on a busy machine.
  it.each(ROLE_IDS)(
    'role %i alone: 403 exactly where can() refuses',
    async (role) => {
      const who = actors.get(String(role));
      if (!who) throw new Error(`no actor for ${role}`);
      expect(await mismatches(who, [role])).toEqual([]);
    },
    60_000,
  );

  it('keeps the fleet user export (personal columns) from roles 59 and 60 (issue 24)', async () => {
    expect(doc.paths['/api/users/export']?.post?.['x-access']).toBe('fleet:users:export');
    for (const role of [59, 60]) {
      const who = actors.get(String(role));
      if (!who) throw new Error(`no actor for ${role}`);
      const res = await call('/users/export', { ...who.session, json: {} });
      expect([role, res.status]).toEqual([role, 403]);
    }
    for (const role of [31, 35, 37]) {
      const who = actors.get(String(role));
      if (!who) throw new Error(`no actor for ${role}`);
      const res = await call('/users/export', { ...who.session, json: {} });
      expect([role, res.status, res.headers.get('content-type')]).toEqual([
        role,
        200,
        expect.stringContaining('text/csv'),
      ]);
    }
  });

  it('role 33 combined with 37 is treated as 33 alone', async () => {
    for (const permission of PERMISSIONS) {
      expect(can(contextFor([33, 37]), permission), permission).toBe(can(contextFor([33]), permission));
    }
    const who = actors.get('33+37');
    if (!who) throw new Error('no actor for 33+37');
    expect(await mismatches(who, [33])).toEqual([]);
    const me = (await (await call('/me', who.session)).json()) as { roles: number[]; permissions: string[] };
    expect(me.roles).toEqual([33]);
    expect(me.permissions).toEqual(PERMISSIONS.filter((p) => can(contextFor([33]), p)));
  });

  it('answers 401 to every guarded operation without a session, and TWO_FACTOR_REQUIRED while 2FA is pending', async () => {
    const w = await world({ roles: [37], company: COMPANY });
    const pending = await loginPending(w.email, w.password, w.ip);
    for (const op of operations) {
      const path = op.path.replace(/\{[^}]+\}/g, '999999999');
      const method = op.method.toUpperCase();
      const anonymous = await SELF.fetch(`${BASE}${path}`, { method });
      expect([path, anonymous.status, ((await anonymous.json()) as { code: string }).code]).toEqual([
        path,
        401,
        'UNAUTHENTICATED',
      ]);
      const res = await SELF.fetch(`${BASE}${path}`, { method, headers: { cookie: `sid=${pending.cookie}` } });
      expect([path, res.status, ((await res.json()) as { code: string }).code]).toEqual([
        path,
        401,
        'TWO_FACTOR_REQUIRED',
      ]);
    }
  });
  it('an API key outside its scope is refused: a read-only key of a super user on every operation', async () => {
    const creator = [ROLE.SUPER_USER];
    const who = await actor(creator);
    const made = await call('/api-keys', { ...who.session, json: { name: 'Matrix', scope: 'read' } });
    expect(made.status).toBe(201);
    const { key, secret } = (await made.json()) as { key: { id: number }; secret: string };
    const found: string[] = [];
    let cells = 0;
    for (const op of operations) {
      // The matrix is not the rate limit's test: start each stretch of calls with an empty minute.
      if (cells % 500 === 0) await db.delete(apiKeyUsage).where(eq(apiKeyUsage.keyId, key.id));
      const path = op.path.replace(/\{[^}]+\}/g, '999999999');
      const method = op.method.toUpperCase();
      const headers: Record<string, string> = { authorization: `Bearer ${secret}` };
      const init = op.hasBody
        ? { method, headers: { ...headers, 'content-type': 'application/json' }, body: '{' }
        : { method, headers };
      const res = await SELF.fetch(`${BASE}${path}`, init);
      cells += 1;
      const allowed = can(contextFor(creator), op.permission) && scopeAllows({ kind: 'read' }, method, op.permission);
      const ok = allowed ? res.status !== 401 && res.status !== 403 : res.status === 403;
      if (!ok) found.push(`${method} ${op.path} (${op.permission}): allowed=${allowed}, got ${res.status}`);
      if (method !== 'GET') expect([method, op.path, res.status]).toEqual([method, op.path, 403]);
    }
    expect(found).toEqual([]);
    expect(cells).toBe(operations.length);
  }, 120_000);
});
