/** @module Shapes of the wallets API (spec 001 §7.6, issue 18): camelCase, as the spec names the list's query. */

import { WALLET_ENTRY_KINDS, type walletEntries, type wallets } from '@db/schema';
import { z } from '@hono/zod-openapi';
import { pageOf } from '../../lib/pagination';

const id = (name: string) =>
  z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name, in: 'path' }, example: 12 });

export const WalletParams = z.object({ walletId: id('walletId') });
export const UserParams = z.object({ userId: id('userId') });

const queryId = (name: string) =>
  z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({ param: { name, in: 'query' }, example: 3 });

/** Paging of a query string: `page` 0-based, `itemsPerPage` 1–100. */
const paging = {
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(25),
};

export const ListQuery = z.object({
  /** The company whose wallets are listed, with its descendants' (its users' wallets included). */
  administrativeId: queryId('administrativeId'),
  /** Exactly one company of the scope. */
  company_filter_id: queryId('company_filter_id'),
  userId: queryId('userId'),
  /** A wallet's name, or its user's e-mail or name. */
  keyword: z.string().trim().max(100).optional(),
  ...paging,
});

export const PageQuery = z.object(paging);

export const UserSearchQuery = z.object({
  companyId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'companyId', in: 'query' }, example: 3 }),
  keyword: z.string().trim().max(100).optional(),
});

const name = z
  .string({ error: 'walletNameMissing' })
  .trim()
  .min(1, { error: 'walletNameMissing' })
  .max(100, { error: 'walletNameMissing' });
const minor = (error: 'walletThresholdInvalid' | 'walletAutoRechargeAmount') =>
  z.number({ error }).int({ error }).nullable().optional();
const autoRecharge = {
  /** Minor units: when the balance falls below it, a top-up of the amount is charged (both or neither). */
  autoRechargeThreshold: minor('walletThresholdInvalid'),
  autoRechargeAmount: minor('walletAutoRechargeAmount'),
};

export const CreateBody = z.strictObject({
  companyId: z.number().int().positive(),
  /** Absent or null: the company's own wallet; else a wallet of one of its active users. */
  userId: z.number().int().positive().nullable().optional(),
  name,
  /** ISO 4217; absent: the company's currency. */
  currency: z
    .string({ error: 'walletCurrencyInvalid' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: 'walletCurrencyInvalid' })
    .optional(),
  ...autoRecharge,
});

export const UpdateBody = z.strictObject({ name: name.optional(), ...autoRecharge });

export const AdjustmentBody = z.strictObject({
  /** Signed minor units: positive credits the wallet, negative debits it. */
  amount: z.number({ error: 'walletAdjustmentAmount' }).int({ error: 'walletAdjustmentAmount' }),
  reason: z
    .string({ error: 'walletAdjustmentReason' })
    .trim()
    .min(3, { error: 'walletAdjustmentReason' })
    .max(500, { error: 'walletAdjustmentReason' }),
  /** The form's UUID (made once per form): the entry's reference `adjustment:{uuid}`, so a resubmit writes once. */
  reference: z.uuid({ error: 'walletReferenceInvalid' }),
});

export const WalletSchema = z
  .object({
    id: z.number(),
    companyId: z.number(),
    companyName: z.string(),
    userId: z.number().nullable(),
    userName: z.string().nullable(),
    userEmail: z.string().nullable(),
    name: z.string(),
    currency: z.string(),
    /** Minor units: the newest ledger entry's running balance (0 without entries). */
    balance: z.number(),
    autoRechargeThreshold: z.number().nullable(),
    autoRechargeAmount: z.number().nullable(),
    createdAt: z.string(),
  })
  .openapi('Wallet');

export const WalletPage = pageOf(WalletSchema).openapi('WalletPage');

export const BalanceSchema = z
  .object({
    walletId: z.number(),
    companyId: z.number(),
    userId: z.number().nullable(),
    currency: z.string(),
    balance: z.number(),
  })
  .openapi('WalletBalance');

export const EntrySchema = z
  .object({
    id: z.number(),
    kind: z.enum(WALLET_ENTRY_KINDS),
    amount: z.number(),
    balanceAfter: z.number(),
    reference: z.string(),
    sessionId: z.number().nullable(),
    reason: z.string().nullable(),
    authorName: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('WalletEntry');

export const EntryPage = pageOf(EntrySchema).openapi('WalletEntryPage');

export const AdjustmentResult = z
  .object({
    /** False when this reference was already written (a resubmitted form): nothing changed. */
    inserted: z.boolean(),
    balance: z.number(),
    entry: EntrySchema,
  })
  .openapi('WalletAdjustment');

export const UserOption = z.object({ id: z.number(), email: z.string(), name: z.string().nullable() });

type Wallet = typeof wallets.$inferSelect;
type Entry = typeof walletEntries.$inferSelect;
export interface PersonName {
  firstName: string | null;
  lastName: string | null;
  email: string;
}

/** "First Last", else null (a user without a name shows their e-mail). */
export function personName(p: PersonName | null): string | null {
  const full = [p?.firstName, p?.lastName].filter(Boolean).join(' ').trim();
  return full || null;
}

export function toWallet(
  w: Wallet,
  companyName: string,
  user: PersonName | null,
  balance: number,
): z.infer<typeof WalletSchema> {
  return {
    id: w.id,
    companyId: w.companyId,
    companyName,
    userId: w.userId,
    userName: user ? (personName(user) ?? user.email) : null,
    userEmail: user?.email ?? null,
    name: w.name,
    currency: w.currency,
    balance,
    autoRechargeThreshold: w.autoRechargeThreshold,
    autoRechargeAmount: w.autoRechargeAmount,
    createdAt: w.createdAt.toISOString(),
  };
}

export function toEntry(e: Entry, author: PersonName | null): z.infer<typeof EntrySchema> {
  return {
    id: e.id,
    kind: e.kind,
    amount: e.amount,
    balanceAfter: e.balanceAfter,
    reference: e.reference,
    sessionId: e.sessionId,
    reason: e.reason,
    authorName: author ? (personName(author) ?? author.email) : null,
    createdAt: e.createdAt.toISOString(),
  };
}
