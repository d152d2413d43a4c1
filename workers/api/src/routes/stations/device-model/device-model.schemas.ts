/** @module Schemas of a station's OCPP 2.0.1 device model and reports (issue 23 blocks B, K, N, O; ADR 058 addendum). */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import type { stationDeviceVariables } from '@db/schema';
import { z } from '@hono/zod-openapi';

export const DeviceModelQuery = z.object({
  component: z
    .string()
    .trim()
    .min(1)
    .max(50, 'A component name has at most 50 characters')
    .optional()
    .openapi({ description: 'Only the variables of this component (its name, e.g. EVSE or OCPPCommCtrlr)' }),
  ...pageQueryFields(50),
});

export const DeviceVariable = z
  .object({
    key: z.string().openapi({
      description:
        'Component[:instance][@evse[.connector]]/Variable[:instance]: the configuration key of get-configuration and set-configuration on a 2.0.1 station',
    }),
    component: z.string(),
    component_instance: z.string().nullable(),
    evse_id: z.number().nullable(),
    connector_id: z.number().nullable(),
    variable: z.string(),
    variable_instance: z.string().nullable(),
    attribute_type: z.string().openapi({ description: 'Actual, Target, MinSet or MaxSet' }),
    value: z.string().nullable(),
    mutability: z.string().nullable().openapi({ description: 'ReadOnly, WriteOnly or ReadWrite' }),
    persistent: z.boolean().nullable(),
    constant: z.boolean().nullable(),
    data_type: z.string().nullable(),
    unit: z.string().nullable(),
    min_limit: z.number().nullable(),
    max_limit: z.number().nullable(),
    values_list: z.string().nullable(),
    request_id: z.number().nullable(),
    reported_at: z.string(),
  })
  .openapi('DeviceVariable');

export const DeviceModelPage = pageOf(DeviceVariable)
  .extend({
    components: z
      .array(z.string())
      .openapi({ description: 'Every component name the station reported (for the filter)' }),
    ocpp_version: z.string().nullable().openapi({ description: 'The OCPP version of its last connection' }),
  })
  .openapi('DeviceModelPage');

export const BaseReportBody = z
  .object({
    report_base: z.enum(['FullInventory', 'ConfigurationInventory', 'SummaryInventory']).default('FullInventory'),
  })
  .strict();

const Collected = z.object({
  request_id: z.number(),
  received_at: z.string(),
  complete: z.boolean().openapi({ description: 'False while the station still sends parts (tbc)' }),
  items: z.array(z.unknown()),
});

export const OcppReports = z
  .object({
    base_reports: z.array(
      z.object({ request_id: z.number(), received_at: z.string(), complete: z.boolean(), variables: z.number() }),
    ),
    charging_profiles: z
      .array(Collected)
      .openapi({ description: 'ReportChargingProfiles by request (GetChargingProfiles)' }),
    display_messages: z
      .array(Collected)
      .openapi({ description: 'NotifyDisplayMessages by request (GetDisplayMessages)' }),
    monitoring: z.array(Collected).openapi({ description: 'NotifyMonitoringReport by request (GetMonitoringReport)' }),
    ev_charging_needs: z.array(
      z.object({
        evse_id: z.number(),
        received_at: z.string(),
        max_schedule_tuples: z.number().nullable(),
        charging_needs: z.unknown(),
      }),
    ),
    charging_limits: z
      .array(
        z.object({
          source: z.string(),
          evse_id: z.number().nullable(),
          received_at: z.string(),
          is_grid_critical: z.boolean().nullable(),
          schedule: z.unknown().nullable(),
        }),
      )
      .openapi({ description: 'External limits in force (NotifyChargingLimit not yet cleared)' }),
  })
  .openapi('OcppReports');

export function toDeviceVariable(row: typeof stationDeviceVariables.$inferSelect): z.infer<typeof DeviceVariable> {
  return {
    key: row.key,
    component: row.component,
    component_instance: row.componentInstance,
    evse_id: row.evseId,
    connector_id: row.connectorId,
    variable: row.variable,
    variable_instance: row.variableInstance,
    attribute_type: row.attributeType,
    value: row.value,
    mutability: row.mutability,
    persistent: row.persistent,
    constant: row.constant,
    data_type: row.dataType,
    unit: row.unit,
    min_limit: row.minLimit,
    max_limit: row.maxLimit,
    values_list: row.valuesList,
    request_id: row.requestId,
    reported_at: row.reportedAt.toISOString(),
  };
}
