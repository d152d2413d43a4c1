/** @module Shapes of a private user's year overview (spec 7.10: GET /my-data/{userId}/my-overview?year). */
import { z } from '@hono/zod-openapi';

export const OverviewQuery = z.object({
  /** The calendar year (local time), this year by default. */
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

const Money = z.object({ currency: z.string(), amount: z.number() });

export const MyOverview = z
  .object({
    year: z.number(),
    sessions: z.number(),
    energy_wh: z.number(),
    average_energy_wh: z.number(),
    /** Sessions without a price yet: counted in sessions and energy, never as a zero spend. */
    unpriced_sessions: z.number(),
    /** The driver's spend (provider perspective) per currency, minor units, with the average per priced session. */
    spend: z.array(Money.extend({ sessions: z.number(), average: z.number() })),
    months: z.array(
      z.object({ month: z.number(), sessions: z.number(), energy_wh: z.number(), spend: z.array(Money) }),
    ),
    /** Years in which the caller has sessions, newest first (for the year picker). */
    years: z.array(z.number()),
    /** CO2 avoided over the year's delivered sessions (ISO 14064-2, ADR 053); null when not computed. */
    co2: z.object({ baseline_kg: z.number(), project_kg: z.number(), avoided_kg: z.number() }).nullable(),
  })
  .openapi('MyOverview');
