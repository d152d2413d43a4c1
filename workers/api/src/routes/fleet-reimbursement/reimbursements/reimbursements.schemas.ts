/**
 * @module Shapes of the reimbursements API (spec 001 §7.12, issue 19 part 6): the list's query (the brief's
 * snake_case names), the answers (camelCase like the wallets'), the status change and the bulk body.
 */

import { pageQueryFields } from '@api/lib/pagination';
import type { reimbursementEvents, reimbursements, users } from '@db/schema';
import { BULK_MAX } from '@domain/reimbursement/approvals';
import type { MonthNote, Slice } from '@domain/reimbursement/compute';
import { REIMBURSEMENT_STATUSES } from '@domain/reimbursement/statuses';
import { z } from '@hono/zod-openapi';

const Status = z.enum(REIMBURSEMENT_STATUSES);
const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM');

export const ReimbursementParams = z.object({
  reimbursementId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'reimbursementId', in: 'path' }, example: 12 }),
});

export const LIST_SORTS = ['period', 'value', 'user', 'status', 'energy'] as const;

export const ListQuery = z.object({
  /** One status or several, comma-separated. */
  status: z
    .string()
    .max(200)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(Status))
    .optional()
    .openapi({ param: { name: 'status', in: 'query' }, example: 'pending_approval,validated_by_user' }),
  /** One month; or a range with from / to (inclusive). */
  period: Month.optional(),
  from: Month.optional(),
  to: Month.optional(),
  user_id: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({ param: { name: 'user_id', in: 'query' }, example: 3 }),
  /** The employee's name, e-mail or employee number. */
  search: z.string().trim().max(100).optional(),
  sort: z.enum(LIST_SORTS).default('period'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  ...pageQueryFields(25),
});
export type ListFilters = z.infer<typeof ListQuery>;

