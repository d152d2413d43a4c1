/** @module Reads and writes of payment methods and setup intents: always through a customer of the caller's tree. */

import { type AuditEntry, auditInsert } from '@api/lib/audit.store';
import type { Db } from '@db/db';
import { auditLog, billingCustomers, billingPaymentMethods, billingSetupIntents } from '@db/schema';
import type { PaymentMethodFields } from '@domain/billing/payment-methods';
import { and, asc, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';

/** The attached (not detached) payment methods of a customer, oldest first. */
export function listPaymentMethods(db: Db, customerId: number) {
  return db
    .select()
    .from(billingPaymentMethods)
    .where(and(eq(billingPaymentMethods.customerId, customerId), isNull(billingPaymentMethods.detachedAt)))
    .orderBy(asc(billingPaymentMethods.createdAt));
}

/** An attached payment method of a customer of the tree, with its customer; undefined otherwise (404). */
export function scopedPaymentMethod(db: Db, scope: readonly number[], paymentMethodId: string) {
  return db
    .select({ method: billingPaymentMethods, customer: billingCustomers })
    .from(billingPaymentMethods)
    .innerJoin(billingCustomers, eq(billingCustomers.id, billingPaymentMethods.customerId))
    .where(
      and(
        eq(billingPaymentMethods.stripePaymentMethodId, paymentMethodId),
        isNull(billingPaymentMethods.detachedAt),
        inArray(billingCustomers.companyId, [...scope]),
      ),
    )
    .get();
}

const upsert = (db: Db, customerId: number, f: PaymentMethodFields) =>
  db
    .insert(billingPaymentMethods)
    .values({ ...f, customerId })
    .onConflictDoUpdate({
      target: billingPaymentMethods.stripePaymentMethodId,
      set: { ...f, customerId, detachedAt: null },
    });

/**
 * Mirrors what Stripe lists for the customer: each method upserted, ours that Stripe no longer lists
 * marked detached, and the default payment method; in one batch.
 */
export async function syncPaymentMethods(
  db: Db,
  customerId: number,
  methods: PaymentMethodFields[],
  defaultId: string | null,
) {
  const ids = methods.map((m) => m.stripePaymentMethodId);
  await db.batch([
    db
      .update(billingPaymentMethods)
      .set({ detachedAt: new Date() })
      .where(
        and(
          eq(billingPaymentMethods.customerId, customerId),
          isNull(billingPaymentMethods.detachedAt),
          ids.length > 0 ? notInArray(billingPaymentMethods.stripePaymentMethodId, ids) : undefined,
        ),
      ),
    db
      .update(billingCustomers)
      .set({ defaultPaymentMethodId: defaultId, updatedAt: new Date() })
      .where(eq(billingCustomers.id, customerId)),
    ...methods.map((m) => upsert(db, customerId, m)),
  ]);
}

export async function setDefaultPaymentMethod(db: Db, customerId: number, id: string | null, audit: AuditEntry) {
  await db.batch([
    db
      .update(billingCustomers)
      .set({ defaultPaymentMethodId: id, updatedAt: new Date() })
      .where(eq(billingCustomers.id, customerId)),
    auditInsert(db, audit),
  ]);
}

/**
 * Makes `id` the default of a customer that has none, with its audit row, in one batch: the update
 * only while the default is still empty, and the audit row only when that update changed the row
 * (`changes()`), so the return page and the webhook racing to do it record it once.
 */
export async function setFirstDefaultPaymentMethod(db: Db, customerId: number, id: string, audit: AuditEntry) {
  await db.batch([
    db
      .update(billingCustomers)
      .set({ defaultPaymentMethodId: id, updatedAt: new Date() })
      .where(and(eq(billingCustomers.id, customerId), isNull(billingCustomers.defaultPaymentMethodId))),
    db.insert(auditLog).select(
      db
        .select({
          // Every column in the table's order (insert … select); null id: the next one.
          id: sql<number>`null`.as('id'),
          at: sql<Date>`unixepoch('subsec') * 1000`.as('created_at'),
          actorUserId: sql<number | null>`${audit.actorUserId ?? null}`.as('actor_user_id'),
          companyId: sql<number | null>`${audit.companyId ?? null}`.as('company_id'),
          action: sql<string>`${audit.action}`.as('action'),
          entity: sql<string | null>`${audit.entity ?? null}`.as('entity'),
          entityId: sql<string | null>`${audit.entityId === undefined ? null : String(audit.entityId)}`.as('entity_id'),
          detailJson: sql<string | null>`${audit.detail ? JSON.stringify(audit.detail) : null}`.as('detail_json'),
          ip: sql<string | null>`${audit.ip ?? null}`.as('ip'),
        })
        .from(billingCustomers)
        .where(and(eq(billingCustomers.id, customerId), sql`changes() = 1`)),
    ),
  ]);
}

/** A setup intent's customer, whatever the caller (the webhook's follow-up); undefined when unknown to us. */
export function setupIntentCustomer(db: Db, id: string) {
  return db
    .select({ customer: billingCustomers })
    .from(billingSetupIntents)
    .innerJoin(billingCustomers, eq(billingCustomers.id, billingSetupIntents.customerId))
    .where(eq(billingSetupIntents.stripeSetupIntentId, id))
    .get();
}

/** Marks a method detached (kept for the history) and clears it as the default; with its audit row. */
export async function detachPaymentMethod(db: Db, customerId: number, id: string, audit: AuditEntry) {
  await db.batch([
    db
      .update(billingPaymentMethods)
      .set({ detachedAt: new Date() })
      .where(eq(billingPaymentMethods.stripePaymentMethodId, id)),
    db
      .update(billingCustomers)
      .set({ defaultPaymentMethodId: null, updatedAt: new Date() })
      .where(and(eq(billingCustomers.id, customerId), eq(billingCustomers.defaultPaymentMethodId, id))),
    auditInsert(db, audit),
  ]);
}

export async function setupIntentCount(db: Db, customerId: number) {
  const row = await db
    .select({ n: count() })
    .from(billingSetupIntents)
    .where(eq(billingSetupIntents.customerId, customerId))
    .get();
  return row?.n ?? 0;
}

export async function insertSetupIntent(db: Db, customerId: number, id: string, audit: AuditEntry) {
  await db.batch([
    db.insert(billingSetupIntents).values({ stripeSetupIntentId: id, customerId }).onConflictDoNothing(),
    auditInsert(db, audit),
  ]);
}

/** A setup intent of a customer of the tree, with its customer; undefined otherwise (404). */
export function scopedSetupIntent(db: Db, scope: readonly number[], id: string) {
  return db
    .select({ intent: billingSetupIntents, customer: billingCustomers })
    .from(billingSetupIntents)
    .innerJoin(billingCustomers, eq(billingCustomers.id, billingSetupIntents.customerId))
    .where(and(eq(billingSetupIntents.stripeSetupIntentId, id), inArray(billingCustomers.companyId, [...scope])))
    .get();
}

/** Stores a setup's result and the payment method it attached, if any. */
export async function saveSetupResult(
  db: Db,
  intentId: string,
  customerId: number,
  result: 'pending' | 'success' | 'processing' | 'failed',
  method: PaymentMethodFields | null,
) {
  await db.batch([
    db
      .update(billingSetupIntents)
      .set({ result, updatedAt: new Date() })
      .where(eq(billingSetupIntents.stripeSetupIntentId, intentId)),
    ...(method ? [upsert(db, customerId, method)] : []),
  ]);
}
