/**
 * @module Reads behind "which tariff priced each perspective of this session, and why" (issue 24 §6):
 * the session's selection facts (start, station country, customer group, payment type, company chains,
 * MPS assignments, read as pricing at close reads them), the tariffs selection looks at (pending ones
 * too, of the caller's companies), and the stored choice (`session_pricing`); the verdicts come from
 * `domain/tariffs/explain.ts`, the same admission and ranking as pricing.
 */

import type { Db } from '@db/db';
import { companyAncestorIds } from '@db/queries/companies.store';
import { mpsAssignmentsOf, tariffCandidate } from '@db/queries/pricing.store';
import { chargingSessions, customerGroups, sessionPricing, stations, tariffs } from '@db/schema';
import type { PricedCandidate, SessionPricingInput } from '@domain/tariffs/explain';
import { isMpsPayment, paymentTypeOf } from '@domain/tariffs/select';
import { and, eq, inArray, or } from 'drizzle-orm';

type TariffRow = typeof tariffs.$inferSelect;

const candidate = (t: TariffRow): PricedCandidate => tariffCandidate(t);

/**
 * The explanation's input for a session the caller may already see, with the names of the tariffs
 * involved; null when the session does not exist. `visible`: the caller's companies (pending tariffs
 * are shown only from those, approved ones from the chains selection reads, as pricing does).
 */
export async function sessionPricingFacts(
  db: Db,
  sessionId: number,
  visible: readonly number[],
): Promise<{ input: SessionPricingInput; names: Map<number, { name: string; status: string }> } | null> {
  const s = await db
    .select({
      startAt: chargingSessions.startAt,
      companyId: chargingSessions.companyId,
      ownerCompanyId: chargingSessions.ownerCompanyId,
      stationId: chargingSessions.stationId,
      customerGroupId: chargingSessions.customerGroupId,
      startMethod: chargingSessions.startMethod,
      authId: chargingSessions.authId,
    })
    .from(chargingSessions)
    .where(eq(chargingSessions.id, sessionId))
    .get();
  if (!s) return null;
  const [station, operatorChain, ownerChain, group, stored] = await Promise.all([
    db.select({ country: stations.country }).from(stations).where(eq(stations.id, s.stationId)).get(),
    companyAncestorIds(db, s.companyId),
    s.ownerCompanyId ? companyAncestorIds(db, s.ownerCompanyId) : Promise.resolve([] as number[]),
    s.customerGroupId
      ? db
          .select({ id: customerGroups.id, deletedAt: customerGroups.deletedAt })
          .from(customerGroups)
          .where(eq(customerGroups.id, s.customerGroupId))
          .get()
      : Promise.resolve(undefined),
    db.select().from(sessionPricing).where(eq(sessionPricing.sessionId, sessionId)).get(),
  ]);
  const chains = [...new Set([...operatorChain, ...ownerChain])];
  const paymentType = paymentTypeOf(s);
  const country = station?.country ?? null;
  const mps = isMpsPayment(paymentType) && country ? await mpsAssignmentsOf(db, chains, country) : [];
  const mpsChains = [...new Set(mps.map((m) => m.chainId))];
  const rows = await db
    .select()
    .from(tariffs)
    .where(
      or(
        and(eq(tariffs.status, 'approved'), inArray(tariffs.companyId, chains)),
        and(
          eq(tariffs.status, 'pending'),
          inArray(
            tariffs.companyId,
            chains.filter((id) => visible.includes(id)),
          ),
        ),
        ...(mpsChains.length > 0
          ? [
              and(
                eq(tariffs.status, 'approved'),
                or(inArray(tariffs.id, mpsChains), inArray(tariffs.versionOf, mpsChains)),
              ),
            ]
          : []),
      ),
    );
  return {
    input: {
      candidates: rows.map(candidate),
      facts: {
        start: s.startAt,
        country,
        // A deleted group no longer selects its tariffs (ADR 026).
        customerGroupId: group && group.deletedAt === null ? group.id : null,
        paymentType,
        mps,
      },
      operatorChain,
      ownerChain,
      stored: stored
        ? {
            tariffIds: { emp: stored.empTariffId, subcpo: stored.subcpoTariffId, owner: stored.ownerTariffId },
            pricedAt: stored.pricedAt,
          }
        : null,
    },
    names: new Map(rows.map((t) => [t.id, { name: t.name, status: t.status }])),
  };
}
