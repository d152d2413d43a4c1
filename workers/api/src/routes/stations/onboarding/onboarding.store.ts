/**
 * @module Reads and writes of the onboarding steps and commissioning: templates, each station's step
 * outcomes, the operators' roaming peerings. Every station read is within the caller's company tree.
 */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { stationInScope } from '@db/queries/stations.store';
import { ocpiPeerings, stationOnboardingSteps, stations, stationTemplates } from '@db/schema';
import type { TemplateConnector } from '@db/seed/station-templates';
import type { TypeStatusChange } from '@domain/onboarding/commissioning';
import type { OnboardingStep, StepStatus } from '@domain/onboarding/onboarding';
import type { Peering, RoamingStep } from '@domain/onboarding/roaming-steps';
import type { Language } from '@i18n/languages';
import type { MessageKey } from '@i18n/messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import { toOnboardingState } from './onboarding.schemas';

export type TemplateRow = typeof stationTemplates.$inferSelect;
export type StationRow = typeof stations.$inferSelect;

export function templateOut(t: TemplateRow) {
  return {
    id: t.id,
    name: t.name,
    brand: t.brand,
    model: t.model,
    powerType: t.powerType,
    voltage: t.voltage,
    amperage: t.amperage,
    profile: t.profile,
    urlType: t.urlType,
    connectors: JSON.parse(t.connectorsJson) as TemplateConnector[],
  };
}

export async function listTemplates(db: Db) {
  const rows = await db.select().from(stationTemplates).orderBy(asc(stationTemplates.name));
  return rows.map(templateOut);
}

export async function findTemplate(db: Db, id: number) {
  return db.select().from(stationTemplates).where(eq(stationTemplates.id, id)).get();
}

/** A station of the caller's tree (operated or owned), by OCPP uid. */
export async function stationByUid(db: Db, scope: number[], uid: string) {
  return db
    .select()
    .from(stations)
    .where(and(eq(stations.uid, uid), stationInScope(scope)))
    .get();
}

/** A station of the caller's tree (operated or owned), by id. */
export async function stationById(db: Db, scope: number[], id: number) {
  return db
    .select()
    .from(stations)
    .where(and(eq(stations.id, id), stationInScope(scope)))
    .get();
}

/** The stations of the caller's tree with these ids, in the order given; or the first id that is not one. */
export async function stationsByIds(db: Db, scope: number[], ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(stations)
    .where(and(inCompanies(stations.id, unique), stationInScope(scope)));
  const byId = new Map(rows.map((s) => [s.id, s]));
  const missing = unique.find((id) => !byId.has(id));
  return missing === undefined
    ? { list: unique.flatMap((id) => byId.get(id) ?? []), missing: null }
    : { list: [], missing };
}

/** The insert of a step outcome: a retry overwrites the row and counts the attempt. */
export function stepUpsert(
  db: Db,
  stationId: number | ReturnType<typeof sql>,
  step: OnboardingStep,
  status: StepStatus,
  messageKey: MessageKey | null,
  userId: number | null,
) {
  const attempts = status === 'pending' ? 0 : 1;
  return db
    .insert(stationOnboardingSteps)
    .values({ stationId: stationId as number, step, status, messageKey, attempts, userId, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [stationOnboardingSteps.stationId, stationOnboardingSteps.step],
      set: {
        status,
        messageKey,
        userId,
        updatedAt: new Date(),
        attempts: sql`${stationOnboardingSteps.attempts} + ${attempts}`,
      },
    });
}

export async function onboardingState(db: Db, lang: Language, station: StationRow) {
  const rows = await db.select().from(stationOnboardingSteps).where(eq(stationOnboardingSteps.stationId, station.id));
  return toOnboardingState(lang, station, rows);
}

/** The onboarding state of several stations (one read of their step rows), in the order given. */
export async function onboardingStates(db: Db, lang: Language, list: StationRow[]) {
  if (list.length === 0) return [];
  const rows = await db
    .select()
    .from(stationOnboardingSteps)
    .where(
      inCompanies(
        stationOnboardingSteps.stationId,
        list.map((s) => s.id),
      ),
    );
  return list.map((station) =>
    toOnboardingState(
      lang,
      station,
      rows.filter((r) => r.stationId === station.id),
    ),
  );
}

/** The operator's peerings registered over OCPI (ADR 057), by id as the step routes name them. */
export async function peeringsFor(db: Db, companyId: number): Promise<Peering[]> {
  const rows = await db
    .select({ id: ocpiPeerings.id, public: ocpiPeerings.public })
    .from(ocpiPeerings)
    .where(and(eq(ocpiPeerings.companyId, companyId), eq(ocpiPeerings.state, 'registered')))
    .orderBy(asc(ocpiPeerings.id))
    .all();
  return rows.map((r) => ({ id: String(r.id), public: r.public }));
}

/** The outcome of one step of one station: null, or the message key of its failure. */
export interface RoamingStepOutcome {
  stationId: number;
  step: RoamingStep;
  failure: MessageKey | null;
}

/** Records step outcomes (done, or failed with the failure's message), in one batch. */
export async function recordSteps(db: Db, outcomes: readonly RoamingStepOutcome[], userId: number) {
  const [first, ...rest] = outcomes.map((o) =>
    stepUpsert(db, o.stationId, o.step, o.failure ? 'failed' : 'done', o.failure, userId),
  );
  if (first) await db.batch([first, ...rest]);
}

/** The commissioning status and visibility change with its audit row, in one batch. */
export async function updateTypeStatus(db: Db, id: number, change: TypeStatusChange, audit: AuditEntry) {
  await db.batch([
    db
      .update(stations)
      .set({
        ...change.after,
        ...(change.commissioningDate ? { commissioningDate: change.commissioningDate } : {}),
        updatedAt: new Date(),
      })
      .where(eq(stations.id, id)),
    auditInsert(db, audit),
  ]);
}
