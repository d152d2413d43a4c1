/**
 * A deleted user cannot be changed until restored (409 USER_DELETED): the fleet user update, the
 * personal data update, and the back-office update and role grant; the row stays as it was.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { users } from '../../drizzle/schema';
import { createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const DELETED = { code: 'USER_DELETED', message: 'The user is deleted: restore it first.' };

let admin: World;
let session: Session;

beforeAll(async () => {
  admin = await world({
    roles: [ROLE.ADMINISTRATIVE_SERVICES, ROLE.FLEET_MANAGER_MANAGE_USERS],
    company: { isEvfleet: true, services: [SERVICE.MANAGE_USERS] },
  });
  session = await login(admin.email, admin.password, admin.ip);
});

const deletedUser = () =>
  createUser(db, {
    companyId: admin.company.id,
    email: `${unique('gone')}@example.test`,
    firstName: 'Before',
    status: 'deleted',
  });

describe('changes to a deleted user', () => {
  it('PUT /users/{id} answers 409 and changes nothing', async () => {
    const u = await deletedUser();
    await expectError(
      await call(`/users/${u.id}`, { ...session, method: 'PUT', json: { first_name: 'After' } }),
      409,
      DELETED,
    );
    expect((await db.select().from(users).where(eq(users.id, u.id)).get())?.firstName).toBe('Before');
  });

  it('POST /users/{id}/update-user-data answers 409', async () => {
    const u = await deletedUser();
    await expectError(
      await call(`/users/${u.id}/update-user-data`, { ...session, json: { firstName: 'After' } }),
      409,
      DELETED,
    );
  });

  it('PUT /backoffice/{id} and /backoffice/{id}/add answer 409 and change nothing', async () => {
    const u = await deletedUser();
    await expectError(
      await call(`/backoffice/${u.id}`, { ...session, method: 'PUT', json: { first_name: 'After' } }),
      409,
      DELETED,
    );
    await expectError(
      await call(`/backoffice/${u.id}/add`, { ...session, json: { roles: [ROLE.RFID_MANAGEMENT] } }),
      409,
      DELETED,
    );
    const row = await db.select().from(users).where(eq(users.id, u.id)).get();
    expect(row?.firstName).toBe('Before');
  });

  it("answers 404, not 409, for another company's deleted user", async () => {
    const other = await world({ company: { isEvfleet: true } });
    const u = await createUser(db, {
      companyId: other.company.id,
      email: `${unique('gone')}@example.test`,
      status: 'deleted',
    });
    const res = await call(`/backoffice/${u.id}`, { ...session, method: 'PUT', json: { first_name: 'After' } });
    expect(res.status).toBe(404);
  });
});
