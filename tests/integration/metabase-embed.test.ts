/**
 * Metabase signed embedding (issue 21 part 2, spec 7.18 `metabase/dashboard/{id}`, ADR 055): a report
 * manager of a company with setting 41 gets a signed embed address whose JWT names the dashboard and
 * locks `company_id` to the caller's company subtree, valid at most 10 minutes; without the role or the
 * setting the answer is 403; the dashboard id must be a positive integer. The "not configured" answer is
 * unit tested (tests/unit/metabase-embed.test.ts): this project always has the Metabase bindings.
 */
import { env } from 'cloudflare:test';
import { jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { createCompany } from '../../drizzle/seed/factories';
import type { MetabaseEnv } from '../../workers/api/src/routes/metabase/metabase.embed';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, world } from './helpers';

failOnConsoleError();

// reports:dashboards is an operating company's (company: operates).
const OPERATOR = { cpms: 'public' as const };
const METABASE = { ...OPERATOR, services: [SERVICE.METABASE_DASHBOARD] };
let manager: Session;
let companyIds: number[];
let noSetting: Session;
let noRole: Session;

beforeAll(async () => {
  const w = await world({ roles: [ROLE.REPORT_MANAGER], company: METABASE });
  const child = await createCompany(db, { name: unique('Child'), parentCompanyId: w.company.id });
  const grandchild = await createCompany(db, { name: unique('Grandchild'), parentCompanyId: child.id });
  const stranger = await createCompany(db, { name: unique('Stranger') });
  expect(stranger.id).toBeGreaterThan(0);
  companyIds = [w.company.id, child.id, grandchild.id].sort((a, b) => a - b);
  manager = await login(w.email, w.password, w.ip);
  const plain = await world({ roles: [ROLE.REPORT_MANAGER], company: OPERATOR });
  noSetting = await login(plain.email, plain.password, plain.ip);
  const driver = await world({ company: METABASE });
  noRole = await login(driver.email, driver.password, driver.ip);
});

describe('GET /api/metabase/dashboard/{id}', () => {
  it("answers a signed embed address locked to the caller's company subtree", async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await call('/metabase/dashboard/12', manager);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { url } = (await res.json()) as { url: string };
    const match = /^https:\/\/metabase\.example\.test\/embed\/dashboard\/([^#]+)#bordered=true&titled=true$/.exec(url);
    expect(match).not.toBeNull();
    const secret = new TextEncoder().encode((env as MetabaseEnv).METABASE_SECRET_KEY);
    const { payload, protectedHeader } = await jwtVerify(match?.[1] ?? '', secret, { algorithms: ['HS256'] });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.resource).toEqual({ dashboard: 12 });
    const params = payload.params as { company_id: number[] };
    expect([...params.company_id].sort((a, b) => a - b)).toEqual(companyIds);
    expect(payload.exp).toBeGreaterThan(before);
    expect((payload.exp ?? 0) - before).toBeLessThanOrEqual(10 * 60 + 1);
  });

  it('refuses a token signed with another secret', async () => {
    const { url } = (await (await call('/metabase/dashboard/3', manager)).json()) as { url: string };
    const token = url.split('/embed/dashboard/')[1]?.split('#')[0] ?? '';
    await expect(jwtVerify(token, new TextEncoder().encode('another-secret-0123456789abcdef'))).rejects.toThrow();
  });

  it('validates the dashboard id as a positive integer', async () => {
    for (const id of ['0', '-4', 'abc', '1.5']) {
      const res = await call(`/metabase/dashboard/${id}`, manager);
      expect(res.status).toBe(400);
    }
  });

  it('is 403 without the report manager role or without setting 41', async () => {
    const forbidden = {
      code: 'FORBIDDEN',
      message: "Forbidden resource. You don't have the permission to request this resource.",
    };
    await expectError(await call('/metabase/dashboard/12', noRole), 403, forbidden);
    await expectError(await call('/metabase/dashboard/12', noSetting), 403, forbidden);
  });

  it('is 401 without a session', async () => {
    expect((await call('/metabase/dashboard/12')).status).toBe(401);
  });
});
