/**
 * The owner variants sorted by energy, duration or a total (ADR 033, second addendum): their scope is
 * "operated OR owned", so the page merges two ordered walks (company sort index for the operated
 * sessions, owner sort index for the owned-only ones). Every page and every export chunk must equal
 * the previous plan — one statement over the OR scope — and SQLite's order, ties and NULLs included,
 * with sessions both operated and owned by the scope listed once.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { chargingSessions } from '../../drizzle/schema';
import { createConnector, createStation } from '../../drizzle/seed/factories';
import { exportRows } from '../../workers/api/src/routes/sessions/list/list.export.store';
import { ownerSortIndexesOf } from '../../workers/api/src/routes/sessions/list/list.plan.store';
import type { Scope, SessionQuery } from '../../workers/api/src/routes/sessions/sessions.store';
import { pageRows } from '../support/session-list-reference';
import { sqliteOrder } from '../support/sqlite-order';
import { db, failOnConsoleError, unique, world } from './helpers';

failOnConsoleError();

const H = 3_600_000;
const T0 = Date.UTC(2026, 2, 1, 8, 0);

type Value = number | null;
interface Made {
  id: number;
  mps: boolean;
  values: Record<string, Value>;
}

/** SQLite's order of the made rows (tests/support/sqlite-order.ts). */
function expected(rows: Made[], key: string, direction: 'asc' | 'desc'): number[] {
  return sqliteOrder(rows, key, direction).map((r) => r.id);
}

