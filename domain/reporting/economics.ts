/**
 * @module Connector economics (issue 21 part 3, `/connectors/economics`): per station or connector group,
 * the revenue of the period in the CPO perspective (the sub-operator's price, a net business figure),
 * the energy cost from the station company's kWh net cost, the margin and the margin in percent.
 * Money in minor units; the kWh net cost in milli-minor units per kWh (`companies.kwh_net_cost`), so a
 * session costs Wh × net cost / 1,000,000 minor units. A session is "costed" when its station's company
 * has a net cost in the session's currency; a group with any session not costed has no cost and no
 * margin (never a partial cost shown as whole); the totals cost and margin count the costed sessions
 * only and say how many sessions that leaves out.
 */

/** One group's (or one currency's) sums as a store reads them. */
export interface EconomicsSums {
  currency: string;
  sessions: number;
  energyWh: number;
  /** Sum of the CPO prices of the priced sessions; null when none is priced. */
  revenue: number | null;
  /** Sessions without a CPO price (not counted in the revenue). */
  unpriced: number;
  /** Sessions whose station company has a kWh net cost in the session's currency. */
  costedSessions: number;
  /** The revenue of the costed sessions. */
  costedRevenue: number;
  /** Σ Wh × kWh net cost over the costed sessions (minor units × 1,000,000). */
  costMicro: number;
}

export interface EconomicsFigures {
  currency: string;
  sessions: number;
  energyWh: number;
  revenue: number | null;
  unpriced: number;
  /** null when a session of the group has no net cost. */
  cost: number | null;
  margin: number | null;
  /** Margin over revenue × 100, two decimals; null without margin or without revenue. */
  marginPercent: number | null;
}

/** Minor units from Σ Wh × milli-minor units per kWh. */
export const costOf = (costMicro: number) => Math.round(costMicro / 1_000_000);

const percent = (margin: number | null, revenue: number | null) =>
  margin === null || !revenue ? null : Math.round((margin / revenue) * 10_000) / 100;

/** The figures of one station or group. */
export function economicsOf(s: EconomicsSums): EconomicsFigures {
  const cost = s.sessions > 0 && s.costedSessions === s.sessions ? costOf(s.costMicro) : null;
  const margin = cost === null ? null : (s.revenue ?? 0) - cost;
  const { currency, sessions, energyWh, revenue, unpriced } = s;
  return { currency, sessions, energyWh, revenue, unpriced, cost, margin, marginPercent: percent(margin, revenue) };
}

/** The totals of one currency: cost and margin over the costed sessions, and how many are not. */
export function economicsTotal(s: EconomicsSums) {
  const cost = s.costedSessions > 0 ? costOf(s.costMicro) : null;
  const margin = cost === null ? null : s.costedRevenue - cost;
  return {
    ...economicsOf(s),
    cost,
    margin,
    marginPercent: percent(margin, s.costedRevenue),
    sessionsWithoutCost: s.sessions - s.costedSessions,
  };
}
