/**
 * Single sign-on with OpenID Connect end to end (issue 20 part 5, ADR 048), against a real OpenID
 * provider run locally (oidc-provider, tests/support/oidc-dev-setup.ts): configuration (the secret
 * is never returned), just-in-time provisioning and the second login, a wrong state, a replayed code,
 * an expired ID token, a foreign domain, an unverified e-mail, another company's user, and when the
 * provider's MFA replaces our 2FA.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { corporateGroups, userRoles, users } from '../../drizzle/schema';
import { createApi } from '../../workers/api/src/app';
import { SSO_TEST_ACCOUNTS as A, SSO_TEST_CLIENT, SSO_TEST_DOMAIN } from '../support/sso-accounts';
import { BASE, call, db, expectError, failOnConsoleError, login, type Session, sidFrom, world } from './helpers';
import { callback, throughProvider } from './sso-idp';

failOnConsoleError();

const issuer = (env as unknown as { OIDC_TEST_ISSUER: string }).OIDC_TEST_ISSUER;
let admin: Session;
let companyId: number;
let groupId: number;

const config = (extra: Record<string, unknown> = {}) => ({
  issuer,
  client_id: SSO_TEST_CLIENT.clientId,
  domains: [SSO_TEST_DOMAIN.toUpperCase()],
  default_roles: [ROLE.FLEET_MANAGER_VIEW],
  default_corporate_group_id: groupId,
  idp_mfa_replaces_2fa: false,
  enabled: true,
  ...extra,
});
const put = (body: unknown) => call(`/settings/company/${companyId}/sso`, { ...admin, method: 'PUT', json: body });
const typed = (local: string) => `${local}@${SSO_TEST_DOMAIN}`;
const SSO_FAILED = {
  code: 'SSO_FAILED',
  message: 'Single sign-on failed or was already used. Start again from the login page.',
};

beforeAll(async () => {
  const w = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { isEvfleet: true } });
  companyId = w.company.id;
  const [group] = await db.insert(corporateGroups).values({ companyId, name: 'SSO people' }).returning();
  groupId = group?.id ?? 0;
  admin = await login(w.email, w.password, w.ip);
  const res = await put(config({ client_secret: SSO_TEST_CLIENT.clientSecret }));
  expect(res.status).toBe(200);
});

describe('SSO configuration', () => {
  it('stores domains lower-cased and never returns the client secret', async () => {
    const res = await call(`/settings/company/${companyId}/sso`, admin);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(SSO_TEST_CLIENT.clientSecret);
    const body = JSON.parse(text);
    expect(body).toMatchObject({ configured: true, client_secret_set: true, domains: [SSO_TEST_DOMAIN] });
    expect(body).not.toHaveProperty('client_secret');
  });

  it('refuses a domain that another company already signs in with (409)', async () => {
    const other = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES] });
    const session = await login(other.email, other.password, other.ip);
    const res = await call(`/settings/company/${other.company.id}/sso`, {
      ...session,
      method: 'PUT',
      json: { ...config({ client_secret: 'x' }), default_corporate_group_id: null },
    });
    await expectError(res, 409, {
      code: 'SSO_DOMAIN_TAKEN',
      message: `The domain ${SSO_TEST_DOMAIN} already signs in through another company.`,
      field: 'domains',
    });
  });

  it('tests the connection by reading the discovery document', async () => {
    const res = await call(`/settings/company/${companyId}/sso/test`, { ...admin, json: { issuer } });
    expect(await res.json()).toMatchObject({ ok: true, issuer, jwks_uri: expect.stringContaining(issuer) });
  });

  it('tells the login page whether an e-mail domain has SSO', async () => {
    const yes = await call('/sso/lookup', { json: { email: typed('someone') } });
    expect(await yes.json()).toMatchObject({ available: true });
    const no = await call('/sso/lookup', { json: { email: 'someone@nowhere.example' } });
    expect(await no.json()).toEqual({ available: false, company_name: null });
  });
});

describe('SSO login', () => {
  it('provisions a new user with the default roles and group, then logs the same user in again', async () => {
    const first = await callback(await throughProvider(typed('newcomer'), A.newcomer));
    expect(first.status).toBe(200);
    const body = (await first.json()) as { twoFactorRequired: boolean; user: { id: number; email: string } };
    expect(body).toMatchObject({ twoFactorRequired: true, user: { email: A.newcomer.email } });
    expect(sidFrom(first)).toBeTruthy();
    const row = await db.select().from(users).where(eq(users.email, A.newcomer.email)).get();
    expect(row).toMatchObject({ companyId, corporateGroupId: groupId, passwordHash: null, firstName: 'newcomer' });
    const roles = await db.select().from(userRoles).where(eq(userRoles.userId, body.user.id));
    expect(roles.map((r) => r.roleId)).toEqual([ROLE.FLEET_MANAGER_VIEW]);
    // Our 2FA is still pending for this session.
    expect((await call('/me', { cookie: sidFrom(first) })).status).toBe(401);

    const again = await callback(await throughProvider(typed('newcomer'), A.newcomer));
    expect(((await again.json()) as { user: { id: number } }).user.id).toBe(body.user.id);
    expect(await db.select().from(users).where(eq(users.email, A.newcomer.email))).toHaveLength(1);
  });

  it('refuses a wrong state', async () => {
    const answer = await throughProvider(typed('x'), A.newcomer);
    const forged = answer.query.replace(/state=[^&]*/, 'state=forged-state-value');
    await expectError(await callback(answer, forged), 401, SSO_FAILED);
    // Nor may another browser (without the started login's cookie) complete it.
    await expectError(await callback({ ...answer, stateCookie: 'other-browser' }), 401, SSO_FAILED);
  });

  it('refuses a replayed code and state', async () => {
    const answer = await throughProvider(typed('replay'), A.replay);
    expect((await callback(answer)).status).toBe(200);
    await expectError(await callback(answer), 401, SSO_FAILED);
  });

  it('refuses an expired ID token', async () => {
    // Our clock is moved two hours ahead of the provider's (its ID tokens live ten minutes) for this
    // one request; APP_ENV test is the only place SSO_TEST_CLOCK_SKEW_SECONDS is honoured (ADR 048).
    const answer = await throughProvider(typed('expiry'), A.expiry);
    const request = new Request(`${BASE}/api/sso/callback`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `sso_state=${answer.stateCookie}`,
        'cf-connecting-ip': answer.ip,
      },
      body: JSON.stringify({ query: answer.query }),
    });
    const ctx = createExecutionContext();
    const res = await createApi().fetch(request, { ...env, SSO_TEST_CLOCK_SKEW_SECONDS: '7200' }, ctx);
    await waitOnExecutionContext(ctx);
    await expectError(res, 401, SSO_FAILED);
    expect(await db.select().from(users).where(eq(users.email, A.expiry.email))).toHaveLength(0);
    // The same login on our real clock goes through: the token's age was the only fault.
    expect((await callback(await throughProvider(typed('expiry'), A.expiry))).status).toBe(200);
  });

  it("refuses an e-mail outside the company's domains, and an unverified e-mail", async () => {
    await expectError(await callback(await throughProvider(typed('x'), A.foreign)), 403, {
      code: 'SSO_DOMAIN_NOT_ALLOWED',
      message: "This e-mail's domain may not sign in through this identity provider.",
    });
    await expectError(await callback(await throughProvider(typed('x'), A.unverified)), 403, {
      code: 'SSO_EMAIL_NOT_VERIFIED',
      message: 'Your identity provider has not verified this e-mail address.',
    });
    expect(await db.select().from(users).where(eq(users.email, A.foreign.email))).toHaveLength(0);
  });

  it("refuses the user of another company with the provider's e-mail", async () => {
    await world({ user: { email: A.otherCompany.email } });
    await expectError(await callback(await throughProvider(typed('taken'), A.otherCompany)), 403, {
      code: 'SSO_OTHER_COMPANY',
      message: 'This e-mail belongs to a user of another company: log in with your password.',
    });
  });

  it("skips our 2FA only when the company allows it and the provider's token says mfa", async () => {
    const pending = await callback(await throughProvider(typed('mfa'), A.mfa));
    expect(await pending.json()).toMatchObject({ twoFactorRequired: true });
    expect((await call('/me', { cookie: sidFrom(pending) })).status).toBe(401);

    expect((await put(config({ idp_mfa_replaces_2fa: true }))).status).toBe(200);
    const passwordOnly = await callback(await throughProvider(typed('newcomer'), A.newcomer));
    expect(await passwordOnly.json()).toMatchObject({ twoFactorRequired: true });
    const withMfa = await callback(await throughProvider(typed('mfa'), A.mfa));
    expect(await withMfa.json()).toMatchObject({ twoFactorRequired: false });
    expect((await call('/me', { cookie: sidFrom(withMfa) })).status).toBe(200);
    expect((await put(config({ idp_mfa_replaces_2fa: false }))).status).toBe(200);
  });

  it('offers nothing once the company disables SSO', async () => {
    expect((await put(config({ enabled: false }))).status).toBe(200);
    await expectError(await call('/sso/start', { json: { email: typed('newcomer') } }), 404, {
      code: 'SSO_NOT_AVAILABLE',
      message: "No single sign-on is set up for this e-mail's domain: log in with your password.",
    });
    expect((await put(config({ enabled: true }))).status).toBe(200);
  });
});
