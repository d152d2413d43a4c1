/**
 * @module Reads and writes of the onboarding API: templates, each station's step outcomes, and the
 * peering / publish steps. No roaming partner exists before the roaming issue, so a peering or publish
 * attempt finds no configured peering and is recorded as failed with that reason, never as a success.
 */

import type { Db } from '@db/db';
import { inCompanies } from '@db/queries/companies.store';
import { stationInScope } from '@db/queries/stations.store';
import { stationOnboardingSteps, stations, stationTemplates } from '@db/schema';
import type { TemplateConnector } from '@db/seed/station-templates';
import type { Language } from '@domain/i18n/languages';
import type { MessageKey } from '@domain/i18n/messages';
import { translate } from '@domain/i18n/messages';
import { ONBOARDING_STEPS, type OnboardingStep, type StepStatus } from '@domain/onboarding/onboarding';
import { and, asc, eq, sql } from 'drizzle-orm';

export type TemplateRow = typeof stationTemplates.$inferSelect;

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

export async function onboardingState(db: Db, lang: Language, station: typeof stations.$inferSelect) {
  const rows = await db.select().from(stationOnboardingSteps).where(eq(stationOnboardingSteps.stationId, station.id));
  return stateOf(lang, station, rows);
}

/** The onboarding state of several stations (one read of their step rows), in the order given. */
export async function onboardingStates(db: Db, lang: Language, list: (typeof stations.$inferSelect)[]) {
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
    stateOf(
      lang,
      station,
      rows.filter((r) => r.stationId === station.id),
    ),
  );
}

function stateOf(
  lang: Language,
  station: typeof stations.$inferSelect,
  rows: (typeof stationOnboardingSteps.$inferSelect)[],
) {
  const byStep = new Map(rows.map((r) => [r.step, r]));
  return {
    stationId: station.id,
    uid: station.uid,
    name: station.name,
    mode: station.offline ? ('offline' as const) : ('online' as const),
    commissioningStatus: station.commissioningStatus,
    hidden: station.hidden,
    // A station created before onboarding existed (demo, import) shows its create step as done.
    steps: ONBOARDING_STEPS.map((step) => {
      const r = byStep.get(step);
      if (!r) {
        return step === 'create'
          ? { step, status: 'done' as const, message: null, attempts: 1, updatedAt: station.createdAt.toISOString() }
          : { step, status: 'pending' as const, message: null, attempts: 0, updatedAt: null };
      }
      return {
        step,
        status: r.status,
        message: r.messageKey ? translate(lang, r.messageKey as MessageKey) : null,
        attempts: r.attempts,
        updatedAt: r.updatedAt.toISOString(),
      };
    }),
  };
}

export interface Peering {
  id: string;
  public: boolean;
}

/**
 * The roaming peerings configured for an operator. The roaming issue adds the peering store and the
 * partner calls; until then no operator has one, which is the true answer and what the steps report.
 */
export async function peeringsFor(_db: Db, _companyId: number): Promise<Peering[]> {
  return [];
}

/** Runs peering or publish for a station and records the outcome; returns the failure's message key, or null. */
export async function runRoamingStep(
  db: Db,
  station: { id: number; companyId: number },
  step: 'peering' | 'publish',
  userId: number,
  peeringId?: string,
): Promise<MessageKey | null> {
  const failure = stepFailure(await peeringsFor(db, station.companyId), step, peeringId);
  await stepUpsert(db, station.id, step, failure ? 'failed' : 'done', failure, userId);
  return failure;
}

/** The outcome of a peering or publish attempt with the operator's peerings: a failure's message key, or null. */
function stepFailure(peerings: Peering[], step: 'peering' | 'publish', peeringId?: string): MessageKey | null {
  const target = peeringId ? peerings.find((p) => p.id === peeringId) : peerings[0];
  // With a peering, binding and publishing are the roaming issue's partner calls; none can exist yet.
  return target ? 'notAvailable' : step === 'peering' ? 'peeringFailed' : 'publishFailed';
}

/**
 * Runs the peering and/or publish step for several stations (e.g. those an import created), as the
 * single-station onboarding does after create; every outcome is recorded, in one batch. Answers how
 * many attempts failed.
 */
export async function runRoamingSteps(
  db: Db,
  list: { id: number; companyId: number }[],
  steps: readonly ('peering' | 'publish')[],
  userId: number,
) {
  const peerings = new Map<number, Peering[]>();
  for (const companyId of new Set(list.map((s) => s.companyId))) {
    peerings.set(companyId, await peeringsFor(db, companyId));
  }
  const writes = list.flatMap((station) =>
    steps.map((step) => {
      const failure = stepFailure(peerings.get(station.companyId) ?? [], step);
      return {
        failed: failure !== null,
        write: stepUpsert(db, station.id, step, failure ? 'failed' : 'done', failure, userId),
      };
    }),
  );
  const [first, ...rest] = writes.map((w) => w.write);
  if (first) await db.batch([first, ...rest]);
  return writes.filter((w) => w.failed).length;
}
