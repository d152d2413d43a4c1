/**
 * @module OCPP 2.0.1 reports and notices (ADR 058 addendum): what a station sends answering
 * GetBaseReport (B, NotifyReport: its device model into D1, `station_device_variables`),
 * GetChargingProfiles (K, ReportChargingProfiles), GetDisplayMessages (O, NotifyDisplayMessages) and
 * GetMonitoringReport (N, NotifyMonitoringReport), each possibly in several parts (`tbc`); and the
 * smart-charging notices NotifyEVChargingNeeds, NotifyChargingLimit and ClearedChargingLimit. All are
 * kept in the object's `reports201` (shown by `state()`), the latest KEPT requests of each kind; every
 * frame is in the station log as well (ADR 034).
 */
import { saveDeviceVariables } from '@db/queries/device-model.store';
import { deviceVariableRows } from '@domain/ocpp/device-model';
import type { Handler201, HandlerContext } from '../../context';
import type { CollectedReport, Reports201 } from '../../ocpp201-reports-types';

/** Requests kept per kind of report (the latest by arrival). */
const KEPT = 10;

function reports(ctx: HandlerContext): Reports201 {
  const kept = ctx.store.get('reports201');
  return {
    baseReports: kept?.baseReports ?? {},
    chargingProfiles: kept?.chargingProfiles ?? {},
    evChargingNeeds: kept?.evChargingNeeds ?? {},
    chargingLimits: kept?.chargingLimits ?? {},
    displayMessages: kept?.displayMessages ?? {},
    monitoring: kept?.monitoring ?? {},
  };
}

/** The latest KEPT entries of `all`, by their receivedAt. */
function latest<T extends { receivedAt: string }>(all: Record<string, T>): Record<string, T> {
  const entries = Object.entries(all).sort(([, a], [, b]) => b.receivedAt.localeCompare(a.receivedAt));
  return Object.fromEntries(entries.slice(0, KEPT));
}

/** A part of a report in several parts: its items after the earlier parts', complete when tbc is not set. */
function collect(
  all: Record<string, CollectedReport>,
  requestId: number,
  items: readonly object[],
  tbc: boolean | undefined,
  at: Date,
): Record<string, CollectedReport> {
  const before = all[String(requestId)];
  // A part arriving after the report was complete starts it again (the same requestId reused).
  const earlier = before && !before.complete ? (JSON.parse(before.items) as object[]) : [];
  all[String(requestId)] = {
    requestId,
    receivedAt: at.toISOString(),
    complete: tbc !== true,
    items: JSON.stringify([...earlier, ...items]),
  };
  return latest(all);
}

function save(ctx: HandlerContext, r: Reports201): Record<string, never> {
  ctx.store.put('reports201', r);
  return {};
}

/** B: every variable attribute of the part into the station's device model (D1), then its progress. */
export const notifyReport: Handler201<'NotifyReport'> = async (ctx, p) => {
  const rows = deviceVariableRows(p.reportData ?? []);
  await saveDeviceVariables(ctx.db, ctx.stationId, rows, p.requestId, ctx.now);
  const r = reports(ctx);
  const before = r.baseReports[String(p.requestId)];
  const counted = before && !before.complete ? before.variables : 0;
  r.baseReports[String(p.requestId)] = {
    requestId: p.requestId,
    receivedAt: ctx.now.toISOString(),
    complete: p.tbc !== true,
    variables: counted + rows.length,
  };
  r.baseReports = latest(r.baseReports);
  return save(ctx, r);
};

/** K: the station's charging profiles answering GetChargingProfiles, per EVSE, collected over the parts. */
export const reportChargingProfiles: Handler201<'ReportChargingProfiles'> = (ctx, p) => {
  const r = reports(ctx);
  const items = p.chargingProfile.map((profile) => ({
    evseId: p.evseId,
    chargingLimitSource: p.chargingLimitSource,
    ...profile,
  }));
  r.chargingProfiles = collect(r.chargingProfiles, p.requestId, items, p.tbc, ctx.now);
  return save(ctx, r);
};

/**
 * K: the EV's charging needs (ISO 15118) are recorded. The back office computes no schedule from them
 * (site load management sends its own limits), so it answers Rejected: "service not available", the
 * answer that makes no promise of a charging profile (OCPP 2.0.1 NotifyEVChargingNeedsStatusEnumType).
 */
export const notifyEVChargingNeeds: Handler201<'NotifyEVChargingNeeds'> = (ctx, p) => {
  const r = reports(ctx);
  r.evChargingNeeds[String(p.evseId)] = {
    receivedAt: ctx.now.toISOString(),
    maxScheduleTuples: p.maxScheduleTuples ?? null,
    chargingNeeds: JSON.stringify(p.chargingNeeds),
  };
  save(ctx, r);
  return { status: 'Rejected' };
};

const limitKey = (source: string, evseId: number | undefined) => `${source}@${evseId ?? 0}`;

/** K: an external limit (EMS, SO, another CSO) now applies at the station or one EVSE. */
export const notifyChargingLimit: Handler201<'NotifyChargingLimit'> = (ctx, p) => {
  const r = reports(ctx);
  r.chargingLimits[limitKey(p.chargingLimit.chargingLimitSource, p.evseId)] = {
    receivedAt: ctx.now.toISOString(),
    source: p.chargingLimit.chargingLimitSource,
    evseId: p.evseId ?? null,
    isGridCritical: p.chargingLimit.isGridCritical ?? null,
    schedule: p.chargingSchedule ? JSON.stringify(p.chargingSchedule) : null,
  };
  r.chargingLimits = latest(r.chargingLimits);
  return save(ctx, r);
};

/** K: the external limit of that source is lifted (at the EVSE named, or the station's). */
export const clearedChargingLimit: Handler201<'ClearedChargingLimit'> = (ctx, p) => {
  const r = reports(ctx);
  delete r.chargingLimits[limitKey(p.chargingLimitSource, p.evseId)];
  return save(ctx, r);
};

/** O: the display messages the station holds, answering GetDisplayMessages. */
export const notifyDisplayMessages: Handler201<'NotifyDisplayMessages'> = (ctx, p) => {
  const r = reports(ctx);
  r.displayMessages = collect(r.displayMessages, p.requestId, p.messageInfo ?? [], p.tbc, ctx.now);
  return save(ctx, r);
};

/** N: the monitors the station has set, answering GetMonitoringReport. */
export const notifyMonitoringReport: Handler201<'NotifyMonitoringReport'> = (ctx, p) => {
  const r = reports(ctx);
  r.monitoring = collect(r.monitoring, p.requestId, p.monitor ?? [], p.tbc, ctx.now);
  return save(ctx, r);
};
