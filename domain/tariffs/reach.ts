/**
 * @module Whether a tariff can ever price a session from now on, and why not (issue 24 §6: an
 * approved tariff that never takes effect must say so when it is saved). Conservative: a warning is
 * raised only when selection (select.ts) can never choose the tariff for a session starting now or
 * later — its validity is over or empty, its customer group is gone, none of the scope's stations is
 * in its countries, or other approved tariffs of the same company, countries, customer group and
 * payment type outrank it for every start from now on (a later apply-from, or an owner tariff under
 * a revenue tariff, which always comes first).
 */
import type { TariffType } from './model';
import type { TariffCandidate } from './select';

export type ReachWarning =
  | { code: 'validity_over'; until: Date }
  | { code: 'validity_empty' }
  | { code: 'customer_group_deleted'; groupId: number }
  | { code: 'customer_group_missing'; groupId: number }
  | { code: 'no_station_in_countries'; countries: string[]; stationCountries: string[] }
  | { code: 'shadowed'; by: number[]; criterion: 'apply_from' | 'id' | 'revenue_first' };

export interface ReachContext {
  now: Date;
  /** Other tariffs (any status: only approved ones are used) that could compete with the subject. */
  others: readonly TariffCandidate[];
  /** Distinct countries (ISO alpha-2) of the stations the tariff's company scope operates or owns. */
  stationCountries: readonly string[];
  /** The tariff's customer group as stored now; null when it names none. */
  customerGroup: { id: number; exists: boolean; deleted: boolean } | null;
  /** An MPS assignment names the tariff's chain: it then prices payment-service sessions by country itself. */
  mpsNamed: boolean;
}

const NEG = Number.NEGATIVE_INFINITY;
const POS = Number.POSITIVE_INFINITY;
const ms = (d: Date | null, fallback: number) => (d ? d.getTime() : fallback);

/** [start, end) of the starts a tariff admits: from max(valid from, apply from) to valid to. */
function windowOf(t: TariffCandidate): [number, number] {
  return [Math.max(ms(t.validFrom, NEG), ms(t.applyFrom, NEG)), ms(t.validTo, POS)];
}

/** Countries a tariff admits among real stations; null = every country. */
function effectiveCountries(t: TariffCandidate, stationCountries: readonly string[]): readonly string[] | null {
  if (t.countries.length > 0) return t.countries;
  return stationCountries.length > 0 ? stationCountries : null;
}

/** Whether `b` admits every (country, group, payment type, company distance) that `a` admits. */
function covers(b: TariffCandidate, a: TariffCandidate, stationCountries: readonly string[]): boolean {
  if (b.companyId !== a.companyId) return false;
  if (b.customerGroupId !== a.customerGroupId || b.paymentType !== a.paymentType) return false;
  if (b.countries.length === 0) return true;
  const need = effectiveCountries(a, stationCountries);
  return need?.every((c) => b.countries.includes(c)) ?? false;
}

/** Whether `b` outranks `a` whenever both admit a session: the criterion, or null. */
function outranks(b: TariffCandidate, a: TariffCandidate): 'apply_from' | 'id' | 'revenue_first' | null {
  if (a.type === 'owner' && b.type === 'revenue') return 'revenue_first';
  if (b.type !== a.type) return null;
  const x = ms(b.applyFrom, NEG);
  const y = ms(a.applyFrom, NEG);
  if (x !== y) return x > y ? 'apply_from' : null;
  return b.id > a.id ? 'id' : null;
}

/** Competing types: an owner tariff also competes with revenue tariffs (revenue first). */
const competes = (subject: TariffType, other: TariffType) =>
  other === subject || (subject === 'owner' && other === 'revenue');

/** The reasons the tariff can never price a session starting now or later; empty when it can. */
export function reachWarnings(t: TariffCandidate, ctx: ReachContext): ReachWarning[] {
  const out: ReachWarning[] = [];
  const [start, end] = windowOf(t);
  const from = Math.max(start, ctx.now.getTime());
  if (end <= start) out.push({ code: 'validity_empty' });
  else if (end <= ctx.now.getTime()) out.push({ code: 'validity_over', until: new Date(end) });
  const g = ctx.customerGroup;
  if (g && !g.exists) out.push({ code: 'customer_group_missing', groupId: g.id });
  else if (g?.deleted) out.push({ code: 'customer_group_deleted', groupId: g.id });
  if (
    !ctx.mpsNamed &&
    t.countries.length > 0 &&
    ctx.stationCountries.length > 0 &&
    !t.countries.some((c) => ctx.stationCountries.includes(c))
  )
    out.push({
      code: 'no_station_in_countries',
      countries: [...t.countries],
      stationCountries: [...ctx.stationCountries],
    });
  if (out.length > 0 || ctx.mpsNamed) return out;

  // Shadowing: sweep the starts from now to the end of the tariff's window; every instant must be
  // admitted by some approved tariff that covers this one and outranks it.
  const shadows = ctx.others
    .filter((o) => o.id !== t.id && o.status === 'approved' && competes(t.type, o.type))
    .filter((o) => covers(o, t, ctx.stationCountries))
    .map((o) => ({ o, criterion: outranks(o, t), window: windowOf(o) }))
    .filter((x): x is typeof x & { criterion: NonNullable<typeof x.criterion> } => x.criterion !== null);
  let at = from;
  const used: typeof shadows = [];
  while (at < end) {
    let next: (typeof shadows)[number] | null = null;
    for (const s of shadows) {
      if (s.window[0] <= at && s.window[1] > at && (!next || s.window[1] > next.window[1])) next = s;
    }
    if (!next) return out;
    used.push(next);
    at = next.window[1];
  }
  const first = used[0];
  if (first) out.push({ code: 'shadowed', by: [...new Set(used.map((u) => u.o.id))], criterion: first.criterion });
  return out;
}
