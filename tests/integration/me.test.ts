import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../drizzle/schema';
import { createCompany } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, world } from './helpers';

failOnConsoleError();

const FORBIDDEN = {
  code: 'FORBIDDEN',
  message: "Forbidden resource. You don't have the permission to request this resource.",
};

interface Me {
  user: { id: number; email: string; token_2fa_method_id: number; companyId: number };
  company: { id: number; name: string };
  companies: { id: number; children: { id: number }[] } | null;
  roles: number[];
  permissions: string[];
}

async function me(session: Session): Promise<Me> {
  const res = await call('/me', session);
  expect(res.status).toBe(200);
  return (await res.json()) as Me;
}

/** A parent company with a child and a grandchild; the user belongs to the parent. */
async function tree() {
  const w = await world({ roles: [37], company: { isEvfleet: true } });
  const child = await createCompany(db, { name: 'Child', parentCompanyId: w.company.id });
  const grandchild = await createCompany(db, { name: 'Grandchild', parentCompanyId: child.id });
  const sibling = await createCompany(db, { name: 'Sibling' });
  return { ...w, child, grandchild, sibling, session: await login(w.email, w.password, w.ip) };
}

describe('GET /api/me', () => {
  it('describes the user, the selected company, the tree and the granted permissions', async () => {
    const t = await tree();
    const body = await me(t.session);
    expect(body.user).toMatchObject({ id: t.user.id, email: t.email, token_2fa_method_id: 1, companyId: t.company.id });
    expect(body.company).toMatchObject({ id: t.company.id, name: t.company.name });
    expect(body.companies).toMatchObject({ id: t.company.id, children: [{ id: t.child.id }] });
    expect(body.roles).toEqual([37]);
    expect(body.permissions).toContain('session:basic');
    expect(body.permissions).toContain('fleet:view');
  });

  it('needs a session', async () => {
    await expectError(await call('/me'), 401, { code: 'UNAUTHENTICATED', message: 'You are not logged in.' });
  });
});

describe('PUT /api/me/company', () => {
  it('switches to a descendant: /api/me shows it, and the next login starts there', async () => {
    const t = await tree();
    for (const target of [t.grandchild, t.child]) {
      const res = await call('/me/company', { ...t.session, method: 'PUT', json: { companyId: target.id } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ companyId: target.id });
      expect((await me(t.session)).company).toMatchObject({ id: target.id, name: target.name });
    }
    const next = await login(t.email, t.password, t.ip);
    expect((await me(next)).company.id).toBe(t.child.id);
    const user = await db.select().from(users).where(eq(users.id, t.user.id)).get();
    expect(user?.selectedCompanyId).toBe(t.child.id);
  });

  it('switches back to the own company', async () => {
    const t = await tree();
    await call('/me/company', { ...t.session, method: 'PUT', json: { companyId: t.child.id } });
    const res = await call('/me/company', { ...t.session, method: 'PUT', json: { companyId: t.company.id } });
    expect(res.status).toBe(200);
    expect((await me(t.session)).company.id).toBe(t.company.id);
  });

  it('refuses the parent, a sibling, a stranger and an unknown id with 403 and the forbidden message', async () => {
    const parent = await createCompany(db, { name: 'Parent' });
    const sibling = await createCompany(db, { name: 'Sibling', parentCompanyId: parent.id });
    const stranger = await createCompany(db, { name: 'Stranger' });
    const childUser = await world({ company: { parentCompanyId: parent.id } });
    const session = await login(childUser.email, childUser.password, childUser.ip);
    for (const companyId of [parent.id, sibling.id, stranger.id, 999_999]) {
      await expectError(await call('/me/company', { ...session, method: 'PUT', json: { companyId } }), 403, FORBIDDEN);
    }
    expect((await me(session)).company.id).toBe(childUser.company.id);
  });

  it('refuses a company outside the tree even after switching down into it', async () => {
    const t = await tree();
    await call('/me/company', { ...t.session, method: 'PUT', json: { companyId: t.child.id } });
    await expectError(
      await call('/me/company', { ...t.session, method: 'PUT', json: { companyId: t.sibling.id } }),
      403,
      FORBIDDEN,
    );
  });
});
