/**
 * Issue 24 §6: the session filters asked for raw ids. GET /sessions/filter-options/{kind} answers the
 * pickers: names of the caller's stations, company groups, users and corporate groups by keyword or
 * id, never another company's, and only to callers who may list sessions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { companyGroups, corporateGroups } from '../../drizzle/schema';
import { createStation, createUser } from '../../drizzle/seed/factories';
import { call, db, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

type Options = { data: { id: number; name: string; detail: string | null }[] };
const OPERATOR = { cpms: 'public' as const };

let w: World;
let other: World;
let s: Session;
let stationId: number;

beforeAll(async () => {
  w = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: OPERATOR });
  other = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: OPERATOR });
  s = await login(w.email, w.password, w.ip);
  stationId = (
    await createStation(db, { uid: unique('ST'), name: 'Lyon Part-Dieu', companyId: w.company.id, country: 'FR' })
  ).id;
  await createStation(db, {
    uid: unique('ST'),
    name: 'Lyon Confluence (other company)',
    companyId: other.company.id,
    country: 'FR',
  });
  await db.insert(companyGroups).values([
    { companyId: w.company.id, level: 1, name: 'Rhône sites' },
    { companyId: other.company.id, level: 1, name: 'Rhône rivals' },
  ]);
  await db.insert(corporateGroups).values([
    { companyId: w.company.id, name: 'Sales team' },
    { companyId: other.company.id, name: 'Sales rivals' },
  ]);
  await createUser(
    db,
    {
      companyId: w.company.id,
      email: `${unique('ana')}@example.test`,
      password: 'x',
      firstName: 'Ana',
      lastName: 'Lopez',
      roles: [],
    },
    { iterations: 1000 },
  );
  await createUser(
    db,
    {
      companyId: other.company.id,
      email: `${unique('ana')}@example.test`,
      password: 'x',
      firstName: 'Ana',
      lastName: 'Rival',
      roles: [],
    },
    { iterations: 1000 },
  );
});

const names = async (path: string, session: Session = s) => {
  const res = await call(path, session);
  expect(res.status).toBe(200);
  return ((await res.json()) as Options).data.map((o) => o.name);
};

describe('GET /sessions/filter-options/{kind}', () => {
  it.each([
    { kind: 'station', keyword: 'Lyon', want: ['Lyon Part-Dieu'] },
    { kind: 'group', keyword: 'Rhône', want: ['Rhône sites'] },
    { kind: 'corporate_group', keyword: 'Sales', want: ['Sales team'] },
    { kind: 'user', keyword: 'Ana', want: ['Ana Lopez'] },
  ])('$kind: matches of the caller’s companies only', async ({ kind, keyword, want }) => {
    expect(await names(`/sessions/filter-options/${kind}?keyword=${encodeURIComponent(keyword)}`)).toEqual(want);
  });

  it('gives the label of an id in the URL, and nothing for another company’s id', async () => {
    expect(await names(`/sessions/filter-options/station?id=${stationId}`)).toEqual(['Lyon Part-Dieu']);
    const o = await login(other.email, other.password, other.ip);
    expect(await names(`/sessions/filter-options/station?id=${stationId}`, o)).toEqual([]);
  });

  it('refuses an unknown kind; a caller who may not list sessions gets no choices', async () => {
    expect((await call('/sessions/filter-options/company', s)).status).toBe(400);
    const driver = await world({ roles: [ROLE.SELF_CHARGE], company: OPERATOR });
    const d = await login(driver.email, driver.password, driver.ip);
    expect(await names('/sessions/filter-options/station?keyword=Lyon', d)).toEqual([]);
  });
});

describe('GET /tariff/customer-groups', () => {
  it('offers the live customer groups of the caller’s companies by name or id', async () => {
    const { customerGroups } = await import('../../drizzle/schema');
    const [mine] = await db
      .insert(customerGroups)
      .values({ companyId: w.company.id, name: 'Night drivers' })
      .returning();
    await db.insert(customerGroups).values([
      { companyId: w.company.id, name: 'Night owls (deleted)', deletedAt: new Date() },
      { companyId: other.company.id, name: 'Night rivals' },
    ]);
    expect(await names('/tariff/customer-groups?keyword=Night')).toEqual(['Night drivers']);
    expect(await names(`/tariff/customer-groups?id=${mine?.id}`)).toEqual(['Night drivers']);
  });
});
