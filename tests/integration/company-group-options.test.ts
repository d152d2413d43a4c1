/** The company-group picker choices: labels per level, groups of the scope only, setting 44 reported, viewers only. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { companyGroups } from '../../drizzle/schema';
import { call, db, failOnConsoleError, login, type Session, world } from './helpers';

failOnConsoleError();

interface Options {
  enabled: boolean;
  levels: { level: number; label: string; groups: { id: number; name: string }[] }[];
}

let fleet: Session;
let other: Session;
let selfCharge: Session;

beforeAll(async () => {
  const a = await world({
    roles: [ROLE.FLEET_MANAGER_VIEW],
    company: { isEvfleet: true, services: [SERVICE.COMPANY_GROUPS], group1Label: 'Region', group2Label: 'Depot' },
  });
  const b = await world({ roles: [ROLE.FLEET_MANAGER_VIEW], company: { isEvfleet: true } });
  const p = await world({ roles: [ROLE.SELF_CHARGE] });
  await db.insert(companyGroups).values([
    { companyId: a.company.id, level: 1, name: 'North' },
    { companyId: a.company.id, level: 1, name: 'East' },
    { companyId: a.company.id, level: 2, name: 'Lille depot' },
    { companyId: b.company.id, level: 1, name: 'Foreign' },
  ]);
  [fleet, other, selfCharge] = await Promise.all([
    login(a.email, a.password, a.ip),
    login(b.email, b.password, b.ip),
    login(p.email, p.password, p.ip),
  ]);
});

describe('GET /reference/company-groups', () => {
  it('answers the four levels with labels and the groups of the scope', async () => {
    const res = await call('/reference/company-groups', fleet);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Options;
    expect(body.enabled).toBe(true);
    expect(body.levels.map((l) => l.label)).toEqual(['Region', 'Depot', 'Group 3', 'Group 4']);
    expect(body.levels[0]?.groups.map((g) => g.name)).toEqual(['East', 'North']);
    expect(body.levels[1]?.groups.map((g) => g.name)).toEqual(['Lille depot']);
  });

  it('keeps other companies apart and reports setting 44 off', async () => {
    const body = (await (await call('/reference/company-groups', other)).json()) as Options;
    expect(body.enabled).toBe(false);
    expect(body.levels[0]?.groups.map((g) => g.name)).toEqual(['Foreign']);
  });

  it('answers the labels and no group to callers who see neither fleet nor connectors', async () => {
    const res = await call('/reference/company-groups', selfCharge);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Options;
    expect(body.levels).toHaveLength(4);
    expect(body.levels.flatMap((l) => l.groups)).toEqual([]);
  });
});
