/**
 * API keys for integrators (issue 20 part 6, ADR 047): a company admin's key calls the API within its
 * company's tree and its scope, is refused everywhere else (401 unknown, 403 outside its scope), is
 * rate-limited per minute, never stored in clear, and named in the audit rows of what it changed.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { epochMinute } from '../../domain/api-keys/api-keys';
import { sha256Hex } from '../../domain/identity/encoding';
import { ROLE } from '../../domain/permissions/roles';
import { apiKeys, apiKeyUsage, auditLog } from '../../drizzle/schema';
import { createCompany } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const KIND = { cpms: 'public' as const, empServices: true };
const MSG = {
  unauthorized: 'You are not logged in.',
  forbidden: "Forbidden resource. You don't have the permission to request this resource.",
};

interface Key {
  id: number;
  company_id: number;
  company_name: string;
  created_by: string;
  scope: string;
  permissions: string[];
  display_prefix: string;
  revoked_at: string | null;
  requests_today: number;
  requests_last_7_days: number;
}
interface Created {
  key: Key;
  secret: string;
}

let admin: World;
let session: Session;
let other: World;
let otherSession: Session;
let childId: number;

async function createKey(body: Record<string, unknown>, as: Session = session): Promise<Created> {
  const res = await call('/api-keys', { ...as, json: { name: unique('Key'), ...body } });
  expect(res.status).toBe(201);
  return (await res.json()) as Created;
}

const withKey = (secret: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  call(path, { ...init, token: secret });

async function groupOf(as: Session, companyName: string): Promise<number> {
  const res = await call('/customer-type', { ...as, json: { name: companyName } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

beforeAll(async () => {
  admin = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: KIND });
  session = await login(admin.email, admin.password, admin.ip);
  childId = (await createCompany(db, { name: unique('Child'), parentCompanyId: admin.company.id, ...KIND })).id;
  other = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: KIND });
  otherSession = await login(other.email, other.password, other.ip);
});

describe('API key management', () => {
  it('shows the secret once and stores only its SHA-256 and a display prefix', async () => {
    const { key, secret } = await createKey({ scope: 'read' });
    expect(secret).toMatch(/^evk_[A-Za-z0-9_-]{43}$/);
    expect(key.display_prefix).toBe(secret.slice(0, 12));
    expect(key).toMatchObject({
      company_id: admin.company.id,
      company_name: admin.company.name,
      created_by: admin.email,
    });
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.secretHash).toBe(await sha256Hex(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));
    const list = (await (await call('/api-keys?items_per_page=100', session)).json()) as {
      data: (Key & { secret?: string })[];
    };
    const listed = list.data.find((k) => k.id === key.id);
    expect(listed?.display_prefix).toBe(key.display_prefix);
    expect(JSON.stringify(list)).not.toContain(secret.slice(12));
  });

  it('validates the name, the company and the permission list against what the creator holds', async () => {
    await expectError(await call('/api-keys', { ...session, json: { name: ' ', scope: 'read' } }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Enter a name for the key (at most 100 characters).',
      field: 'name',
    });
    const outside = { name: 'x', scope: 'read', company_id: other.company.id };
    await expectError(await call('/api-keys', { ...session, json: outside }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Choose your selected company or a company of its tree.',
      field: 'company_id',
    });
    await expectError(
      await call('/api-keys', { ...session, json: { name: 'x', scope: 'permissions', permissions: ['fleet:view'] } }),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'You cannot give a key the permission “fleet:view”: you do not hold it.',
        field: 'permissions',
      },
    );
    await expectError(
      await call('/api-keys', { ...session, json: { name: 'x', scope: 'permissions', permissions: ['nope'] } }),
      400,
      { code: 'VALIDATION_FAILED', message: '“nope” is not a permission.', field: 'permissions' },
    );
    await expectError(
      await call('/api-keys', { ...session, json: { name: 'x', scope: 'permissions', permissions: [] } }),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'Choose at least one permission, or make the key read-only.',
        field: 'permissions',
      },
    );
    const grantable = (await (await call('/api-keys/permissions', session)).json()) as { data: string[] };
    expect(grantable.data).toContain('customer-groups:manage');
    expect(grantable.data).not.toContain('company:api-keys');
  });

  it('answers 404 for another company’s key and 409 once revoked', async () => {
    const { key } = await createKey({ scope: 'read' });
    const path = `/api-keys/${key.id}`;
    await expectError(await call(`${path}/rotate`, { ...otherSession, method: 'POST' }), 404, {
      code: 'API_KEY_NOT_FOUND',
      message: 'API key not found.',
    });
    await expectError(await call(path, { ...otherSession, method: 'DELETE' }), 404, {
      code: 'API_KEY_NOT_FOUND',
      message: 'API key not found.',
    });
    const revoked = await call(path, { ...session, method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as Key).revoked_at).not.toBeNull();
    expect((await call(`${path}/rotate`, { ...session, method: 'POST' })).status).toBe(409);
    const audited = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'api_key'), eq(auditLog.entityId, String(key.id))));
    expect(audited.map((a) => a.action).sort()).toEqual(['api_key.created', 'api_key.revoked']);
  });
});

describe('calling the API with a key', () => {
  it('reads within the key company’s tree only; another company’s resource is 404', async () => {
    const own = await groupOf(session, 'Own');
    const foreign = await groupOf(otherSession, 'Foreign');
    const { secret } = await createKey({ scope: 'read' });
    const mine = await withKey(secret, `/customer-type/${own}`);
    expect(mine.status).toBe(200);
    expect((await withKey(secret, `/customer-type/${foreign}`)).status).toBe(404);
    const me = (await (await withKey(secret, '/me')).json()) as { company: { id: number } };
    expect(me.company.id).toBe(admin.company.id);
  });

  it('acts for a child company when created for it', async () => {
    const { secret } = await createKey({ scope: 'read', company_id: childId });
    const me = (await (await withKey(secret, '/me')).json()) as { company: { id: number } };
    expect(me.company.id).toBe(childId);
    expect((await withKey(secret, `/customer-type/${await groupOf(session, 'Parent')}`)).status).toBe(404);
  });

  it('refuses writes to a read-only key: 403', async () => {
    const { secret } = await createKey({ scope: 'read' });
    await expectError(await withKey(secret, '/customer-type', { json: { name: 'Nope' } }), 403, {
      code: 'FORBIDDEN',
      message: MSG.forbidden,
    });
  });

  it('lets a permission-list key use its permissions only, and names it in the audit row', async () => {
    const { key, secret } = await createKey({ scope: 'permissions', permissions: ['customer-groups:manage'] });
    const made = await withKey(secret, '/customer-type', { json: { name: 'Through the key' } });
    expect(made.status).toBe(201);
    const groupId = ((await made.json()) as { data: { id: number } }).data.id;
    const [row] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer_group'), eq(auditLog.entityId, String(groupId))));
    expect(row?.actorUserId).toBe(admin.user.id);
    expect(JSON.parse(row?.detailJson ?? '{}')).toMatchObject({ apiKeyId: key.id });
    // tariffs:view: the creator holds it, the key's list does not.
    await expectError(await withKey(secret, '/tariff/dow'), 403, { code: 'FORBIDDEN', message: MSG.forbidden });
    expect((await call('/tariff/dow', session)).status).toBe(200);
    // A key never changes its creator's session.
    const switched = await withKey(secret, '/me/company', { method: 'PUT', json: { companyId: childId } });
    expect(switched.status).toBe(403);
  });

  it('answers 401 with the usual body for revoked, rotated-away, unknown and malformed keys', async () => {
    const revoked = await createKey({ scope: 'read' });
    await call(`/api-keys/${revoked.key.id}`, { ...session, method: 'DELETE' });
    const rotated = await createKey({ scope: 'read' });
    const renewed = await call(`/api-keys/${rotated.key.id}/rotate`, { ...session, method: 'POST' });
    expect(renewed.status).toBe(200);
    const fresh = (await renewed.json()) as Created;
    expect(fresh.secret).not.toBe(rotated.secret);
    expect((await withKey(fresh.secret, '/customer-type')).status).toBe(200);
    const unknown = `evk_${'A'.repeat(43)}`;
    for (const secret of [revoked.secret, rotated.secret, unknown, 'evk_short']) {
      await expectError(await withKey(secret, '/customer-type'), 401, {
        code: 'UNAUTHENTICATED',
        message: MSG.unauthorized,
      });
    }
  });

  it('cannot manage keys, nor use the session routes', async () => {
    const { key, secret } = await createKey({ scope: 'permissions', permissions: ['customer-groups:manage'] });
    const refused = [
      await withKey(secret, '/api-keys'),
      await withKey(secret, '/api-keys', { json: { name: 'Child key', scope: 'read' } }),
      await withKey(secret, `/api-keys/${key.id}/rotate`, { method: 'POST' }),
      await withKey(secret, '/logout', { method: 'POST' }),
      await withKey(secret, '/2fa/send-code', { method: 'POST' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await withKey(secret, '/customer-type')).status).toBe(200);
  });

  it('limits each key per minute (429 with Retry-After) and counts its requests on its row', async () => {
    const { key, secret } = await createKey({ scope: 'read' });
    expect((await withKey(secret, '/customer-type')).status).toBe(200);
    const listed = (await (await call('/api-keys?items_per_page=100', session)).json()) as { data: Key[] };
    const row = listed.data.find((k) => k.id === key.id);
    expect([row?.requests_today, row?.requests_last_7_days]).toEqual([1, 1]);
    // Fill this minute and the next one, so a minute that turns during the test changes nothing.
    const minute = epochMinute(Date.now());
    for (const m of [minute, minute + 1]) {
      await db
        .insert(apiKeyUsage)
        .values({ keyId: key.id, minute: m, count: 600 })
        .onConflictDoUpdate({ target: [apiKeyUsage.keyId, apiKeyUsage.minute], set: { count: 600 } });
    }
    const limited = await withKey(secret, '/customer-type');
    expect(limited.status).toBe(429);
    const seconds = Number(limited.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    const body = (await limited.json()) as { code: string; retry_after: number };
    expect(body).toMatchObject({ code: 'TOO_MANY_REQUESTS', retry_after: seconds });
    // Another key of the same company is not affected.
    const second = await createKey({ scope: 'read' });
    expect((await withKey(second.secret, '/customer-type')).status).toBe(200);
  });
});
