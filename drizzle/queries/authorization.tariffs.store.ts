/**
 * @module The station's EMSP tariff for the charger's decision of a currency user (ADR 028): the
 * approved EMSP tariffs of the operator's company chain, read through a per-isolate cache, and the one
 * `domain/charging-authorization/at-charger.ts` picks among them.
 */
import { emspTariffAt } from '../../domain/charging-authorization/at-charger';
import type { Tariff } from '../../domain/pricing/types';
import { candidateOf } from '../../domain/sessions/price-at-close';
import { engineTariffOfVersion } from '../../domain/tariffs/engine-cache';
import type { TariffCandidate } from '../../domain/tariffs/select';
import type { Db } from '../db';
import type { tariffs } from '../schema';
import { companyAncestorIds } from './companies.store';

/** How long the EMSP tariffs of an operator's chain are reused by the decisions of one isolate. */
export const TARIFF_CACHE_MS = 60_000;
type TariffRow = typeof tariffs.$inferSelect;
type TariffCandidates = { chain: number[]; candidates: (TariffCandidate & { row: TariffRow })[]; until: number };
const tariffCache = new Map<number, TariffCandidates>();

/**
 * The approved EMSP tariffs of the operator's company chain, kept for TARIFF_CACHE_MS per operator:
 * a ChargePoint object answers every Authorize of its station from one isolate, and without the cache
 * each decision of a currency user paid two more sequential D1 round trips. A newly approved tariff is
 * therefore used by the charger's limit check within a minute (pricing at close reads it at once).
 */
async function emspCandidates(db: Db, operatorId: number, now: number): Promise<TariffCandidates> {
  const hit = tariffCache.get(operatorId);
  if (hit && hit.until > now) return hit;
  const chain = await companyAncestorIds(db, operatorId);
  const rows =
    chain.length === 0
      ? []
      : await db.query.tariffs.findMany({
          where: (t, { and, eq, inArray }) =>
            and(inArray(t.companyId, chain), eq(t.type, 'emp'), eq(t.status, 'approved')),
        });
  const entry = { chain, candidates: rows.map(candidateOf), until: now + TARIFF_CACHE_MS };
  if (tariffCache.size > 1000) tariffCache.clear();
  tariffCache.set(operatorId, entry);
  return entry;
}

/**
 * The EMSP tariff that would price a session starting now at the station (the selection of
 * pricing at close, ADR 013), for currency limits; null when none applies.
 */
export async function pricingAt(
  db: Db,
  station: { company_id: number; country: string | null; time_zone: string },
  at: Date,
  idTag: string,
): Promise<{ tariff: Tariff; timeZone: string } | null> {
  const { chain, candidates } = await emspCandidates(db, station.company_id, Date.now());
  const choice = emspTariffAt(candidates, chain, station, at, idTag);
  return choice?.tariff ? { tariff: engineTariffOfVersion(choice.tariff.row), timeZone: station.time_zone } : null;
}
