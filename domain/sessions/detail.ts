/**
 * @module What one session's detail shows (spec 7.15, GET /sessions/{id}): who may see it, each
 * party's prices (or why not: unpriced, or QR, where only the provider's prices are shown) with the
 * tariff lines that produced them, and the recorded power curve.
 */
import { type AccessContext, can } from '../permissions/permissions';
import { isQrPayment } from './display';
import type { CdrRecord } from './project';

export type SessionParty = 'emp' | 'subcpo' | 'owner';

/** A stored tariff line of a priced session, with the name of the tariff that produced it. */
export interface SessionTariffLine {
  party: string;
  dimension: string;
  tariff_id: number | null;
  tariff_name: string | null;
  element_index: number;
  quantity: number;
  unit_price: number;
  vat_bp: number | null;
  excl_vat: number;
  incl_vat: number;
}

export interface PartyPrices {
  party: SessionParty;
  priced: boolean;
  reason: string | null;
  lines: { key: string; value: number | null }[];
  tariff_lines: Omit<SessionTariffLine, 'party'>[];
}

/**
 * Whose sessions a caller sees: network users those on their stations (operated or owned), fleet users
 * their drivers'. A caller with neither sees no session and gets no filter choices.
 */
export function sessionAudiences(access: AccessContext): { network: boolean; fleet: boolean } {
  return { network: can(access, 'connectors:view'), fleet: can(access, 'fleet:view') };
}

/** Whether a session's price was computed: only then are its tariff lines read and its prices shown. */
export function isPriced(cdr: CdrRecord): boolean {
  return cdr.pricing_status === 'priced';
}

/** The price lines of each party, in the order the detail shows them. */
const PARTY_LINES: readonly [SessionParty, readonly string[]][] = [
  ['emp', ['energy', 'net_energy', 'time', 'penalty', 'net_penalty', 'net_total', 'total']],
  ['subcpo', ['energy', 'time', 'penalty', 'total']],
  ['owner', ['energy', 'penalty', 'total']],
];

/**
 * Each party's prices. An unpriced session shows no prices and its pricing note as the reason; a QR
 * payment shows the provider's (emp) prices only, the others with reason 'QR'. Beside the lines: the
 * owner's cost per kWh and the provider's VAT value, shown when the party's prices are.
 */
export function sessionParties(cdr: CdrRecord, tariffLines: readonly SessionTariffLine[]): PartyPrices[] {
  const qr = isQrPayment(cdr.start_method as string | null);
  const priced = isPriced(cdr);
  const reason = priced ? null : ((cdr.pricing_note as string | null) ?? null);
  const parties = PARTY_LINES.map(([p, keys]): PartyPrices => {
    const hiddenByQr = qr && p !== 'emp';
    const shown = priced && !hiddenByQr;
    return {
      party: p,
      priced: shown,
      reason: hiddenByQr ? 'QR' : reason,
      lines: keys.map((key) => ({
        key,
        value: shown ? ((cdr[`${p}_price_${key}`] ?? null) as number | null) : null,
      })),
      tariff_lines: shown ? tariffLines.filter((l) => l.party === p).map(({ party: _p, ...l }) => l) : [],
    };
  });
  const [emp, , owner] = parties;
  owner?.lines.push({
    key: 'cost_per_kwh',
    value: owner.priced ? ((cdr.owner_cost_per_kwh ?? null) as number | null) : null,
  });
  emp?.lines.push({ key: 'vat', value: emp.priced ? ((cdr.cdr_vat_value ?? null) as number | null) : null });
  return parties;
}

/**
 * The recorded power curve from its stored JSON: the array rows of an array ([epoch ms, W, Wh, A?, V?,
 * SoC %?]); anything else (nothing recorded, unreadable JSON, not an array) is an empty curve.
 */
export function meterCurve(json: string | null): (number | null)[][] {
  try {
    const parsed: unknown = json ? JSON.parse(json) : [];
    return Array.isArray(parsed) ? (parsed.filter(Array.isArray) as (number | null)[][]) : [];
  } catch {
    return [];
  }
}
