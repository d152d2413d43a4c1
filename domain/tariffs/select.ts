/**
 * @module Which stored tariff prices a session, per type (ADR 013): among the approved tariffs of
 * the type whose scope holds the session's company, whose countries, customer group and payment type
 * admit it and whose validity and apply-from contain its start, the most specific wins — customer
 * group, then payment type, then the nearest company of the scope chain — and among those the latest
 * apply-from (the newest version in force when charging began).
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
}

export interface SessionFacts {
  start: Date;
  /** The station's operator company first, then its parent, up to the root. */
  companyChain: readonly number[];
  /** ISO 3166 alpha-2 of the station, when known. */
  country: string | null;
  customerGroupId: number | null;
  paymentType: PaymentType;
}

/** Why a type has no tariff, for the CDR's pricing note. */
export type Choice<T> = { tariff: T } | { tariff: null; reason: string };

export function chooseTariff<T extends TariffCandidate>(
  candidates: readonly T[],
  type: TariffType,
  s: SessionFacts,
): Choice<T> {
  const at = s.start.getTime();
  let best: T | null = null;
  let bestKey: number[] = [];
  let ofType = 0;
  for (const t of candidates) {
    if (t.type !== type || t.status !== 'approved') continue;
    const distance = s.companyChain.indexOf(t.companyId);
    if (distance < 0) continue;
    ofType++;
    if (t.countries.length > 0 && (s.country === null || !t.countries.includes(s.country.toUpperCase()))) continue;
    if (t.customerGroupId !== null && t.customerGroupId !== s.customerGroupId) continue;
    if (t.paymentType !== null && t.paymentType !== s.paymentType) continue;
    if (t.validFrom && at < t.validFrom.getTime()) continue;
    if (t.validTo && at >= t.validTo.getTime()) continue;
    if (t.applyFrom && at < t.applyFrom.getTime()) continue;
    const key = [
      t.customerGroupId !== null ? 1 : 0,
      t.paymentType !== null ? 1 : 0,
      -distance,
      t.applyFrom?.getTime() ?? Number.NEGATIVE_INFINITY,
      t.id,
    ];
    if (!best || greater(key, bestKey)) {
      best = t;
      bestKey = key;
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
