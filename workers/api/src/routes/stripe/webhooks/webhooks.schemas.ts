/** @module Shapes of the Stripe webhook endpoint and of the webhook log (issue 17 §9). */

import { pageOf, pageQueryFields } from '@api/lib/pagination';
import { stripeEvents } from '@db/schema';
import { z } from '@hono/zod-openapi';
import type { StoredEvent } from './webhooks.store';

export const OUTCOMES = stripeEvents.outcome.enumValues;

export const WebhookAnswer = z
  .object({
    received: z.literal(true),
    /** `duplicate`: a replay of an event already stored, acknowledged and not applied again. */
    outcome: z.enum(['applied', 'stale', 'ignored', 'duplicate']),
  })
  .openapi('StripeWebhookAnswer');

/** Stripe's event ids (`evt_…`); the log accepts any id of that alphabet and answers 404 when unknown. */
export const EventIdParams = z.object({
  eventId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,255}$/)
    .openapi({ param: { name: 'eventId', in: 'path' }, example: 'evt_1QabcDEF' }),
});

export const LogQuery = z.object({
  /** An event id or an object id (`in_…`, `sub_…`), exactly. */
  q: z.string().trim().max(255).optional(),
  /** Stripe's event type, e.g. `invoice.paid`. */
  type: z
    .string()
    .regex(/^[a-z0-9_.]{1,100}$/)
    .optional(),
  outcome: z.enum(OUTCOMES).optional(),
  ...pageQueryFields(25),
});

export const EventSummary = z
  .object({
    id: z.string(),
    type: z.string(),
    /** The connected account the event came from; null for the platform's own. */
    account: z.string().nullable(),
    object_id: z.string().nullable(),
    /** When Stripe created the event. */
    created: z.iso.datetime(),
    received_at: z.iso.datetime(),
    applied_at: z.iso.datetime().nullable(),
    outcome: z.enum(OUTCOMES),
    deliveries: z.number().int(),
    /** Why an ignored event was not applied. */
    reason: z.string().nullable(),
    /** What failed, for a failed event. */
    error: z.string().nullable(),
  })
  .openapi('StripeEventSummary');

export const EventPage = pageOf(EventSummary).extend({
  /** The event types received in the caller's scope, for the type filter. */
  types: z.array(z.string()),
});

export const EventDetail = EventSummary.extend({
  /** The event as Stripe sent it. */
  payload: z.record(z.string(), z.unknown()),
}).openapi('StripeEventDetail');

export function toEventSummary(row: Omit<StoredEvent, 'payloadJson'>): z.infer<typeof EventSummary> {
  return {
    id: row.id,
    type: row.type,
    account: row.account,
    object_id: row.objectId,
    created: new Date(row.created * 1000).toISOString(),
    received_at: row.receivedAt.toISOString(),
    applied_at: row.appliedAt?.toISOString() ?? null,
    outcome: row.outcome,
    deliveries: row.deliveries,
    reason: row.reason,
    error: row.error,
  };
}

export function toEventDetail(row: StoredEvent): z.infer<typeof EventDetail> {
  const { payloadJson, ...rest } = row;
  return { ...toEventSummary(rest), payload: JSON.parse(payloadJson) as Record<string, unknown> };
}
