/**
 * Company-group filters by level on the station and connector lists (group1_id..group4_id, AND), compared
 * with a plain scan of the stations this test created; the older group_id (any level) still works.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createConnector, createStation } from '../../drizzle/seed/factories';
import { call, db, failOnConsoleError, login, type Session, unique, world } from './helpers';

failOnConsoleError();

type Levels = [number | null, number | null, number | null, number | null];
interface Made {
  id: number;
  connectorIds: number[];
  groups: Levels;
}

describe('company-group filters by level (stations and connectors)', () => {
  let admin: Session;
  let outsider: Session;
  const tag = unique('GLVL');
  const made: Made[] = [];
  /** Two groups per level, [level - 1][0 | 1]. */
  const groups: number[][] = [];
  let foreignGroup: number;

  beforeAll(async () => {
    const { companyGroups } = await import('../../drizzle/schema');
    const a = await world({ roles: [37], company: { cpms: 'public' } });
    const o = await world({ roles: [37], company: { cpms: 'public' } });
    for (const level of [1, 2, 3, 4]) {
      const rows = await db
        .insert(companyGroups)
        .values([0, 1].map((i) => ({ companyId: a.company.id, level, name: `${tag} L${level}-${i}` })))
        .returning({ id: companyGroups.id });
      groups.push(rows.map((r) => r.id));
    }
    const [theirs] = await db
      .insert(companyGroups)
      .values({ companyId: o.company.id, level: 1, name: `${tag} theirs` })
      .returning({ id: companyGroups.id });
    foreignGroup = theirs?.id ?? 0;
    // Every combination of (none | group 0 | group 1) on levels 1 and 2, and a few on levels 3 and 4.
    const pick = (level: number, i: number) => (i === 2 ? null : (groups[level - 1]?.[i] ?? null));
    let n = 0;
    for (const g1 of [0, 1, 2])
      for (const g2 of [0, 1, 2]) {
        n += 1;
        const levels: Levels = [pick(1, g1), pick(2, g2), pick(3, n % 3), pick(4, (n + 1) % 3)];
        const station = await createStation(db, {
          uid: `${tag}-${n}`,
          name: `${tag} ${n}`,
          companyId: a.company.id,
          city: `${tag}-city`,
          group1Id: levels[0],
          group2Id: levels[1],
          group3Id: levels[2],
          group4Id: levels[3],
        });
        const connectorIds: number[] = [];
        for (const c of [1, 2]) {
          connectorIds.push(
            (await createConnector(db, { stationId: station.id, connectorNumber: c, uid: `${tag}-${n}-${c}` })).id,
          );
        }
        made.push({ id: station.id, connectorIds, groups: levels });
      }
    // Another company's station in the same city, in its own group.
    await createStation(db, {
      uid: `${tag}-X`,
      name: `${tag} X`,
      companyId: o.company.id,
      city: `${tag}-city`,
      group1Id: foreignGroup,
    });
    [admin, outsider] = await Promise.all([login(a.email, a.password, a.ip), login(o.email, o.password, o.ip)]);
  });

  const ids = async (path: '/stations' | '/connectors', json: Record<string, unknown>, who = admin) => {
    const res = await call(path, { ...who, json: { items_per_page: 200, city: [`${tag}-city`], ...json } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { id: number }[] }).data.map((r) => r.id).sort((x, y) => x - y);
  };
  /** The plain scan: the stations made here whose levels match every given filter. */
  const scan = (filter: Partial<Record<'group1_id' | 'group2_id' | 'group3_id' | 'group4_id', number>>) => {
    const hits = made.filter((m) =>
      ([1, 2, 3, 4] as const).every((level) => {
        const want = filter[`group${level}_id`];
        return want === undefined || m.groups[level - 1] === want;
      }),
    );
    return {
      stations: hits.map((m) => m.id).sort((x, y) => x - y),
      connectors: hits.flatMap((m) => m.connectorIds).sort((x, y) => x - y),
    };
  };

  const cases = (): Record<string, number>[] => {
    const [l1, l2, l3, l4] = groups as [number[], number[], number[], number[]];
    return [
      {},
      { group1_id: l1[0] as number },
      { group2_id: l2[1] as number },
      { group1_id: l1[0] as number, group2_id: l2[0] as number },
      { group1_id: l1[1] as number, group2_id: l2[0] as number, group3_id: l3[1] as number },
      { group3_id: l3[0] as number, group4_id: l4[1] as number },
      {
        group1_id: l1[0] as number,
        group2_id: l2[1] as number,
        group3_id: l3[0] as number,
        group4_id: l4[0] as number,
      },
    ];
  };

  it('filters stations and connectors by one group per level, combined with AND, as a plain scan does', async () => {
    for (const filter of cases()) {
      const expected = scan(filter);
      expect(await ids('/stations', filter), JSON.stringify(filter)).toEqual(expected.stations);
      expect(await ids('/connectors', filter), JSON.stringify(filter)).toEqual(expected.connectors);
    }
    // At least one case narrows to a few stations and one to none, so the comparison means something.
    const sizes = cases().map((f) => scan(f).stations.length);
    expect(Math.max(...sizes)).toBe(9);
    expect(sizes.some((n) => n > 0 && n < 9)).toBe(true);
  });

  it('counts the same total as the rows it filters (the list total)', async () => {
    const filter = { group1_id: groups[0]?.[1] as number };
    const res = await call('/connectors', { ...admin, json: { ...filter, items_per_page: 1 } });
    expect(((await res.json()) as { total: number }).total).toBe(scan(filter).connectors.length);
  });

  it('keeps the older group_id (any level) working', async () => {
    const g = groups[1]?.[0] as number;
    const expected = made.filter((m) => m.groups.includes(g)).map((m) => m.id);
    expect(await ids('/stations', { group_id: g })).toEqual(expected.sort((x, y) => x - y));
  });

  it("never lists another company's stations, whatever group id is sent", async () => {
    expect(await ids('/stations', { group1_id: foreignGroup })).toEqual([]);
    expect(await ids('/connectors', { group1_id: groups[0]?.[0] as number }, outsider)).toEqual([]);
  });

  it('validates the level fields', async () => {
    const res = await call('/stations', { ...admin, json: { group2_id: 'north' } });
    expect(res.status).toBe(400);
    expect((await call('/connectors', { ...admin, json: { group5_id: 1 } })).status).toBe(400);
  });
});
