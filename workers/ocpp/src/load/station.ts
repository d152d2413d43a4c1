/**
 * @module The ChargePoint object's side of site load management (ADR 059): it tells its site's
 * SiteLoad object when a session starts, ends or reports its draw (after the reply, never delaying
 * the charge point), and builds the TxProfile the site sends through the object's command RPC, whose
 * sender picks the 1.6 or 2.0.1 form of SetChargingProfile.
 */
import { managedSiteOfStation } from '@db/queries/site-load.store';
import { drawAmps } from '@domain/load/draw';
import { siteObjectName } from '@domain/load/site-limit';
import type { MeterSample } from '@domain/ocpp/meter-values';
import type { HandlerContext } from '../context';
import type { Store } from '../storage/store';

/** The site a station stands at is looked up again this long after the last look (a station may move). */
const SITE_TTL_MS = 5 * 60_000;
/** The profile of the site limit: one per connector (a new one replaces the last), above the operator's own at 0. */
export const LOAD_PROFILE_ID_BASE = 59_000;
export const LOAD_PROFILE_STACK_LEVEL = 5;
export const LOAD_COMMAND_TIMEOUT_MS = 30_000;

const sites = new WeakMap<Store, { locationId: number | null; at: number }>();

async function siteOf(ctx: HandlerContext): Promise<number | null> {
  const known = sites.get(ctx.store);
  const now = Date.now();
  if (known && now - known.at < SITE_TTL_MS) return known.locationId;
  const locationId = await managedSiteOfStation(ctx.db, ctx.stationId);
  sites.set(ctx.store, { locationId, at: now });
  return locationId;
}

function siteStub(ctx: HandlerContext, locationId: number) {
  const ns = ctx.env.SITE_LOADS;
  return ns ? ns.get(ns.idFromName(siteObjectName(locationId))) : null;
}

/** Runs `task` against the station's site after the reply, when the station is at a managed site. */
function withSite(
  ctx: HandlerContext,
  task: (site: NonNullable<ReturnType<typeof siteStub>>, locationId: number) => Promise<void>,
) {
  if (!ctx.env.SITE_LOADS) return;
  ctx.afterReply(async () => {
    try {
      const locationId = await siteOf(ctx);
      const site = locationId === null ? null : siteStub(ctx, locationId);
      if (site && locationId !== null) await task(site, locationId);
    } catch (e) {
      console.warn(`[load] ${ctx.identity}: site not told: ${String(e)}`);
    }
  });
}

export function loadSessionStarted(
  ctx: HandlerContext,
  tx: { transactionId: number; connectorId: number; startedAt: number },
): void {
  withSite(ctx, (site, locationId) =>
    site.sessionStarted({
      locationId,
      stationUid: ctx.identity,
      stationId: ctx.stationId,
      connectorId: tx.connectorId,
      transactionId: tx.transactionId,
      startedAt: Number.isNaN(tx.startedAt) ? ctx.now.getTime() : tx.startedAt,
    }),
  );
}

export function loadSessionEnded(ctx: HandlerContext, transactionIds: readonly number[]): void {
  if (transactionIds.length === 0) return;
  withSite(ctx, async (site, locationId) => {
    for (const transactionId of transactionIds) {
      await site.sessionEnded({ locationId, stationUid: ctx.identity, transactionId });
    }
  });
}

/** The phases a 2.0.1 transaction reported it uses (`numberOfPhasesUsed`), null when unknown or 1.6. */
function phasesUsed(ctx: HandlerContext, transactionId: number): number | null {
  const all = ctx.store.get('transactions201');
  if (!all) return null;
  for (const t of Object.values(all)) if (t.sessionId === transactionId) return t.numberOfPhasesUsed ?? null;
  return null;
}

/**
 * A MeterValues of an open transaction: its draw, when the reading tells one, with the phases the
 * station reported (read after the reply, once its TransactionEvent is recorded) and the reading's voltage.
 */
export function loadDrawReported(ctx: HandlerContext, transactionId: number, samples: readonly MeterSample[]): void {
  if (drawAmps(samples) === null) return;
  const at = ctx.now.getTime();
  withSite(ctx, async (site, locationId) => {
    const drawA = drawAmps(samples, { phases: phasesUsed(ctx, transactionId) });
    if (drawA === null) return;
    await site.drawReported({ locationId, stationUid: ctx.identity, transactionId, drawA, at });
  });
}

/** The 1.6 ClearChargingProfile of the share sent to a connector (by its profile id); the sender gives 2.0.1 its form. */
export const clearProfile = (connectorId: number) => ({ id: LOAD_PROFILE_ID_BASE + connectorId });

/**
 * The 1.6 SetChargingProfile of a session's share (A per phase, from now on); the sender gives 2.0.1
 * its form. `stackLevel`: above an operator's own TxProfile of the transaction, never on it.
 */
export function txProfile(
  connectorId: number,
  transactionId: number,
  limitA: number,
  stackLevel = LOAD_PROFILE_STACK_LEVEL,
) {
  return {
    connectorId,
    csChargingProfiles: {
      chargingProfileId: LOAD_PROFILE_ID_BASE + connectorId,
      transactionId,
      stackLevel,
      chargingProfilePurpose: 'TxProfile',
      chargingProfileKind: 'Relative',
      chargingSchedule: {
        chargingRateUnit: 'A',
        chargingSchedulePeriod: [{ startPeriod: 0, limit: limitA }],
      },
    },
  };
}
