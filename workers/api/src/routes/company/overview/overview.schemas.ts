/** @module The company overview's answer (`GET /company/{companyId}/overview`, issue 20 part 9). */
import { ONBOARDING_STATES } from '@db/schema';
import { z } from '@hono/zod-openapi';

const Month = z.object({
  from: z.string(),
  to: z.string(),
  sessions: z.number(),
  energy_wh: z.number(),
  /** The operator's revenue (sub-operator perspective, priced non-QR sessions), minor units of `currency`. */
  revenue: z.number(),
});

export const CompanyOverview = z
  .object({
    company: z.object({ id: z.number(), name: z.string(), is_closed: z.boolean(), currency: z.string() }),
    companies: z.object({ total: z.number(), open: z.number(), closed: z.number() }),
    stations: z.object({ total: z.number(), online: z.number(), offline: z.number() }),
    /** Connectors of the listed stations by status bucket now (every bucket present), as /connectors/overview. */
    connectors: z.object({ total: z.number(), by_status: z.record(z.string(), z.number()) }),
    this_month: Month,
    last_month: Month,
    users: z.object({ total: z.number(), backoffice: z.number(), private: z.number() }),
    active_cards: z.number(),
    open_tickets: z.number(),
    /** Stripe Connect onboarding of an operator; null for a company that operates no stations and has no account. */
    stripe_onboarding: z.enum(ONBOARDING_STATES).nullable(),
    /** No station, no user besides staff, no session this month or last: the screen shows how to start. */
    brand_new: z.boolean(),
  })
  .openapi('CompanyOverview');

export type CompanyOverviewAnswer = z.infer<typeof CompanyOverview>;
