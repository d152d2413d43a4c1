/**
 * @module Why a session got the tariff it got (issue 24 §6): the same admission and ranking as
 * `chooseTariff` (select.ts), run over every candidate so each one carries its verdict — chosen,
 * outranked (by which tariff, on which criterion) or excluded (for which reason) — per perspective
 * of the session (e-mobility provider, sub-operator, owner), and whether the stored price still
 * matches what selection gives today (a tariff approved after the session was priced does not
 * change it until someone re-prices it).
 */
import type { TariffType } from './model';
import { admission, beatsOn, type Criterion, type Exclusion, type SessionFacts, type TariffCandidate } from './select';

export type Outcome = 'chosen' | 'outranked' | 'excluded';

export interface Verdict {
  tariffId: number;
  type: TariffType;
  outcome: Outcome;
  exclusion?: Exclusion;
  /** The tariff that won, for an outranked candidate. */
  by?: number;
  /** The first criterion on which the winner beat it ('revenue_first': an owner tariff loses to any revenue tariff). */
  criterion?: Criterion | 'revenue_first';
}

export interface Explanation {
  chosen: number | null;
  verdicts: Verdict[];
}

/** Every candidate of the type with its verdict: the chosen one is the one `chooseTariff` returns. */
export function explainChoice(candidates: readonly TariffCandidate[], type: TariffType, s: SessionFacts): Explanation {
  const admitted: { t: TariffCandidate; key: readonly number[] }[] = [];
  const verdicts: Verdict[] = [];
  for (const t of candidates) {
    const a = admission(t, type, s);
    if (!a.ok) {
      if (a.exclusion !== 'other_type')
        verdicts.push({ tariffId: t.id, type, outcome: 'excluded', exclusion: a.exclusion });
      continue;
    }
    admitted.push({ t, key: a.key });
  }
  let best: { t: TariffCandidate; key: readonly number[] } | null = null;
  for (const c of admitted) if (!best || beatsOn(c.key, best.key)) best = c;
  for (const c of admitted) {
    if (c === best) verdicts.push({ tariffId: c.t.id, type, outcome: 'chosen' });
    else if (best)
      verdicts.push({
        tariffId: c.t.id,
        type,
        outcome: 'outranked',
        by: best.t.id,
        criterion: beatsOn(best.key, c.key) ?? 'id',
      });
  }
  return { chosen: best?.t.id ?? null, verdicts: sortVerdicts(verdicts) };
}

const ORDER: Record<Outcome, number> = { chosen: 0, outranked: 1, excluded: 2 };
const sortVerdicts = (v: Verdict[]) => v.sort((a, b) => ORDER[a.outcome] - ORDER[b.outcome] || b.tariffId - a.tariffId);

/** The session's three perspectives and the tariff types that price each (owner: revenue first). */
export const PERSPECTIVES = ['emp', 'subcpo', 'owner'] as const;
export type Perspective = (typeof PERSPECTIVES)[number];
export const TYPES_OF: Record<Perspective, readonly TariffType[]> = {
  emp: ['emp'],
  subcpo: ['cpo'],
  owner: ['revenue', 'owner'],
};

export interface PricedCandidate extends TariffCandidate {
  approvedAt: Date | null;
}

export interface SessionPricingInput {
  candidates: readonly PricedCandidate[];
  /** Start, country, customer group (null when deleted), payment type, MPS assignments. */
  facts: Omit<SessionFacts, 'companyChain'>;
  /** The station's operator company first, then its ancestors. */
  operatorChain: readonly number[];
  /** The station owner's company chain (empty when the station has no owner company). */
  ownerChain: readonly number[];
  /** The tariff each perspective was priced with (session_pricing), and when; null when never priced. */
  stored: { tariffIds: Record<Perspective, number | null>; pricedAt: Date } | null;
}

export interface PerspectiveWhy {
  perspective: Perspective;
  /** The tariff stored with the price; null when the perspective was not priced. */
  pricedWith: number | null;
  /** What selection gives today with today's tariffs. */
  wouldChoose: number | null;
  /** Priced, and today's choice differs: a re-price would change the tariff. */
  stale: boolean;
  verdicts: (Verdict & { approvedAfterPricing: boolean })[];
}

/** For each perspective of a session: which tariff priced it and why every other candidate did not. */
export function explainSessionPricing(input: SessionPricingInput): PerspectiveWhy[] {
  const { candidates, facts, operatorChain, ownerChain, stored } = input;
  const ownerScope = ownerChain.length > 0 ? [...ownerChain, ...operatorChain] : [...operatorChain];
  const approvedAt = new Map(candidates.map((c) => [c.id, c.approvedAt]));
  const lateAt = (id: number) => {
    const at = approvedAt.get(id);
    return Boolean(stored && at && at.getTime() > stored.pricedAt.getTime());
  };
  return PERSPECTIVES.map((perspective) => {
    const chain = perspective === 'owner' ? ownerScope : operatorChain;
    const s: SessionFacts = { ...facts, companyChain: chain };
    let result: Explanation;
    if (perspective === 'owner') {
      // Owner revenue: the revenue tariff when one applies, else the owner tariff (ADR 013).
      const revenue = explainChoice(candidates, 'revenue', s);
      const owner = explainChoice(candidates, 'owner', s);
      const winner = revenue.chosen;
      result =
        winner === null
          ? { chosen: owner.chosen, verdicts: [...owner.verdicts, ...revenue.verdicts] }
          : {
              chosen: winner,
              verdicts: [
                ...revenue.verdicts,
                ...owner.verdicts.map(
                  (v): Verdict =>
                    v.outcome === 'excluded'
                      ? v
                      : {
                          tariffId: v.tariffId,
                          type: v.type,
                          outcome: 'outranked',
                          by: winner,
                          criterion: 'revenue_first',
                        },
                ),
              ],
            };
    } else {
      result = explainChoice(candidates, TYPES_OF[perspective][0] as TariffType, s);
    }
    const pricedWith = stored ? stored.tariffIds[perspective] : null;
    return {
      perspective,
      pricedWith,
      wouldChoose: result.chosen,
      stale: stored !== null && pricedWith !== result.chosen,
      verdicts: sortVerdicts(result.verdicts).map((v) => ({ ...v, approvedAfterPricing: lateAt(v.tariffId) })),
    };
  });
}
