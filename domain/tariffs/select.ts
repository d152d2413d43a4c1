/**
 * @module Which stored tariff prices a session, per type (ADRs 013 and 022): among the approved
 * tariffs of the type whose scope holds the session's company (or that an MPS assignment of the
 * company chain names for the station's country, for a payment-service session), whose countries,
 * customer group and payment type admit it and whose validity and apply-from contain its start, the
 * most specific wins, compared in this order:
 * 1. a tariff for the session's customer group beats one for every customer;
 * 2. a tariff for the session's payment type beats one for every payment type;
 * 3. for a payment-service session (QR, ad hoc), the MPS tariff of the station's country beats a
 *    tariff that is merely in scope;
 * 4. the nearest company of the scope chain (of the tariff, or of the MPS assignment);
 * 5. the latest apply-from (the newest version in force when charging began);
 * 6. the highest id.
 */
import type { PaymentType, TariffType } from './model';

export interface TariffCandidate {
  id: number;
  type: TariffType;
  status: 'pending' | 'approved';
  companyId: number;
  countries: readonly string[];
  customerGroupId: number | null;
  paymentType: PaymentType | null;
  validFrom: Date | null;
  validTo: Date | null;
  applyFrom: Date | null;
  /** The first version of the tariff's chain (MPS assignments name a chain, whichever version is in force). */
  versionOf?: number | null;
}

/** An MPS tariff (spec section 3: id, countryCode, company): the tariff of a type for one country. */
export interface MpsAssignment {
  companyId: number;
  type: TariffType;
  countryCode: string;
  /** The first version of the assigned tariff's chain. */
  chainId: number;
}

export interface SessionFacts {
  start: Date;
  /** The station's operator company first, then its parent, up to the root. */
  companyChain: readonly number[];
  /** ISO 3166 alpha-2 of the station, when known. */
  country: string | null;
  customerGroupId: number | null;
  paymentType: PaymentType;
  /** The MPS tariffs of the company chain (any type and country; selection filters). */
  mps?: readonly MpsAssignment[];
}

/** Payment-service sessions (QR, payment terminal): the ones MPS tariffs price. */
export const isMpsPayment = (p: PaymentType): boolean => p === 'qr' || p === 'ad_hoc';

/** The nearest company of the chain whose MPS assignment names this tariff for the country; -1 when none. */
function mpsDistance(t: TariffCandidate, type: TariffType, s: SessionFacts): number {
  if (!s.mps || !s.country || !isMpsPayment(s.paymentType)) return -1;
  const chain = t.versionOf ?? t.id;
  const country = s.country.toUpperCase();
  let best = -1;
  for (const a of s.mps) {
    if (a.type !== type || a.chainId !== chain || a.countryCode.toUpperCase() !== country) continue;
    const d = s.companyChain.indexOf(a.companyId);
    if (d >= 0 && (best < 0 || d < best)) best = d;
  }
  return best;
}

/** Why a type has no tariff, for the CDR's pricing note. */
export type Choice<T> = { tariff: T } | { tariff: null; reason: string };

/** Why a candidate cannot price a session, in the order selection checks it. */
export type Exclusion =
  | 'other_type'
  | 'not_approved'
  | 'out_of_scope'
  | 'country'
  | 'customer_group'
  | 'payment_type'
  | 'not_yet_valid'
  | 'expired'
  | 'not_yet_applied';

/** The ranking criteria, most significant first (the positions of an admitted candidate's key). */
export const RANK_CRITERIA = ['customer_group', 'payment_type', 'mps', 'company', 'apply_from', 'id'] as const;
export type Criterion = (typeof RANK_CRITERIA)[number];

export type Admission = { ok: true; key: readonly number[] } | { ok: false; exclusion: Exclusion };

/** Whether a candidate may price the session as a tariff of `type`, and its rank key when it may. */
export function admission(t: TariffCandidate, type: TariffType, s: SessionFacts): Admission {
  if (t.type !== type) return { ok: false, exclusion: 'other_type' };
  if (t.status !== 'approved') return { ok: false, exclusion: 'not_approved' };
  const mps = mpsDistance(t, type, s);
  const own = s.companyChain.indexOf(t.companyId);
  if (own < 0 && mps < 0) return { ok: false, exclusion: 'out_of_scope' };
  // The MPS assignment's company counts when it is nearer than the tariff's own.
  const distance = mps >= 0 && (own < 0 || mps < own) ? mps : own;
  // An MPS assignment names the country itself; otherwise the tariff's countries must admit it.
  if (mps < 0 && t.countries.length > 0 && (s.country === null || !t.countries.includes(s.country.toUpperCase())))
    return { ok: false, exclusion: 'country' };
  if (t.customerGroupId !== null && t.customerGroupId !== s.customerGroupId)
    return { ok: false, exclusion: 'customer_group' };
  if (t.paymentType !== null && t.paymentType !== s.paymentType) return { ok: false, exclusion: 'payment_type' };
  const at = s.start.getTime();
  if (t.validFrom && at < t.validFrom.getTime()) return { ok: false, exclusion: 'not_yet_valid' };
  if (t.validTo && at >= t.validTo.getTime()) return { ok: false, exclusion: 'expired' };
  if (t.applyFrom && at < t.applyFrom.getTime()) return { ok: false, exclusion: 'not_yet_applied' };
  return {
    ok: true,
    key: [
      t.customerGroupId !== null ? 1 : 0,
      t.paymentType !== null ? 1 : 0,
      mps >= 0 ? 1 : 0,
      -distance,
      t.applyFrom?.getTime() ?? Number.NEGATIVE_INFINITY,
      t.id,
    ],
  };
}

/** The first criterion on which key `a` beats key `b`, or null when it does not. */
export function beatsOn(a: readonly number[], b: readonly number[]): Criterion | null {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    if (x !== y) return x > y ? (RANK_CRITERIA[i] ?? 'id') : null;
  }
  return null;
}

export function chooseTariff<T extends TariffCandidate>(
  candidates: readonly T[],
  type: TariffType,
  s: SessionFacts,
): Choice<T> {
  let best: T | null = null;
  let bestKey: readonly number[] = [];
  let ofType = 0;
  for (const t of candidates) {
    // Admission's first two exclusions, without its allocations: most rows in scope are of another type.
    if (t.type !== type || t.status !== 'approved') continue;
    const a = admission(t, type, s);
    if (!a.ok && (a.exclusion === 'other_type' || a.exclusion === 'not_approved' || a.exclusion === 'out_of_scope'))
      continue;
    ofType++;
    if (!a.ok) continue;
    if (!best || greater(a.key, bestKey)) {
      best = t;
      bestKey = a.key;
    }
  }
  if (best) return { tariff: best };
  return {
    tariff: null,
    reason:
      ofType === 0
        ? `no approved ${type} tariff in the company scope`
        : `no ${type} tariff applies to this session (country, customer group, payment type or validity)`,
  };
}

function greater(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    if (x !== y) return x > y;
  }
  return false;
}

/**
 * Payment type of a session from how it started (spec section 9: an auth id beginning `EP-` is a
 * POS start, i.e. ad hoc; QR starts are QR payments; anything else a business pass / RFID).
 */
export function paymentTypeOf(session: { startMethod: string; authId: string }): PaymentType {
  if (session.startMethod.toUpperCase() === 'QR') return 'qr';
  if (session.authId.startsWith('EP-') || session.startMethod.toUpperCase() === 'POS') return 'ad_hoc';
  return 'business_pass';
}
