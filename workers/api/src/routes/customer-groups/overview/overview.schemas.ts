/** @module Schemas of a customer group's year overview (spec 7.14 `customer-type/{id}/overview`). */
import { z } from '@hono/zod-openapi';

const thisYear = () => new Date().getUTCFullYear();
export const OverviewQuery = z.object({
  year: z.coerce
    .number()
    .int()
    .min(2000)
    .max(2100)
    .default(() => thisYear()),
  /** The spec sends the group id again; when given it must be the path's. */
  userGroupId: z.coerce.number().int().positive().optional(),
});

const Month = z.object({
  month: z.number(),
  sessions: z.number(),
  unpriced: z.number(),
  energy_wh: z.number(),
  amount_incl_vat: z.number().nullable(),
  amount_excl_vat: z.number().nullable(),
  members: z.number().openapi({
    description: 'Users who were members at any time in the month (membership history); 0 before the month begins.',
  }),
  drivers: z.number(),
  new_members: z.number(),
});

export const Overview = z.object({
  data: z.object({ year: z.number(), members: z.number(), currency: z.string(), months: z.array(Month) }),
});

export interface OverviewMonth {
  /** 1–12. */
  month: number;
  sessions: number;
  /** Sessions not (yet) priced: their amounts are not in the totals. */
  unpriced: number;
  energy_wh: number;
  /** Provider (emp) price incl. and excl. VAT of the priced sessions, minor units; null when none is priced. */
  amount_incl_vat: number | null;
  amount_excl_vat: number | null;
  /**
   * Users who were members at any time in the month (from `customer_group_membership`); 0 for a
   * month not yet begun.
   */
  members: number;
  /** Distinct members with a session started in the month. */
  drivers: number;
  /** Current members who joined in the month (members who left are not kept). */
  new_members: number;
}
