/** @module Schemas of a customer group's members (spec 7.14 `customer-type/{id}/users`) and the mapping of a member to its answer. */
import { visibleIdentity } from '@domain/customer-groups/rules';
import { z } from '@hono/zod-openapi';
import type { GroupRow } from '../groups/groups.schemas';

const Keyword = z.string().trim().max(100).optional();

export const MembersBody = z.strictObject({
  keyword: Keyword,
  page: z.number().int().min(0).default(0),
  items_per_page: z.number().int().min(1).max(100).default(25),
});

export const SearchBody = z.strictObject({
  /** The group the user would join: its linked companies widen the search. */
  customer_group_id: z.number().int().positive(),
  keyword: z.string().trim().min(1).max(100),
  limit: z.number().int().min(1).max(50).default(20),
});

/** Identity fields are null when the group's user privacy is on (`private: true`). */
const Member = z.object({
  user_id: z.number(),
  private: z.boolean(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_id: z.number(),
  status: z.string(),
  added_at: z.string(),
});

export const MemberPage = z.object({
  data: z.array(Member),
  total: z.number(),
  page: z.number(),
  items_per_page: z.number(),
});

export const Candidate = z.object({
  user_id: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** The group the user is in now, if any: adding moves them. */
  customer_group_id: z.number().nullable(),
});

const MemberSession = z.object({
  id: z.number(),
  cdr_start: z.string(),
  cdr_end: z.string().nullable(),
  station_name: z.string().nullable(),
  status: z.string(),
  energy_wh: z.number().nullable(),
  amount_incl_vat: z.number().nullable(),
  pricing_status: z.string(),
});

export const MemberDetail = z.object({
  data: Member.extend({
    telephone: z.string().nullable(),
    totals: z.object({
      sessions: z.number(),
      energy_wh: z.number(),
      amount_incl_vat: z.number().nullable(),
      amount_excl_vat: z.number().nullable(),
      unpriced: z.number(),
    }),
    /** The latest 50 sessions in this group. */
    sessions: z.array(MemberSession),
  }),
});

export type MemberRow = {
  userId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  companyId: number;
  status: string;
  addedAt: Date;
};

export type MemberSessionRow = {
  id: number;
  cdr_start: number;
  cdr_end: number | null;
  station_name: string | null;
  status: string;
  energy_wh: number | null;
  amount_incl_vat: number | null;
  pricing_status: string;
};

export type MemberTotalsRow = {
  n: number;
  energy: number | null;
  incl: number | null;
  excl: number | null;
  unpriced: number | null;
};

/** A member as the group's user privacy allows: identity fields are withheld when it is on. */
export function toMember(g: GroupRow, m: MemberRow) {
  const identity = visibleIdentity(g.userPrivacy, { email: m.email, first_name: m.firstName, last_name: m.lastName });
  return {
    user_id: m.userId,
    private: g.userPrivacy,
    email: identity.email,
    first_name: identity.first_name,
    last_name: identity.last_name,
    company_id: m.companyId,
    status: m.status,
    added_at: m.addedAt.toISOString(),
  };
}

/** One member with their telephone (as privacy allows), totals and latest sessions in the group. */
export function toMemberDetail(
  g: GroupRow,
  m: MemberRow & { telephone: string | null },
  t: MemberTotalsRow | undefined,
  sessions: MemberSessionRow[],
) {
  return {
    ...toMember(g, m),
    telephone: visibleIdentity(g.userPrivacy, { telephone: m.telephone }).telephone,
    totals: {
      sessions: t?.n ?? 0,
      energy_wh: t?.energy ?? 0,
      amount_incl_vat: t?.incl ?? null,
      amount_excl_vat: t?.excl ?? null,
      unpriced: t?.unpriced ?? 0,
    },
    sessions: sessions.map((s) => ({
      ...s,
      cdr_start: new Date(s.cdr_start).toISOString(),
      cdr_end: s.cdr_end === null ? null : new Date(s.cdr_end).toISOString(),
    })),
  };
}