export const UserRef = z
  .object({
    id: z.number(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    employeeNumber: z.string().nullable(),
  })
  .openapi('ReimbursementUser');

export const ReimbursementSchema = z
  .object({
    id: z.number(),
    companyId: z.number(),
    userId: z.number(),
    user: UserRef,
    /** YYYY-MM. */
    period: z.string(),
    status: Status,
    currency: z.string(),
    sessions: z.number(),
    energyWh: z.number(),
    /** Minor units, after the kWh cost limit. */
    energyAmount: z.number(),
    capped: z.boolean(),
    extraExpense: z.number(),
    extraExpenseNote: z.string().nullable(),
    /** energyAmount + extraExpense, minor units. */
    value: z.number(),
    payoutMethod: z.enum(['stripe', 'bank_transfer']).nullable(),
    failureReason: z.string().nullable(),
    paidAt: z.string().nullable(),
    computedAt: z.string(),
    updatedAt: z.string().nullable(),
  })
  .openapi('Reimbursement');

const CurrencySum = z.object({ currency: z.string(), value: z.number() });
const Totals = z.object({ count: z.number(), values: z.array(CurrencySum) });

export const ReimbursementPage = z
  .object({
    data: z.array(ReimbursementSchema),
    total: z.number(),
    page: z.number(),
    items_per_page: z.number(),
    /** Over every page of the filtered list. */
    totals: Totals,
    /** Over this page's rows. */
    pageTotals: Totals,
    /** The caller sees the scope's reimbursements (a manager) or only their own (an employee). */
    view: z.enum(['manager', 'employee']),
  })
  .openapi('ReimbursementPage');

const SliceSchema = z.object({
  tariffId: z.number().nullable(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  /** Milli-minor units per kWh, before and after the company's kWh cost limit. */
  pricePerKwh: z.number(),
  appliedPricePerKwh: z.number(),
  source: z.enum(['sessions', 'meter']),
  sessions: z.number(),
  energyWh: z.number(),
  amount: z.number(),
});
const NoteSchema = z.union([
  z.object({ code: z.literal('uncovered'), sessions: z.number(), energyWh: z.number(), firstDate: z.string() }),
  z.object({ code: z.literal('meter_missing'), homeStationId: z.number() }),
  z.object({
    code: z.literal('meter_went_back'),
    homeStationId: z.number(),
    openingWh: z.number(),
    closingWh: z.number(),
  }),
]);

const EventSchema = z.object({
  id: z.number(),
  fromStatus: Status.nullable(),
  toStatus: Status,
  actor: z.object({ id: z.number(), email: z.string(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});

export const ReimbursementDetail = ReimbursementSchema.extend({
  breakdown: z.object({ slices: z.array(SliceSchema), notes: z.array(NoteSchema) }),
  events: z.array(EventSchema),
  /** How the caller acts on it: its employee, a manager, or neither (a viewer). */
  actor: z.enum(['employee', 'manager']).nullable(),
  /** The statuses the caller may move it to now. */
  nextStatuses: z.array(Status),
  /** The company's extra-expense rule, for the employee's validation form. */
  extraExpensePolicy: z.object({ enabled: z.boolean(), limit: z.number().nullable() }),
  /** The month's PDF statement (GET /documents/{id}/download), null until the monthly job wrote it. */
  statementDocumentId: z.number().int().nullable(),
}).openapi('ReimbursementDetail');

const note = z.string().trim().max(1000);

export const ChangeBody = z.strictObject({
  status: Status,
  /** The status the caller saw: the change applies only if it still holds. */
  expectedStatus: Status,
  /** Required to reject. */
  note: note.nullable().optional(),
  /** The employee's extra expense (minor units), only while validating; capped by the company's limit. */
  extraExpense: z.number().int().min(0).max(100_000_000).optional(),
  extraExpenseNote: note.nullable().optional(),
});

export const BulkBody = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(BULK_MAX),
  status: z.enum(['validated_by_manager', 'rejected']),
  /** Required to reject. */
  note: note.nullable().optional(),
});

export const BulkAnswer = z
  .object({
    data: z.array(
      z.object({
        id: z.number(),
        ok: z.boolean(),
        status: Status.optional(),
        code: z.string().optional(),
        'error-msg': z.string().optional(),
      }),
    ),
    succeeded: z.number(),
    failed: z.number(),
  })
  .openapi('ReimbursementBulkAnswer');

type Row = typeof reimbursements.$inferSelect;
type User = typeof users.$inferSelect;

export function userRef(u: User): z.infer<typeof UserRef> {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    employeeNumber: u.employeeNumber,
  };
}

export function toReimbursement(r: Row, u: User): z.infer<typeof ReimbursementSchema> {
  return {
    id: r.id,
    companyId: r.companyId,
    userId: r.userId,
    user: userRef(u),
    period: r.period,
    status: r.status,
    currency: r.currency,
    sessions: r.sessions,
    energyWh: r.energyWh,
    energyAmount: r.energyAmount,
    capped: r.capped,
    extraExpense: r.extraExpense,
    extraExpenseNote: r.extraExpenseNote,
    value: r.value,
    payoutMethod: r.payoutMethod,
    failureReason: r.failureReason,
    paidAt: r.paidAt?.toISOString() ?? null,
    computedAt: r.computedAt.toISOString(),
    updatedAt: r.updatedAt?.toISOString() ?? null,
  };
}

/** The stored breakdown (`{slices, notes}`, or a bare slice list); anything else reads as empty, never as a guess. */
export function parseBreakdown(json: string): { slices: Slice[]; notes: MonthNote[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { slices: [], notes: [] };
  }
  const shaped = Array.isArray(raw) ? { slices: raw, notes: [] } : raw;
  const parsed = z.object({ slices: z.array(SliceSchema), notes: z.array(NoteSchema).default([]) }).safeParse(shaped);
  return parsed.success ? parsed.data : { slices: [], notes: [] };
}

type Event = typeof reimbursementEvents.$inferSelect;

export function toEvent(e: Event, actor: User | null): z.infer<typeof EventSchema> {
  const name = actor ? [actor.firstName, actor.lastName].filter(Boolean).join(' ') || actor.email : '';
  return {
    id: e.id,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    actor: actor ? { id: actor.id, email: actor.email, name } : null,
    note: e.note,
    createdAt: e.createdAt.toISOString(),
  };
}
