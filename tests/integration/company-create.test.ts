/**
 * Company creation and lifecycle (issue 20 part 1, ADR 050): POST /company with a new corporate admin who
 * is invited by e-mail, sets a password and logs in; spec section 5 validation; super users only, within
 * their scope; the tree, a move refused when it would make a cycle, close, and a delete that keeps the
 * company's history readable.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { auditLog, companies, companyServiceSettings, userRoles, users } from '../../drizzle/schema';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import {
  call,
  db,
  expectError,
  failOnConsoleError,
  insertDriverSessions,
  lastMail,
  login,
  type Session,
  unique,
  type World,
  world,
} from './helpers';

failOnConsoleError();

const MSG = {
  forbidden: "Forbidden resource. You don't have the permission to request this resource.",
  name: 'Company name is mandatory.',
  country: 'Country is mandatory: choose a two-letter country code such as FR.',
  vatInvalid: 'The VAT number does not have a valid European format, e.g. FR40123456824.',
  adminRequired: 'A corporate admin is mandatory: choose an existing user or enter a new one.',
  unreachable: 'This user cannot reach the new company: choose a user of the parent company or above.',
  cycle: 'A company cannot move under itself or one of its own subsidiaries.',
  closed: 'This company is closed: it cannot receive new subsidiaries.',
  typedName: 'Type the exact name of the company to confirm its deletion.',
  children: 'This company still has subsidiaries: move or delete them first.',
  stations: 'This company still has stations: move them to another company first.',
};

interface Node {
  id: number;
  name: string;
  is_closed: boolean;
  children: Node[];
}
const flatten = (n: Node): Node[] => [n, ...n.children.flatMap(flatten)];

let root: World;
let superSession: Session;

const body = (extra: Record<string, unknown> = {}) => ({
  name: unique('Voltaria'),
  country: 'FR',
  vat: 'FR40123456824',
  parent_company_id: root.company.id,
  is_evfleet: true,
  service_settings: [SERVICE.MANAGE_USERS],
  corporate_admin: { email: `${unique('admin')}@example.test`, first_name: 'Ada', last_name: 'Admin' },
  ...extra,
});
const create = (json: unknown, s: Session = superSession) => call('/company', { ...s, json });
const created = async (res: Response) => {
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; corporate_admin_id: number; invited: boolean };
};
const tree = async (s: Session = superSession) => {
  const res = await call('/company/tree', s);
  expect(res.status).toBe(200);
  return flatten(((await res.json()) as { data: Node }).data);
};

beforeAll(async () => {
  root = await world({ roles: [ROLE.SUPER_USER], company: { cpms: 'public', isEvfleet: true } });
  superSession = await login(root.email, root.password, root.ip);
});

describe('POST /company', () => {
  it('creates the company with its settings and a new admin, who sets a password from the invitation and logs in', async () => {
    const input = body();
    const made = await created(await create(input));
    expect(made.invited).toBe(true);
    const row = await db.select().from(companies).where(eq(companies.id, made.id)).get();
    expect(row).toMatchObject({
      name: input.name,
      parentCompanyId: root.company.id,
      isEvfleet: true,
      taxIdCountry: 'FR',
      corporateAdminId: made.corporate_admin_id,
    });
    const settings = await db
      .select()
      .from(companyServiceSettings)
      .where(eq(companyServiceSettings.companyId, made.id));
    expect(settings.map((s) => s.settingId)).toEqual([SERVICE.MANAGE_USERS]);
    const admin = await db.select().from(users).where(eq(users.id, made.corporate_admin_id)).get();
    expect(admin).toMatchObject({ email: input.corporate_admin.email, companyId: made.id, passwordHash: null });
    const roles = await db.select().from(userRoles).where(eq(userRoles.userId, made.corporate_admin_id));
    expect(roles.map((r) => r.roleId)).toEqual([ROLE.ADMINISTRATIVE_SERVICES]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, 'company.created'));
    expect(audit.some((a) => a.companyId === made.id && a.entityId === String(made.id))).toBe(true);

    // At once in the super user's tree and company switcher.
    expect((await tree()).map((n) => n.id)).toContain(made.id);
    const me = (await (await call('/me', superSession)).json()) as { companies: Node };
    expect(flatten(me.companies).map((n) => n.id)).toContain(made.id);

    const mail = await lastMail(input.corporate_admin.email, 'company-admin-invitation');
    expect(mail.text).toContain(input.name);
    const token = /\/reset-password\/new#(\S+)/.exec(mail.text)?.[1] ?? '';
    const password = 'a brand new password';
    const set = await call('/reset-password/confirm', {
      json: { token, password, passwordConfirmation: password },
    });
    expect(set.status).toBe(200);
    const adminSession = await login(input.corporate_admin.email, password);
    const adminMe = (await (await call('/me', adminSession)).json()) as { company: { id: number } };
    expect(adminMe.company.id).toBe(made.id);
  });

  it('takes an existing user of the parent as admin, and refuses one who could not reach the company', async () => {
    const colleague = await createUser(db, { companyId: root.company.id, email: `${unique('c')}@example.test` });
    const made = await created(await create(body({ corporate_admin: { user_id: colleague.id } })));
    expect(made).toMatchObject({ corporate_admin_id: colleague.id, invited: false });
    const roles = await db.select().from(userRoles).where(eq(userRoles.userId, colleague.id));
    expect(roles.map((r) => r.roleId)).toContain(ROLE.ADMINISTRATIVE_SERVICES);

    const side = await createCompany(db, { name: unique('Side'), parentCompanyId: root.company.id });
    const sideUser = await createUser(db, { companyId: side.id, email: `${unique('s')}@example.test` });
    await expectError(await create(body({ corporate_admin: { user_id: sideUser.id } })), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.unreachable,
      field: 'corporate_admin.user_id',
    });
  });

  it('refuses a missing name, country or corporate admin and a bad VAT number (spec section 5)', async () => {
    const { name: _n, ...noName } = body();
    await expectError(await create(noName), 400, { code: 'VALIDATION_FAILED', message: MSG.name, field: 'name' });
    await expectError(await create(body({ country: '' })), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.country,
      field: 'country',
    });
    await expectError(await create(body({ vat: 'FR123' })), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.vatInvalid,
      field: 'vat',
    });
    const { corporate_admin: _a, ...noAdmin } = body();
    await expectError(await create(noAdmin), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.adminRequired,
      field: 'corporate_admin',
    });
  });

  it('is for super users only (403 for an administrative services admin)', async () => {
    const admin37 = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { cpms: 'public' } });
    const s = await login(admin37.email, admin37.password, admin37.ip);
    await expectError(await create(body({ parent_company_id: admin37.company.id }), s), 403, {
      code: 'FORBIDDEN',
      message: MSG.forbidden,
    });
  });

  it('refuses a parent outside the tree of an operator super user (51)', async () => {
    const operator = await world({ roles: [ROLE.SUPER_USER_OPERATOR], company: { cpms: 'public' } });
    const s = await login(operator.email, operator.password, operator.ip);
    await expectError(await create(body({ parent_company_id: root.company.id }), s), 403, {
      code: 'FORBIDDEN',
      message: MSG.forbidden,
      field: 'parent_company_id',
    });
    const own = await created(await create(body({ parent_company_id: operator.company.id }), s));
    expect((await tree(s)).map((n) => n.id)).toContain(own.id);
  });
});

describe('tree, move and close', () => {
  it('refuses a move under the company itself or a descendant, and moves elsewhere', async () => {
    const a = await createCompany(db, { name: unique('A'), parentCompanyId: root.company.id });
    const b = await createCompany(db, { name: unique('B'), parentCompanyId: a.id });
    const move = (id: number, parent: number) =>
      call(`/company/${id}/parent`, { ...superSession, method: 'PUT', json: { parent_company_id: parent } });
    await expectError(await move(a.id, b.id), 409, {
      code: 'COMPANY_MOVE_REFUSED',
      message: MSG.cycle,
      field: 'parent_company_id',
    });
    await expectError(await move(a.id, a.id), 409, {
      code: 'COMPANY_MOVE_REFUSED',
      message: MSG.cycle,
      field: 'parent_company_id',
    });
    const other = await world({ roles: [ROLE.SUPER_USER] });
    await expectError(await move(a.id, other.company.id), 403, {
      code: 'FORBIDDEN',
      message: MSG.forbidden,
      field: 'parent_company_id',
    });
    const moved = await move(b.id, root.company.id);
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ id: b.id, parent_company_id: root.company.id });
  });

  it('closes a company: shown closed, no new subsidiary under it; reopens it', async () => {
    const c = await createCompany(db, { name: unique('Closing'), parentCompanyId: root.company.id });
    const close = (is_closed: boolean) =>
      call(`/company/${c.id}/closed`, { ...superSession, method: 'PUT', json: { is_closed } });
    expect((await close(true)).status).toBe(200);
    expect((await tree()).find((n) => n.id === c.id)?.is_closed).toBe(true);
    await expectError(await create(body({ parent_company_id: c.id })), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.closed,
      field: 'parent_company_id',
    });
    expect((await close(false)).status).toBe(200);
    expect((await created(await create(body({ parent_company_id: c.id })))).id).toBeGreaterThan(0);
  });
});

describe('DELETE /company/{id}', () => {
  const remove = (id: number, name: string) =>
    call(`/company/${id}`, { ...superSession, method: 'DELETE', json: { name } });

  it('refuses a wrong typed name, a company with subsidiaries or stations', async () => {
    const parent = await createCompany(db, { name: unique('Parent'), parentCompanyId: root.company.id });
    await createCompany(db, { name: unique('Kid'), parentCompanyId: parent.id });
    await expectError(await remove(parent.id, 'nope'), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.typedName,
      field: 'name',
    });
    await expectError(await remove(parent.id, parent.name), 409, {
      code: 'COMPANY_DELETE_REFUSED',
      message: MSG.children,
    });
    const owner = await createCompany(db, { name: unique('Owner'), parentCompanyId: root.company.id });
    await createStation(db, { uid: unique('ST'), companyId: owner.id });
    await expectError(await remove(owner.id, owner.name), 409, {
      code: 'COMPANY_DELETE_REFUSED',
      message: MSG.stations,
    });
  });

  it('deactivates its users, leaves the tree, and keeps its sessions readable with its name', async () => {
    const gone = await createCompany(db, { name: unique('Gone'), parentCompanyId: root.company.id, isEvfleet: true });
    const driver = await createUser(
      db,
      {
        companyId: gone.id,
        email: `${unique('d')}@example.test`,
        password: root.password,
        roles: [ROLE.ADMINISTRATIVE_SERVICES],
      },
      { iterations: 1000 },
    );
    const driverSession = await login(driver.email, root.password);
    const station = await createStation(db, { uid: unique('ROOT'), companyId: root.company.id });
    await insertDriverSessions(driver, gone.id, [[station.id, 'closed']]);
    const [session] = await db.$client
      .prepare('SELECT id FROM charging_sessions WHERE user_id = ?')
      .bind(driver.id)
      .all<{ id: number }>()
      .then((r) => r.results);

    const res = await remove(gone.id, ` ${gone.name.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: gone.id, name: gone.name, is_closed: true });

    expect((await tree()).map((n) => n.id)).not.toContain(gone.id);
    expect((await db.select().from(users).where(eq(users.id, driver.id)).get())?.status).toBe('deleted');
    expect((await call('/me', driverSession)).status).toBe(401);
    expect((await call('/login', { json: { email: driver.email, password: root.password } })).status).toBe(401);

    const detail = await call(`/sessions/${session?.id}`, superSession);
    expect(detail.status).toBe(200);
    expect((await db.select().from(companies).where(eq(companies.id, gone.id)).get())?.name).toBe(gone.name);
    // Deleted once: a second delete finds nothing.
    expect((await remove(gone.id, gone.name)).status).toBe(404);
  });
});
