/**
 * Exports follow the screen's sort (issue 5 part 8): the XLSX, CSV and PDF files list the sessions
 * in the order of the list for every sortable column and direction, NULL values and ties included,
 * and the keyset pagination of the export (sort value, id) crosses chunk boundaries without losing
 * or repeating a session.
 */
import { env } from 'cloudflare:test';
import { strFromU8, unzipSync, unzlibSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { chargingSessions } from '../../drizzle/schema';
import { createConnector, createStation, createUser } from '../../drizzle/seed/factories';
import { exportRows } from '../../workers/api/src/routes/sessions/list/list.export.store';
import type { SessionQuery } from '../../workers/api/src/routes/sessions/sessions.store';
import { sqliteOrder } from '../support/sqlite-order';
import { call, db, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const H = 3_600_000;
const T0 = Date.UTC(2026, 3, 1, 8, 0);

type Value = number | string | null;
interface Made {
  id: number;
  cdr: string;
  station: string;
  values: Record<string, Value>;
}

/** SQLite's order of the made rows (tests/support/sqlite-order.ts). */
function expected(rows: Made[], key: string, direction: 'asc' | 'desc'): string[] {
  return sqliteOrder(rows, key, direction).map((r) => r.cdr);
}

/** The values of the first column of a CSV export (quotes removed), header left out. */
function csvColumn(text: string, index: number): string[] {
  return text
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => (line.split(';')[index] ?? '').replace(/^"|"$/g, ''));
}

/** The order in which the given strings first appear in a text. */
function orderIn(text: string, names: string[]): string[] {
  return names
    .map((n) => ({ n, at: text.indexOf(n) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.n);
}

function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}

describe('session exports in the order of the screen', () => {
  const tag = unique('EXO');
  let operator: World;
  let admin: Session;
  let fleetManager: Session;
  const made: Made[] = [];

  beforeAll(async () => {
    operator = await world({ roles: [37], company: { cpms: 'public', empServices: true } });
    const fleet = await world({ roles: [35], company: { isEvfleet: true } });
    const driver = await createUser(db, { companyId: fleet.company.id, email: `${unique('driver')}@example.test` });
    const st = await createStation(db, {
      uid: `${tag}-A`,
      name: `${tag} A`,
      companyId: operator.company.id,
      type: 'public',
    });
    const cn = await createConnector(db, { stationId: st.id, connectorNumber: 1, uid: `${tag}-A-1` });
    // Ties (5000 three times, 12000 twice) and NULLs (sessions still in progress, unpriced ones).
    const energy = [5000, null, 12_000, 5000, 800, null, 12_000, 3000, 5000, 40_000, null];
    const names = ['m', 'c', 'x', 'a', 'q', 'b', 'k', 'z', 'e', 'd', 'y'];
    for (const [i, wh] of energy.entries()) {
      const station = `${tag} ${names[i]}`;
      const cdr = `${tag}-${String(i).padStart(2, '0')}`;
      const start = T0 + ((i * 7) % 11) * H;
      const closed = wh !== null;
      const total = closed && i % 4 !== 1 ? Math.round(wh * 0.0468) : null;
      const values = {
        cdr_start: start,
        cdr_consumed_energy: wh,
        cdr_time: closed ? 600 * (1 + (i % 3)) : null,
        emp_price_total: total,
        emp_price_net_total: total === null ? null : Math.round(total / 1.2),
        station_name: station,
      };
      const [row] = await db
        .insert(chargingSessions)
        .values({
          cdrId: cdr,
          status: closed ? 'closed' : 'in_progress',
          stationId: st.id,
          connectorId: cn.id,
          connectorNumber: 1,
          companyId: st.companyId,
          startKey: cdr,
          startAt: new Date(start),
          endAt: closed ? new Date(start + H) : null,
          meterStartWh: 0,
          energyWh: wh,
          durationS: values.cdr_time,
          stationName: station,
          authId: `AUTH-${i}`,
          startMethod: 'RFID',
          userId: driver.id,
          userEmail: driver.email,
          pricingStatus: total === null ? 'unpriced' : 'priced',
          empTotal: total,
          empNetTotal: values.emp_price_net_total,
        })
        .returning({ id: chargingSessions.id });
      made.push({ id: row?.id ?? 0, cdr, station, values });
    }
    [admin, fleetManager] = await Promise.all([
      login(operator.email, operator.password, operator.ip),
      login(fleet.email, fleet.password, fleet.ip),
    ]);
  });

  const SORTS = ['cdr_start', 'cdr_consumed_energy', 'cdr_time', 'emp_price_total', 'station_name'];
  const DIRECTIONS = ['asc', 'desc'] as const;

  it('lists and exports (CSV) the provider variant in every sort and direction, NULLs and ties included', async () => {
    for (const sort of SORTS)
      for (const direction of DIRECTIONS) {
        const want = expected(made, sort, direction);
        const list = await call('/connectors/sessions', { ...admin, json: { sort, direction, items_per_page: 100 } });
        expect(list.status).toBe(200);
        const page = (await list.json()) as { data: { cdr_id: string }[] };
        expect({ sort, direction, order: page.data.map((r) => r.cdr_id) }).toEqual({ sort, direction, order: want });
        const csv = await call('/connectors/sessions', { ...admin, json: { sort, direction, format: 'csv' } });
        expect(csv.status).toBe(200);
        expect({ sort, direction, order: csvColumn(await csv.text(), 0) }).toEqual({ sort, direction, order: want });
      }
  });

  it('sorts a narrow filter (sessions in progress) the same way, without the sort index', async () => {
    const live = made.filter((m) => m.values.cdr_consumed_energy === null);
    for (const direction of DIRECTIONS) {
      const json = { sort: 'cdr_consumed_energy', direction, status: 'in_progress', items_per_page: 100 };
      const list = await call('/connectors/sessions', { ...admin, json });
      const page = (await list.json()) as { data: { cdr_id: string }[] };
      const want = expected(live, 'cdr_consumed_energy', direction);
      expect(want).toHaveLength(3);
      expect(page.data.map((r) => r.cdr_id)).toEqual(want);
      const csv = await call('/connectors/sessions', { ...admin, json: { ...json, format: 'csv' } });
      expect(csvColumn(await csv.text(), 0)).toEqual(want);
    }
  });

  it('reads the export in keyset chunks that cross ties and the NULL values without loss or repeat', async () => {
    for (const sort of SORTS)
      for (const direction of DIRECTIONS) {
        const q: SessionQuery = { variant: 'emp', sort, direction };
        for (const chunk of [1, 2, 3]) {
          const got: string[] = [];
          for await (const row of exportRows(env.DB, { companies: [operator.company.id] }, q, 100, false, chunk))
            got.push(String(row.cdr_id));
          expect({ sort, direction, chunk, got }).toEqual({
            sort,
            direction,
            chunk,
            got: expected(made, sort, direction),
          });
        }
        // The cap stops the export mid-way, in order.
        const capped: string[] = [];
        for await (const row of exportRows(env.DB, { companies: [operator.company.id] }, q, 4, false, 3))
          capped.push(String(row.cdr_id));
        expect(capped).toEqual(expected(made, sort, direction).slice(0, 4));
      }
  });

  it('writes the XLSX and the PDF in the screen order and says it on the PDF', async () => {
    const want = expected(made, 'cdr_consumed_energy', 'desc');
    const xlsx = await call('/connectors/sessions', {
      ...admin,
      json: { sort: 'cdr_consumed_energy', direction: 'desc', format: 'xlsx' },
    });
    expect(xlsx.status).toBe(200);
    const sheet = strFromU8(
      unzipSync(new Uint8Array(await xlsx.arrayBuffer()))['xl/worksheets/sheet1.xml'] as Uint8Array,
    );
    expect(orderIn(sheet, want)).toEqual(want);
    const pdf = await call('/connectors/sessions', {
      ...admin,
      json: { sort: 'cdr_consumed_energy', direction: 'desc', format: 'pdf' },
    });
    expect(pdf.status).toBe(200);
    const file = latin1(new Uint8Array(await pdf.arrayBuffer()));
    let pages = '';
    const re = /<< \/Length (\d+)(.*?) >>\nstream\n/g;
    for (let m = re.exec(file); m; m = re.exec(file)) {
      const raw = file.slice(m.index + m[0].length, m.index + m[0].length + Number(m[1]));
      pages += m[2]?.includes('/FlateDecode')
        ? latin1(unzlibSync(Uint8Array.from(raw, (ch) => ch.charCodeAt(0))))
        : raw;
    }
    expect(orderIn(pages, want)).toEqual(want);
    expect(pages).toContain('Sorted by Energy, descending.');
  });

  it('exports the fleet list in the sort of its screen', async () => {
    for (const direction of DIRECTIONS) {
      const want = expected(made, 'cdr_consumed_energy', direction).map(
        (cdr) => made.find((m) => m.cdr === cdr)?.station,
      );
      const json = { sort: 'cdr_consumed_energy', direction, items_per_page: 100 };
      const list = await call('/sessions/fleet/roaming', { ...fleetManager, json });
      expect(list.status).toBe(200);
      const page = (await list.json()) as { data: { station_name: string }[]; columns: { key: string }[] };
      expect(page.data.map((r) => r.station_name)).toEqual(want);
      const csv = await call('/sessions/fleet/roaming', { ...fleetManager, json: { ...json, format: 'csv' } });
      const col = page.columns.findIndex((c) => c.key === 'station_name');
      expect(csvColumn(await csv.text(), col)).toEqual(want);
    }
  });
});
