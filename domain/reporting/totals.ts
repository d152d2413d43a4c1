/**
 * @module Network totals (spec 001 §7.18 total-stats, total-local-stats, total-roaming-stats; ADR 052):
 * the per-month, per-currency sums a store reads (from the warehouse or from D1, the same figures)
 * folded into the answer: sessions, energy and revenue in each price perspective, overall and per
 * month, every month of the period present. Money stays in minor units of its currency, never summed
 * across currencies.
 */

/** Which sessions: all, the network's own (local), or roaming partners' sessions. */
export type TotalsKind = 'all' | 'local' | 'roaming';

/** One month and currency as a store sums it. */
export interface TotalsRow {
  month: string;
  currency: string;
  sessions: number;
  energyWh: number;
  /** The e-mobility provider's (driver's) price, gross and net. */
  emp: number;
  empNet: number;
  /** The sub-operator's (CPO's) price. */
  subcpo: number;
  /** The station owner's price. */
  owner: number;
}

export interface Revenue {
  currency: string;
  emp: number;
  empNet: number;
  subcpo: number;
  owner: number;
}

export interface Figures {
  sessions: number;
  energyWh: number;
  revenue: Revenue[];
}

export interface Totals extends Figures {
  months: (Figures & { month: string })[];
}

function fold(rows: readonly TotalsRow[]): Figures {
  const byCurrency = new Map<string, Revenue>();
  let sessions = 0;
  let energyWh = 0;
  for (const r of rows) {
    sessions += r.sessions;
    energyWh += r.energyWh;
    const m = byCurrency.get(r.currency) ?? { currency: r.currency, emp: 0, empNet: 0, subcpo: 0, owner: 0 };
    m.emp += r.emp;
    m.empNet += r.empNet;
    m.subcpo += r.subcpo;
    m.owner += r.owner;
    byCurrency.set(r.currency, m);
  }
  const revenue = [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
  return { sessions, energyWh, revenue };
}

/** The totals of the period `months` ('YYYY-MM', in order) from a store's rows. */
export function foldTotals(months: readonly string[], rows: readonly TotalsRow[]): Totals {
  return {
    ...fold(rows),
    months: months.map((month) => ({ month, ...fold(rows.filter((r) => r.month === month)) })),
  };
}
