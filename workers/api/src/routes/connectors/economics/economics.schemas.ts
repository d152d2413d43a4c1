/** @module Shapes of the connector economics (issue 21 part 3): the query, one row, the totals, and the mapping to them. */

import { pageQueryFields } from '@api/lib/pagination';
import { type EconomicsSums, economicsOf, economicsTotal } from '@domain/reporting/economics';
import { z } from '@hono/zod-openapi';

const instant = (description: string) =>
  z.iso.datetime({ offset: true, error: 'validation' }).openapi({ example: '2026-10-01T00:00:00Z', description });

export const ECONOMICS_SORTS = ['margin', 'revenue', 'energy', 'sessions', 'name'] as const;

export const EconomicsQuery = z.object({
  from: instant('Start of the period (inclusive); default the first of the previous month, UTC').optional(),
  to: instant('End of the period (exclusive); default the first of this month, UTC').optional(),
  group_by: z.enum(['station', 'group']).default('station').openapi({ description: 'station or connector group' }),
  sort: z.enum(ECONOMICS_SORTS).default('margin'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...pageQueryFields(50),
});
export type EconomicsQueryValue = z.infer<typeof EconomicsQuery>;

const money = (description: string) => z.number().nullable().openapi({ description });

const figures = {
  currency: z.string(),
  sessions: z.number(),
  energy_wh: z.number(),
  revenue: money("CPO perspective (the sub-operator's net price), minor units; null when no session is priced"),
  unpriced_sessions: z.number(),
  cost: money("Energy × the station company's kWh net cost, minor units; null when a session has none"),
  margin: money('Revenue − cost, minor units; null without cost'),
  margin_percent: z.number().nullable(),
};

export const EconomicsRow = z
  .object({ id: z.number(), name: z.string().nullable(), ...figures })
  .openapi('ConnectorEconomicsRow');

export const EconomicsTotal = z
  .object({ ...figures, sessions_without_cost: z.number() })
  .openapi('ConnectorEconomicsTotal');

export const EconomicsAnswer = z
  .object({
    data: z.array(EconomicsRow),
    total: z.number(),
    page: z.number(),
    items_per_page: z.number(),
    totals: z.array(EconomicsTotal),
    /** Companies of the period's stations without a kWh net cost (at most 20), for the settings link. */
    companies_without_cost: z.array(z.object({ id: z.number(), name: z.string() })),
  })
  .openapi('ConnectorEconomics');

const toFigures = (s: EconomicsSums) => {
  const f = economicsOf(s);
  return {
    currency: f.currency,
    sessions: f.sessions,
    energy_wh: f.energyWh,
    revenue: f.revenue,
    unpriced_sessions: f.unpriced,
    cost: f.cost,
    margin: f.margin,
    margin_percent: f.marginPercent,
  };
};

export const toEconomicsRow = (r: EconomicsSums & { id: number; name: string | null }) => ({
  id: r.id,
  name: r.name,
  ...toFigures(r),
});

export const toEconomicsTotal = (s: EconomicsSums) => {
  const t = economicsTotal(s);
  return {
    ...toFigures(s),
    cost: t.cost,
    margin: t.margin,
    margin_percent: t.marginPercent,
    sessions_without_cost: t.sessionsWithoutCost,
  };
};
