/** @module Shapes of a private user's own sessions (spec 7.10: POST my-sessions, GET my-sessions/{sessionId}). */
import { SESSION_STATUSES } from '@db/schema';
import { z } from '@hono/zod-openapi';
import { pageFields, pageOf } from '../../lib/pagination';

export const MySessionsBody = z
  .strictObject({
    /** Period on the session start, ISO 8601 instants (from inclusive, to exclusive). */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    station_id: z.number().int().positive().optional(),
    status: z.enum(SESSION_STATUSES).optional(),
    ...pageFields(20),
    /** `pdf`: the whole filtered list as a PDF (spec "optionally blob PDF") instead of a JSON page. */
    format: z.enum(['json', 'pdf']).default('json'),
  })
  .openapi('MySessionsBody');
export type MySessionsFilters = z.infer<typeof MySessionsBody>;

export const SessionIdParam = z.object({
  sessionId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'sessionId', in: 'path' }, example: 42 }),
});

export const MySessionSchema = z
  .object({
    id: z.number(),
    start: z.string(),
    end: z.string().nullable(),
    /** Null for a roaming session at a partner's station (its id is then negative and has no detail). */
    station_id: z.number().nullable(),
    station_name: z.string().nullable(),
    station_city: z.string().nullable(),
    connector_number: z.number().nullable(),
    energy_wh: z.number().nullable(),
    duration_s: z.number().nullable(),
    status: z.enum(SESSION_STATUSES),
    currency: z.string(),
    /** The driver's price (provider perspective) in minor units; null while the session is unpriced. */
    price_total: z.number().nullable(),
    pricing_status: z.string(),
  })
  .openapi('MySession');

export const MySessionPage = pageOf(MySessionSchema).openapi('MySessionPage');

export const MySessionDetail = z
  .object({
    session: MySessionSchema.extend({
      station_street: z.string().nullable(),
      plug_type: z.string().nullable(),
      charging_minutes: z.number().nullable(),
      parking_s: z.number().nullable(),
      stop_reason: z.string().nullable(),
      start_method: z.string(),
    }),
    /** The driver's price lines (provider perspective: energy, time, penalty, net and gross totals, VAT). */
    price: z.object({
      priced: z.boolean(),
      /** Why there is no price (the pricing note) when not priced. */
      reason: z.string().nullable(),
      lines: z.array(z.object({ key: z.string(), value: z.number().nullable() })),
      tariff_lines: z.array(
        z.object({
          dimension: z.string(),
          tariff_name: z.string().nullable(),
          quantity: z.number(),
          unit_price: z.number(),
          vat_bp: z.number().nullable(),
          excl_vat: z.number(),
          incl_vat: z.number(),
        }),
      ),
    }),
  })
  .openapi('MySessionDetail');

/** A stored session row (drizzle) as the list shows it. */
export function toMySession(s: {
  id: number;
  startAt: Date;
  endAt: Date | null;
  stationId: number | null;
  stationName: string | null;
  stationCity: string | null;
  connectorNumber: number | null;
  energyWh: number | null;
  durationS: number | null;
  status: (typeof SESSION_STATUSES)[number];
  currency: string;
  empTotal: number | null;
  pricingStatus: string;
}): z.infer<typeof MySessionSchema> {
  return {
    id: s.id,
    start: s.startAt.toISOString(),
    end: s.endAt?.toISOString() ?? null,
    station_id: s.stationId,
    station_name: s.stationName,
    station_city: s.stationCity,
    connector_number: s.connectorNumber,
    energy_wh: s.energyWh,
    duration_s: s.durationS,
    status: s.status,
    currency: s.currency,
    price_total: s.pricingStatus === 'priced' ? s.empTotal : null,
    pricing_status: s.pricingStatus,
  };
}
