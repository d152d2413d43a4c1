/**
 * The fleet user list reads its keyword candidates from trigram indexes and its charging status from a
 * partial index (ADR 030-fleet-perf). Its answers must be exactly those of the plain scan it replaced:
 * every filter is compared, page by page, with that scan written out here, on users with mixed-case,
 * accented and quoted names, cards, sessions in progress, deleted users and another company's users.
 */
import { env } from 'cloudflare:test';
import type { ListFilters } from '@api/routes/users/list/list.schemas';
import { listUsers } from '@api/routes/users/list/list.store';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chargingSessions, rfids, users } from '../../drizzle/schema';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import { createRfid } from '../../drizzle/seed/rfid-factory';
import { db, unique } from './helpers';

const FIRST = [
  'Élodie',
  'ÉLODIE',
  'elodie',
  'Zoë',
  "Seán O'Brien",
  'Quote"d',
  'Ab',
  'Anna-Lena',
  null,
  'İlker',
  'Σοφία',
];
const LAST = ['Dupont', 'du Pont', 'DUPONT', 'Łukasz', 'Smith', null, 'Ng', '100% Müller', 'Under_score'];

/** The list's WHERE as it was before the indexes: substring scans and per-user session probes. */
const REFERENCE = `
  SELECT u.id FROM users u
  WHERE u.company_id IN (SELECT value FROM json_each(?1))
    AND (?2 IS NULL OR (?2 = 'charging' AND EXISTS (SELECT 1 FROM charging_sessions s WHERE s.user_id = u.id AND s.status = 'in_progress'))
      OR (?2 = 'idle' AND NOT EXISTS (SELECT 1 FROM charging_sessions s WHERE s.user_id = u.id AND s.status = 'in_progress')))
    AND (?3 IS NULL OR instr(lower(coalesce(u.email, '')), ?3) > 0
      OR instr(lower(coalesce(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''), '')), ?3) > 0
      OR instr(lower(coalesce(u.license_plate, '')), ?3) > 0 OR instr(lower(coalesce(u.employee_number, '')), ?3) > 0
      OR instr(lower(coalesce(u.cost_center, '')), ?3) > 0
      OR EXISTS (SELECT 1 FROM rfids r WHERE r.user_id = u.id AND (instr(lower(r.uuid), ?3) > 0 OR instr(lower(r.key_hanger_code), ?3) > 0)))
    AND (?4 IS NULL OR u.corporate_group_id = ?4)
  ORDER BY u.id DESC`;

let scope: number[] = [];
let tag = '';

beforeAll(async () => {
  tag = unique('L').replace(/\W/g, '').toUpperCase();
  const mine = await createCompany(db, { name: unique('ListFleet'), isEvfleet: true });
  const theirs = await createCompany(db, { name: unique('OtherFleet'), isEvfleet: true });
  scope = [mine.id];
  const station = await createStation(db, { uid: unique('LST'), companyId: mine.id, type: 'public' });
  for (let i = 0; i < 66; i++) {
    const company = i % 6 === 5 ? theirs : mine;
    const u = await createUser(db, {
      companyId: company.id,
      email: `${unique(i % 4 === 0 ? 'Elodie.Dupont' : 'driver')}@Example.test`,
      firstName: FIRST[i % FIRST.length] ?? null,
      lastName: LAST[i % LAST.length] ?? null,
      licensePlate: i % 3 === 0 ? `AB-${100 + i}-CD` : null,
      employeeNumber: i % 5 === 0 ? `EMP-${tag}-${i}` : null,
      costCenter: i % 7 === 0 ? 'Ventes "Sud"' : null,
      ...(i % 11 === 0 ? { status: 'deleted' as const } : {}),
    });
    if (i % 2 === 0) await createRfid(db, { companyId: company.id, uuid: `${tag}${i}AA`, userId: u.id });
    if (i % 4 === 1) {
      const cdr = unique('cdr');
      await db.insert(chargingSessions).values({
        cdrId: cdr,
        startKey: cdr,
        stationId: station.id,
        connectorNumber: 1,
        companyId: mine.id,
        userId: u.id,
        authId: `${tag}${i}`,
        startAt: new Date(),
        meterStartWh: 0,
        status: i % 8 === 1 ? 'in_progress' : 'closed',
      });
    }
  }
});

async function reference(f: { status?: string; keyword?: string; corporate_group_id?: number }) {
  const keyword = f.keyword === undefined ? null : f.keyword.toLowerCase();
  const rows = await env.DB.prepare(REFERENCE)
    .bind(JSON.stringify(scope), f.status ?? null, keyword, f.corporate_group_id ?? null)
    .all<{ id: number }>();
  return rows.results.map((r) => r.id);
}

