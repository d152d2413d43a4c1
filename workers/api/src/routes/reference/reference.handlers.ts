/**
 * @module Reference data of spec 7.9: the fixed vocabularies the screens offer in their pickers, the
 * station cities, and the four company-group levels of the selected company with their labels and the
 * groups of each level in the caller's scope (the group pickers of fleet user filters, the user
 * wizard's company-groups step, station list filters). `enabled` reports service setting 44 (company
 * groups); the groups are answered either way because users and stations already carry them.
 */
import type { AppEnv } from '@api/env';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { STATION_LOG_EVENT_TYPES } from '@domain/ocpp/station-log';
import { can } from '@domain/permissions/permissions';
import { SERVICE } from '@domain/permissions/service-settings';
import {
  CHARGE_POINT_ERROR_CODES,
  CONNECTOR_CAPABILITIES,
  CONNECTOR_STATUSES,
  POWER_TYPES,
  STATION_TYPES,
} from '@domain/stations/statuses';
import { OpenAPIHono } from '@hono/zod-openapi';
import * as r from './reference.routes';
import { items, PLUG_FORMATS, PLUG_TYPES, STATION_PROFILES, STATION_URL_TYPES } from './reference.schemas';
import * as store from './reference.store';

export const referenceRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.stationTypes, (c) => c.json(items(STATION_TYPES), 200))
  .openapi(r.powerTypes, (c) => c.json(items(POWER_TYPES), 200))
  .openapi(r.plugTypes, (c) => c.json(items(PLUG_TYPES), 200))
  .openapi(r.plugFormats, (c) => c.json(items(PLUG_FORMATS), 200))
  .openapi(r.stationUrlTypes, (c) => c.json(items(STATION_URL_TYPES), 200))
  .openapi(r.stationProfiles, (c) => c.json(items(STATION_PROFILES), 200))
  .openapi(r.errorCodes, (c) => c.json(items(CHARGE_POINT_ERROR_CODES), 200))
  .openapi(r.stationLogEventTypes, (c) => c.json(items(STATION_LOG_EVENT_TYPES), 200))
  .openapi(r.connectorCapabilities, (c) => c.json(items(CONNECTOR_CAPABILITIES), 200))
  .openapi(r.connectorStatuses, (c) => c.json(items(CONNECTOR_STATUSES), 200))
  .openapi(r.stationCities, async (c) =>
    c.json(items(await store.stationCities(c.get('db'), await callerScope(c))), 200),
  )
  .openapi(r.companyGroupOptions, async (c) => {
    const { access, company } = authOf(c);
    // Groups are shown to who sees users or stations; anyone else gets the labels and no group
    // (403 is reserved to the route's own permission: ADR 005).
    const seesGroups = can(access, 'fleet:view') || can(access, 'connectors:view');
    const rows = await store.companyGroupsOf(c.get('db'), seesGroups ? await callerScope(c) : []);
    const labels = [company.group1Label, company.group2Label, company.group3Label, company.group4Label];
    return c.json(
      {
        enabled: access.services.includes(SERVICE.COMPANY_GROUPS),
        levels: labels.map((label, i) => ({
          level: i + 1,
          label,
          groups: rows.filter((g) => g.level === i + 1).map(({ id, name, company_id }) => ({ id, name, company_id })),
        })),
      },
      200,
    );
  });