describe('owner session lists sorted by an indexed column', () => {
  const tag = unique('OWS');
  let scope: Scope;
  const inScope: Made[] = [];

  beforeAll(async () => {
    const owner = await world({ roles: [37], company: { cpms: 'public' } });
    const operator = await world({ roles: [37], company: { cpms: 'public' } });
    const O = owner.company.id;
    const P = operator.company.id;
    scope = { companies: [O] };
    // Operated by the scope (owned elsewhere or not at all), owned by it only, both, and neither.
    const places = [
      { companyId: O, ownerCompanyId: P, in: true },
      { companyId: O, ownerCompanyId: null, in: true },
      { companyId: P, ownerCompanyId: O, in: true },
      { companyId: O, ownerCompanyId: O, in: true },
      { companyId: P, ownerCompanyId: P, in: false },
    ];
    const stations = [];
    for (const [i, p] of places.entries()) {
      const st = await createStation(db, {
        uid: `${tag}-${i}`,
        name: `${tag} ${i}`,
        companyId: p.companyId,
        ownerCompanyId: p.ownerCompanyId,
        type: 'public',
      });
      const cn = await createConnector(db, { stationId: st.id, connectorNumber: 1, uid: `${tag}-${i}-1` });
      stations.push({ st, cn, in: p.in });
    }
    // Ties and NULLs across both sides of the scope, MPS (QR) and group (RFID) sessions mixed.
    const energy = [5000, null, 12_000, 5000, 800, null, 12_000, 3000, 5000, 40_000, null, 5000, 800, 12_000];
    for (let round = 0; round < 2; round++)
      for (const [i, wh] of energy.entries()) {
        const k = round * energy.length + i;
        const at = stations[(k * 3) % stations.length];
        if (!at) throw new Error('no station');
        const closed = wh !== null;
        const total = closed && k % 4 !== 1 ? Math.round(wh * 0.0468) : null;
        const values = {
          cdr_consumed_energy: wh,
          cdr_time: closed ? 600 * (1 + (k % 3)) : null,
          emp_price_total: total,
          owner_price_total: total === null || k % 5 === 0 ? null : Math.round((wh ?? 0) / 40),
        };
        const mps = k % 3 === 0;
        const cdr = `${tag}-${k}`;
        const [row] = await db
          .insert(chargingSessions)
          .values({
            cdrId: cdr,
            status: closed ? 'closed' : 'in_progress',
            stationId: at.st.id,
            connectorId: at.cn.id,
            connectorNumber: 1,
            companyId: at.st.companyId,
            ownerCompanyId: at.st.ownerCompanyId,
            startKey: cdr,
            startAt: new Date(T0 + ((k * 7) % 13) * H),
            endAt: closed ? new Date(T0 + ((k * 7) % 13) * H + H) : null,
            meterStartWh: 0,
            energyWh: wh,
            durationS: values.cdr_time,
            stationName: at.st.name,
            authId: `AUTH-${tag}-${k}`,
            startMethod: mps ? 'QR' : 'RFID',
            pricingStatus: total === null ? 'unpriced' : 'priced',
            empTotal: total,
            ownerTotal: values.owner_price_total,
          })
          .returning({ id: chargingSessions.id });
        if (at.in) inScope.push({ id: row?.id ?? 0, mps, values });
      }
  });

  const CASES = [
    { variant: 'owner_groups', sorts: ['cdr_consumed_energy', 'cdr_time', 'owner_price_total'] },
    { variant: 'owner_mps', sorts: ['cdr_consumed_energy', 'cdr_time', 'emp_price_total', 'owner_price_total'] },
  ] as const;
  const DIRECTIONS = ['asc', 'desc'] as const;

  it('pages equal the one-walk plan and SQLite order on every page, ties and NULLs included', async () => {
    for (const { variant, sorts } of CASES)
      for (const sort of sorts)
        for (const direction of DIRECTIONS) {
          const q: SessionQuery = { variant, sort, direction };
          expect(ownerSortIndexesOf(scope, q), `${variant} ${sort}`).not.toBeNull();
          const rows = inScope.filter((m) => m.mps === (variant === 'owner_mps'));
          const want = expected(rows, sort, direction);
          expect(want.length).toBeGreaterThan(5);
          for (const perPage of [3, 4, 100]) {
            const merged: number[] = [];
            const oneWalk: number[] = [];
            for (let page = 0; page * perPage < want.length + perPage; page++) {
              merged.push(...(await pageRows(env.DB, scope, q, page, perPage)).map((r) => Number(r.id)));
              oneWalk.push(...(await pageRows(env.DB, scope, q, page, perPage, true)).map((r) => Number(r.id)));
            }
            const label = { variant, sort, direction, perPage };
            expect({ ...label, merged }).toEqual({ ...label, merged: oneWalk });
            expect({ ...label, merged }).toEqual({ ...label, merged: want });
          }
        }
  });

  it('exports in keyset chunks through the merged walk without loss or repeat', async () => {
    for (const { variant, sorts } of CASES)
      for (const sort of sorts)
        for (const direction of DIRECTIONS) {
          const q: SessionQuery = { variant, sort, direction };
          const want = expected(
            inScope.filter((m) => m.mps === (variant === 'owner_mps')),
            sort,
            direction,
          );
          for (const chunk of [1, 2, 5]) {
            const got: number[] = [];
            for await (const row of exportRows(env.DB, scope, q, 1000, false, chunk)) got.push(Number(row.id));
            expect({ variant, sort, direction, chunk, got }).toEqual({ variant, sort, direction, chunk, got: want });
          }
        }
  });

  it('keeps one statement over the scope where a filter is narrower than the sort index', async () => {
    const base: SessionQuery = { variant: 'owner_groups', sort: 'cdr_consumed_energy', direction: 'desc' };
    expect(ownerSortIndexesOf(scope, { ...base, status: 'in_progress' })).toBeNull();
    expect(ownerSortIndexesOf(scope, { ...base, station_id: 1 })).toBeNull();
    expect(ownerSortIndexesOf(scope, { ...base, from: '2026-03-01T00:00:00Z', to: '2026-03-02T00:00:00Z' })).toBeNull();
    expect(ownerSortIndexesOf(scope, { ...base, sort: 'cdr_start' })).toBeNull();
    expect(ownerSortIndexesOf({ ...scope, customerGroupId: 1 }, base)).toBeNull();
    // A filtered list that keeps the merged walk: closed sessions over a month, same as one walk.
    const q: SessionQuery = { ...base, status: 'closed', from: '2026-02-15T00:00:00Z', to: '2026-03-15T00:00:00Z' };
    expect(ownerSortIndexesOf(scope, q)).not.toBeNull();
    const merged = (await pageRows(env.DB, scope, q, 0, 100)).map((r) => Number(r.id));
    const oneWalk = (await pageRows(env.DB, scope, q, 0, 100, true)).map((r) => Number(r.id));
    expect(merged.length).toBeGreaterThan(5);
    expect(merged).toEqual(oneWalk);
  });
});