/** Every page of the list, 7 at a time, and the total of each page. */
async function listed(f: Partial<ListFilters>) {
  const ids: number[] = [];
  const totals = new Set<number>();
  for (let page = 0; page < 20; page++) {
    const { rows, total } = await listUsers(db, scope, { page, items_per_page: 7, ...f } as ListFilters, false);
    totals.add(total);
    ids.push(...rows.map((r) => r.user.id));
    if (rows.length < 7) break;
  }
  return { ids, totals: [...totals] };
}

describe('fleet user list with the search and open-session indexes', () => {
  const keywords = [
    'e',
    'él',
    'élodie',
    'ÉLODIE',
    'ELODIE',
    'lodie du',
    'e du',
    "o'b",
    'quote"d',
    '"',
    '"s',
    'ië',
    'zoë',
    'ZOË',
    'łuk',
    'ŁUK',
    '100%',
    '0% m',
    'under_',
    'r_s',
    '@example.test',
    'ab-10',
    'ventes "sud"',
    'σοφ',
    'ΣΟΦ',
    'i̇lk',
    'İlk',
    'nothing-like-this',
  ];
  it.each(keywords)('keyword %j: same users, order, pages and total as the plain scan', async (keyword) => {
    const expected = await reference({ keyword });
    const got = await listed({ keyword });
    expect(got.ids).toEqual(expected);
    expect(got.totals).toEqual([expected.length]);
  });

  it('keywords from cards (uuid and key hanger code) and employee numbers', async () => {
    for (const keyword of [`${tag}1`, tag.toLowerCase(), `${tag}12AA`, `kh-`, `emp-${tag.toLowerCase()}-1`]) {
      const expected = await reference({ keyword });
      expect(expected.length).toBeGreaterThan(0);
      expect((await listed({ keyword })).ids).toEqual(expected);
    }
  });

  it.each(['charging', 'idle'] as const)('status %s, alone and with a keyword', async (status) => {
    const expected = await reference({ status });
    expect(expected.length).toBeGreaterThan(0);
    expect((await listed({ status })).ids).toEqual(expected);
    const both = await reference({ status, keyword: 'élodie' });
    expect((await listed({ status, keyword: 'élodie' })).ids).toEqual(both);
  });

  it('follows renames, card changes and deletions (the triggers keep the search index in sync)', async () => {
    const [first] = await reference({ keyword: 'dupont' });
    if (first === undefined) throw new Error('no Dupont seeded');
    const newName = `Zanzibar${tag}`;
    await db.update(users).set({ lastName: newName }).where(eq(users.id, first));
    expect((await listed({ keyword: newName.toLowerCase() })).ids).toEqual([first]);
    expect((await listed({ keyword: 'dupont' })).ids).toEqual(await reference({ keyword: 'dupont' }));

    const card = await createRfid(db, { companyId: scope[0] as number, uuid: `NEW${tag}CARD`, userId: first });
    expect((await listed({ keyword: `new${tag}` })).ids).toEqual([first]);
    await db
      .update(rfids)
      .set({ uuid: `MOVED${tag}CARD` })
      .where(eq(rfids.id, card.id));
    expect((await listed({ keyword: `new${tag}` })).ids).toEqual([]);
    expect((await listed({ keyword: `moved${tag}` })).ids).toEqual([first]);
    await db.delete(rfids).where(eq(rfids.id, card.id));
    expect((await listed({ keyword: `moved${tag}` })).ids).toEqual([]);

    const gone = await createUser(db, {
      companyId: scope[0] as number,
      email: `${unique('gone')}@example.test`,
      lastName: `Gone${tag}`,
    });
    expect((await listed({ keyword: `gone${tag}` })).ids).toEqual([gone.id]);
    await db.delete(users).where(eq(users.id, gone.id));
    expect((await listed({ keyword: `gone${tag}` })).ids).toEqual([]);
    const left = await env.DB.prepare('SELECT count(*) AS n FROM users_search WHERE rowid = ?1')
      .bind(gone.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it('keeps its triggers (a later migration that rebuilds users or rfids must recreate them)', async () => {
    const rows = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_search_%' ORDER BY name",
    ).all<{ name: string }>();
    expect(rows.results.map((r) => r.name)).toEqual([
      'rfids_search_delete',
      'rfids_search_insert',
      'rfids_search_update',
      'users_search_delete',
      'users_search_insert',
      'users_search_update',
    ]);
  });
});
