/**
 * @module Where a tariff applies and whether it ever can (issue 24 §6): the answer of
 * `GET /tariff/id/{id}/reach`, also carried as `warnings` by the create, update, approve and version
 * answers so a tariff that can never price a session is flagged when it is saved. A pending tariff
 * is judged as if approved (what approving it would do).
 */

import type { Db } from '@db/db';
import type { tariffs } from '@db/schema';
import { type ReachWarning, reachWarnings } from '@domain/tariffs/reach';
import { candidateOfRow, reachFacts } from './tariffs.reach.store';

type TariffRow = typeof tariffs.$inferSelect;

const PERSPECTIVE: Record<TariffRow['type'], string | null> = {
  emp: 'emp',
  cpo: 'subcpo',
  owner: 'owner',
  revenue: 'owner',
  home_reimbursement: null,
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A warning as the API gives it: a stable code and the facts the screen words it with. */
function warningOut(w: ReachWarning, byId: Map<number, TariffRow>) {
  switch (w.code) {
    case 'shadowed':
      return {
        code: w.code,
        criterion: w.criterion,
        tariffs: w.by.map((id) => {
          const o = byId.get(id);
          return { id, name: o?.name ?? '', type: o?.type ?? null, apply_from: iso(o?.applyFrom ?? null) };
        }),
      };
    case 'validity_over':
      return { code: w.code, until: w.until.toISOString() };
    case 'customer_group_deleted':
    case 'customer_group_missing':
      return { code: w.code, customer_group_id: w.groupId };
    case 'no_station_in_countries':
      return { code: w.code, countries: w.countries, station_countries: w.stationCountries };
    default:
      return { code: w.code };
  }
}

export async function tariffReach(db: Db, t: TariffRow, callerScope: readonly number[], now = new Date()) {
  const f = await reachFacts(db, t, callerScope);
  const subject = { ...candidateOfRow(t), status: 'approved' as const };
  const warnings = reachWarnings(subject, {
    now,
    others: f.others,
    stationCountries: f.stationCountries,
    customerGroup: f.customerGroup,
    mpsNamed: f.mps.some((m) => m.type === t.type),
  }).map((w) => warningOut(w, f.othersById));
  const countries = subject.countries;
  const inCountries = f.stationsByCountry
    .filter((s) => countries.length === 0 || (s.country !== null && countries.includes(s.country)))
    .reduce((n, s) => n + s.count, 0);
  const perspective = PERSPECTIVE[t.type];
  return {
    tariff_id: t.id,
    status: t.status,
    perspectives: perspective ? [perspective] : [],
    companies: { total: f.scopeSize, sample: f.companies },
    stations: {
      total: f.stationsByCountry.reduce((n, s) => n + s.count, 0),
      in_countries: inCountries,
      by_country: f.stationsByCountry,
      sample: f.sample,
    },
    groups: f.groups,
    customer_group: f.customerGroup,
    payment_type: t.paymentType,
    mps: f.mps.map((m) => ({ company_id: m.companyId, country_code: m.countryCode, type: m.type })),
    window: {
      // The later of the two starts (dates, so not Math.max).
      from: iso(
        [t.validFrom, t.applyFrom].filter((d) => d != null).sort((x, y) => y.getTime() - x.getTime())[0] ?? null,
      ),
      to: iso(t.validTo),
    },
    warnings,
  };
}

export type TariffReach = Awaited<ReturnType<typeof tariffReach>>;
