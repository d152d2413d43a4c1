/**
 * @module Shapes of the home-reimbursement tariffs API (spec 001 §7.12 `tariffs`, issue 19 part 4): the
 * list's query (the brief's snake_case names), the bodies and the answer (camelCase). Prices per kWh are
 * milli-minor units (25160 = 0.25160 EUR/kWh); dates YYYY-MM-DD, inclusive, no end: open-ended.
 */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import { TARIFF_STATUSES } from '@db/schema';
import { isIsoDate } from '@domain/reimbursement/tariffs';
import { z } from '@hono/zod-openapi';

const Status = z.enum(TARIFF_STATUSES);

export const TariffParams = z.object({
  tariffId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'tariffId', in: 'path' }, example: 12 }),
});

export const ListQuery = z.object({
  status: Status.optional().openapi({ param: { name: 'status', in: 'query' }, example: 'pending' }),
  user_id: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({ param: { name: 'user_id', in: 'query' }, example: 3 }),
  /** The employee's name or e-mail. */
  search: z.string().trim().max(100).optional(),
  ...pageQueryFields(25),
});
export type ListFilters = z.infer<typeof ListQuery>;

const date = z
  .string({ error: 'tariffDateInvalid' })
  .refine(isIsoDate, { error: 'tariffDateInvalid' })
  .openapi({ format: 'date', example: '2026-01-01' });

const fields = {
  /** Milli-minor units per kWh, above 0 (25160 = 0.25160 per kWh). */
  pricePerKwh: z
    .number({ error: 'reimbursementTariffPriceInvalid' })
    .int({ error: 'reimbursementTariffPriceInvalid' })
    .min(1, { error: 'reimbursementTariffPriceInvalid' })
    .max(100_000_000, { error: 'reimbursementTariffPriceInvalid' }),
  validFrom: date,
  /** Absent or null: open-ended. */
  validTo: date.nullable().optional(),
  /** A power contract of the employee, approved or not reviewed yet. */
  documentId: z.number({ error: 'reimbursementTariffDocumentInvalid' }).int().positive().nullable().optional(),
};

export const CreateBody = z
  .strictObject({
    /** The employee; absent: the caller themself (an employee can only name themself). */
    userId: z.number({ error: 'reimbursementTariffUserInvalid' }).int().positive().optional(),
    ...fields,
  })
  .openapi('ReimbursementTariffCreate');

/** The whole tariff again (a PUT replaces it): an absent `validTo` or `documentId` clears it. */
export const UpdateBody = z.strictObject(fields).openapi('ReimbursementTariffUpdate');

export const TariffSchema = z
  .object({
    id: z.number(),
    companyId: z.number(),
    userId: z.number(),
    /** "First Last", else the e-mail. */
    userName: z.string(),
    userEmail: z.string(),
    pricePerKwh: z.number(),
    currency: z.string(),
    validFrom: z.string(),
    validTo: z.string().nullable(),
    status: Status,
    documentId: z.number().nullable(),
    documentName: z.string().nullable(),
    createdAt: z.string(),
    reviewedByName: z.string().nullable(),
    reviewedAt: z.string().nullable(),
    /** What the caller may do with it now. */
    actions: z.object({ edit: z.boolean(), delete: z.boolean(), approve: z.boolean(), reject: z.boolean() }),
  })
  .openapi('ReimbursementTariff');

export const TariffPage = pageOf(TariffSchema).openapi('ReimbursementTariffPage');

export const EmployeeQuery = z.object({
  /** A name or e-mail; absent: the first 100 by name. */
  search: z.string().trim().max(100).optional(),
});

export const EmployeeOptions = z
  .object({ data: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })) })
  .openapi('ReimbursementTariffEmployees');

export type Tariff = z.infer<typeof TariffSchema>;

interface Person {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface TariffRow {
  tariff: {
    id: number;
    companyId: number;
    userId: number;
    pricePerKwh: number;
    currency: string;
    validFrom: string;
    validTo: string | null;
    status: (typeof TARIFF_STATUSES)[number];
    documentId: number | null;
    createdAt: Date;
    reviewedAt: Date | null;
  };
  user: Person;
  documentName: string | null;
  reviewer: Person | null;
}

export const nameOf = (p: Person) => [p.firstName, p.lastName].filter(Boolean).join(' ').trim() || p.email;

export function toTariff(r: TariffRow, actions: Tariff['actions']): Tariff {
  const t = r.tariff;
  return {
    id: t.id,
    companyId: t.companyId,
    userId: t.userId,
    userName: nameOf(r.user),
    userEmail: r.user.email,
    pricePerKwh: t.pricePerKwh,
    currency: t.currency,
    validFrom: t.validFrom,
    validTo: t.validTo,
    status: t.status,
    documentId: t.documentId,
    documentName: r.documentName,
    createdAt: t.createdAt.toISOString(),
    reviewedByName: r.reviewer ? nameOf(r.reviewer) : null,
    reviewedAt: t.reviewedAt ? t.reviewedAt.toISOString() : null,
    actions,
  };
}
