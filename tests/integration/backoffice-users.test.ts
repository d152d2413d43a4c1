/** Back-office users API (spec 7.7): roles, scope, lifecycle, role changes at next login. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { createUser } from '../../drizzle/seed/factories';
import {
  call,
  db,
  expectError,
  failOnConsoleError,
  lastMail,
  login,
  loginPending,
  type Session,
  unique,
  uniqueIp,
  type World,
  world,
} from './helpers';

failOnConsoleError();

interface Bo {
  id: number;
  roles: number[];
  state: string;
  permission_updates_disabled: boolean;
}

let admin: World;
let session: Session;
let other: World;

beforeAll(async () => {
  admin = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { isEvfleet: true } });
  other = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { isEvfleet: true } });
  session = await login(admin.email, admin.password, admin.ip);
});

describe('back-office users', () => {
  it('lists roles with what the caller may give', async () => {
    const res = await call('/roles', session);
    const { data } = (await res.json()) as { data: { id: number; grantable: boolean }[] };
    expect(data.find((r) => r.id === ROLE.FLEET_MANAGER_VIEW)?.grantable).toBe(true);
    expect(data.find((r) => r.id === ROLE.SUPER_USER)?.grantable).toBe(false);
  });

  it('creates, updates roles (effective at next login), removes, deletes and restores', async () => {
    const email = `${unique('bo')}@example.test`;
    await expectError(await call('/backoffice/add', { ...session, json: { email: 'x', roles: [31] } }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Enter a valid e-mail address.',
      field: 'email',
    });
    await expectError(await call('/backoffice/add', { ...session, json: { email, roles: [ROLE.SUPER_USER] } }), 403, {
      code: 'ROLE_NOT_ALLOWED',
      message: 'Role 50 cannot be given by you.',
      field: 'roles',
    });
    const res = await call('/backoffice/add', {
      ...session,
      json: { email, roles: [ROLE.FLEET_MANAGER_VIEW], permission_updates_disabled: true },
    });
    expect(res.status).toBe(201);
    const bo = (await res.json()) as Bo;
    expect([bo.roles, bo.permission_updates_disabled]).toEqual([[ROLE.FLEET_MANAGER_VIEW], true]);
    await expectError(await call('/backoffice/add', { ...session, json: { email, roles: [31] } }), 409, {
      code: 'EMAIL_TAKEN',
      message: 'A user with this e-mail already exists.',
      field: 'email',
    });
    const updated = await call(`/backoffice/${bo.id}`, {
      ...session,
      method: 'PUT',
      json: { roles: [ROLE.FLEET_MANAGER_MANAGE_USERS, ROLE.RFID_MANAGEMENT] },
    });
    expect(((await updated.json()) as Bo).roles).toEqual([ROLE.FLEET_MANAGER_MANAGE_USERS, ROLE.RFID_MANAGEMENT]);
    const list = (await (await call('/backoffice', { ...session, json: { role: ROLE.RFID_MANAGEMENT } })).json()) as {
      data: Bo[];
    };
    expect(list.data.map((u) => u.id)).toContain(bo.id);
    const removed = await call(`/backoffice/${bo.id}/remove`, { ...session, method: 'PUT' });
    expect(((await removed.json()) as Bo).roles).toEqual([]);
    expect((await call(`/backoffice/${bo.id}`, { ...session, method: 'DELETE' })).status).toBe(200);
    expect((await call(`/backoffice/${bo.id}/restore`, { ...session, method: 'PUT' })).status).toBe(200);
  });

  it('invites a new member of an operator company (not a fleet) to set a password, with a link that works once', async () => {
    const operator = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { cpms: 'public' } });
    const s = await login(operator.email, operator.password, operator.ip);
    const email = `${unique('agent')}@example.test`;
    const res = await call('/backoffice/add', {
      ...s,
      json: { email, first_name: 'Sam', roles: [ROLE.SUPPORT_AGENT] },
    });
    expect(res.status).toBe(201);
    const mail = await lastMail(email, 'backoffice-invitation');
    expect(mail.subject).toBe(`Your back-office access at ${operator.company.name}`);
    const token = /\/reset-password\/new#([\w-]+)/.exec(mail.text)?.[1] ?? '';
    expect(token).not.toBe('');
    const password = 'a staff password 2026';
    const set = () =>
      call('/reset-password/confirm', { ip: uniqueIp(), json: { token, password, passwordConfirmation: password } });
    expect((await set()).status).toBe(200);
    expect((await set()).status).not.toBe(200);
    // The password works: the login reaches the second factor (loginPending asserts the 200 and the session).
    expect((await loginPending(email, password, uniqueIp())).cookie).not.toBe('');
  });

  it("answers 404 for another company's user and 403 to a fleet manager", async () => {
    const theirs = await createUser(db, { companyId: other.company.id, email: `${unique('t')}@example.test` });
    await expectError(await call(`/backoffice/${theirs.id}`, session), 404, {
      code: 'USER_NOT_FOUND',
      message: 'User not found',
    });
    const fm = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: { isEvfleet: true } });
    const s = await login(fm.email, fm.password, fm.ip);
    expect((await call('/backoffice', { ...s, json: {} })).status).toBe(403);
  });

  it('role changes take effect at the next login', async () => {
    const target = await world({ roles: [ROLE.FLEET_MANAGER_VIEW], company: { isEvfleet: true } });
    const admin2 = await createUser(
      db,
      {
        companyId: target.company.id,
        email: `${unique('a')}@example.test`,
        password: target.password,
        roles: [ROLE.ADMINISTRATIVE_SERVICES],
      },
      { iterations: 1000 },
    );
    const before = await login(target.email, target.password, target.ip);
    const adminSession = await login(admin2.email, target.password);
    expect((await call('/users/create', { ...before, json: {} })).status).toBe(403);
    await call(`/backoffice/${target.user.id}`, {
      ...adminSession,
      method: 'PUT',
      json: { roles: [ROLE.ADMINISTRATIVE_SERVICES] },
    });
    // The running session keeps the roles read at login.
    expect((await call('/backoffice', { ...before, json: {} })).status).toBe(403);
    const after = await login(target.email, target.password);
    expect((await call('/backoffice', { ...after, json: {} })).status).toBe(200);
  });
});
