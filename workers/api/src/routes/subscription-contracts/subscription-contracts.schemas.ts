/** @module Shapes of subscription contracts (spec 2 7.8) and of the users holding them, and the mapping of rows to them. */

import type { subscriptionContracts } from '@db/schema';
import { type ContractStatus, effectiveStatus } from '@domain/subscriptions/contracts';
import { z } from '@hono/zod-openapi';

export const Contract = z
  .object({
    id: z.number(),
    company_id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    price_minor: z.number(),
    currency: z.string(),
    duration_months: z.number(),
    free: z.boolean(),
  })
  .openapi('SubscriptionContract');

export const UserContract = z
  .object({
    id: z.number(),
    user_id: z.number(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    contract_id: z.number(),
    contract_name: z.string(),
    price_minor: z.number(),
    currency: z.string(),
    /** `active` past its end date reads `expired`. */
    status: z.enum(['active', 'expired', 'cancelled']),
    starts_at: z.string(),
    expires_at: z.string(),
    autorenew: z.boolean(),
  })
  .openapi('UserSubscriptionContract');

export const HoldersQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  contract_id: z.coerce.number().int().positive().optional(),
  status: z.enum(['active', 'expired', 'cancelled']).optional(),
  autorenew: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(0).default(0),
  items_per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const HoldersPage = z.object({
  data: z.array(UserContract),
  total: z.number(),
  page: z.number(),
  items_per_page: z.number(),
});

export const toContract = (r: typeof subscriptionContracts.$inferSelect) => ({
  id: r.id,
  company_id: r.companyId,
  name: r.name,
  description: r.description,
  price_minor: r.priceMinor,
  currency: r.currency,
  duration_months: r.durationMonths,
  free: r.priceMinor === 0,
});

/** A user's contract as the holders list and the user's contracts read it. */
export interface HolderRow {
  id: number;
  user_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  contract_id: number;
  contract_name: string;
  price_minor: number;
  currency: string;
  status: ContractStatus;
  starts_at: Date;
  expires_at: Date;
  autorenew: boolean;
}

export function toHolder(r: HolderRow, now = Date.now()) {
  return {
    ...r,
    status: effectiveStatus(r.status, r.expires_at, now),
    starts_at: r.starts_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
  };
}
