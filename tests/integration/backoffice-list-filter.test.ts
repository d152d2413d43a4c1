/** The back-office users list (spec 7.7): keyword on e-mail or full name, state, paging and total, scope. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { createUser } from '../../drizzle/seed/factories';
import { call, db, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

interface Page {
  data: { id: number; email: string }[];
  total: number;
  page: number;
  items_per_page: number;
}

let admin: World;
let session: Session;
const ids: Record<string, number> = {};

beforeAll(async () => {
  admin = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { isEvfleet: true } });
  session = await login(admin.email, admin.password, admin.ip);
  const other = await world({ company: { isEvfleet: true } });
  const add = async (
    key: string,
    companyId: number,
    extra: { firstName: string; lastName: string; status?: 'deleted' },
  ) => {
    const u = await createUser(db, {
      companyId,
      email: `${unique(key)}@example.test`,
      roles: [ROLE.RFID_MANAGEMENT],
      ...extra,
    });
    ids[key] = u.id;
  };
  await add('zed', admin.company.id, { firstName: 'Quintus', lastName: 'Marlow' });
  await add('yan', admin.company.id, { firstName: 'Quintus', lastName: 'Hale', status: 'deleted' });
  await add('xia', admin.company.id, { firstName: 'Ada', lastName: 'Byron' });
  await add('wim', other.company.id, { firstName: 'Quintus', lastName: 'Other' });
});

const list = async (json: Record<string, unknown>) =>
  (await (await call('/backoffice', { ...session, json })).json()) as Page;

describe('back-office users list', () => {
  it('finds by full name or e-mail, case ignored, only in the scope, newest first', async () => {
    const byName = await list({ keyword: 'quintus M' });
    expect(byName.data.map((u) => u.id)).toEqual([ids.zed]);
    const both = await list({ keyword: 'QUINTUS' });
    expect(both.data.map((u) => u.id)).toEqual([ids.yan, ids.zed]);
    expect(both.total).toBe(2);
    const byMail = await list({ keyword: 'xia' });
    expect(byMail.data.map((u) => u.id)).toEqual([ids.xia]);
  });

  it('filters by state and pages with the total of all matches', async () => {
    expect((await list({ keyword: 'quintus', state: 'deleted' })).data.map((u) => u.id)).toEqual([ids.yan]);
    const second = await list({ keyword: 'quintus', page: 1, items_per_page: 1 });
    expect([second.data.map((u) => u.id), second.total]).toEqual([[ids.zed], 2]);
  });
});
