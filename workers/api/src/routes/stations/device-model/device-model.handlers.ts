/**
 * @module A station's OCPP 2.0.1 device model (block B) and reports (K, N, O), ADR 058 addendum: the
 * variables it reported (D1, written by the ocpp worker), the GetBaseReport that asks for them, and
 * what its ChargePoint object collected from ReportChargingProfiles, NotifyDisplayMessages,
 * NotifyMonitoringReport, NotifyEVChargingNeeds and NotifyChargingLimit. Station in the caller's
 * company tree only (404 otherwise).
 */

import type { AppEnv } from '@api/env';
import { answerCommand, dispatchCommand } from '@api/lib/charge-point-command';
import { apiError } from '@api/lib/errors';
import { chargePointOf, onStation, type Station } from '@api/lib/station-scope';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getDeviceModel, getOcppReports, requestBaseReport } from './device-model.routes';
import { toDeviceVariable } from './device-model.schemas';
import { deviceModelPage } from './device-model.store';

const VERSION_NAMES: Record<string, string> = { 'ocpp1.6': 'OCPP 1.6', 'ocpp2.0.1': 'OCPP 2.0.1' };

/** 409 for a station whose last connection spoke 1.6: what follows exists only in 2.0.1. */
export function unlessOcpp201(c: Context<AppEnv>, station: Station) {
  const version = station.ocppVersionConnected;
  if (version === null || version === 'ocpp2.0.1') return null;
  return apiError(c, 409, 'NOT_OCPP_201', 'notOcpp201', { params: { version: VERSION_NAMES[version] ?? version } });
}

type CollectedReport = { requestId: number; receivedAt: string; complete: boolean; items: string };
const collected = (all: Record<string, CollectedReport> | undefined) =>
  Object.values(all ?? {})
    .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt))
    .map((r) => ({
      request_id: r.requestId,
      received_at: r.receivedAt,
      complete: r.complete,
      items: JSON.parse(r.items) as unknown[],
    }));

export const deviceModelRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getDeviceModel, (c) =>
    onStation(c, c.req.valid('param').uid, async (station) => {
      const { component, page, items_per_page } = c.req.valid('query');
      const found = await deviceModelPage(c.get('db'), station.id, {
        ...(component ? { component } : {}),
        page,
        size: items_per_page,
      });
      return c.json(
        {
          data: found.rows.map(toDeviceVariable),
          total: found.total,
          page,
          items_per_page,
          components: found.components,
          ocpp_version: station.ocppVersionConnected,
        },
        200,
      );
    }),
  )
  .openapi(
    requestBaseReport,
    (c) =>
      onStation(c, c.req.valid('param').uid, async (station) => {
        const refused = unlessOcpp201(c, station);
        if (refused) return refused;
        // Ours to choose; the station names it in each NotifyReport part.
        const requestId = Math.floor(Date.now() / 1000) % 2_147_483_647;
        const payload = { requestId, reportBase: c.req.valid('json').report_base };
        return answerCommand(c, await dispatchCommand(c, { station, connector: null }, 'GetBaseReport', payload));
      }) as never,
  )
  .openapi(getOcppReports, (c) =>
    onStation(c, c.req.valid('param').uid, async (station) => {
      const { reports201: r } = await chargePointOf(c, station).state();
      return c.json(
        {
          base_reports: Object.values(r?.baseReports ?? {})
            .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt))
            .map((b) => ({
              request_id: b.requestId,
              received_at: b.receivedAt,
              complete: b.complete,
              variables: b.variables,
            })),
          charging_profiles: collected(r?.chargingProfiles),
          display_messages: collected(r?.displayMessages),
          monitoring: collected(r?.monitoring),
          ev_charging_needs: Object.entries(r?.evChargingNeeds ?? {}).map(([evse, n]) => ({
            evse_id: Number(evse),
            received_at: n.receivedAt,
            max_schedule_tuples: n.maxScheduleTuples,
            charging_needs: JSON.parse(n.chargingNeeds) as unknown,
          })),
          charging_limits: Object.values(r?.chargingLimits ?? {}).map((l) => ({
            source: l.source,
            evse_id: l.evseId,
            received_at: l.receivedAt,
            is_grid_critical: l.isGridCritical,
            schedule: l.schedule === null ? null : (JSON.parse(l.schedule) as unknown),
          })),
        },
        200,
      );
    }),
  );
