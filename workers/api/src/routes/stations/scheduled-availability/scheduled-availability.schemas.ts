/** @module Schemas of scheduled availability changes (ADR 027), and an entry of the ChargePoint object as the API answers it. */

import { summarizeOutcome } from '@domain/ocpp/command-outcome';
import { MAX_LEAD_DAYS, scheduleTimeProblem } from '@domain/stations/scheduled-availability';
import { z } from '@hono/zod-openapi';
// Types only: the workers meet through the Durable Object binding.
import type { ScheduledAvailability } from '@ocpp/charge-point';
import { ByUid } from '../stations.schemas';

export const ScheduledChange = z
  .object({
    id: z.number(),
    /** OCPP connector number; 0 is the whole station. */
    connector_id: z.number(),
    connector_uid: z.string().nullable(),
    type: z.enum(['Operative', 'Inoperative']),
    due_at: z.string(),
    created_at: z.string(),
    created_by: z.string().nullable(),
    /** scheduled: waiting; fired: sent when due (see result); cancelled. */
    state: z.enum(['scheduled', 'fired', 'cancelled']),
    fired_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    cancelled_by: z.string().nullable(),
    /** Once fired: the charge point's status word, or why nothing was answered (offline, timeout, refused). */
    result: z
      .object({ succeeded: z.boolean(), reply_status: z.string().nullable(), error: z.string().nullable() })
      .nullable(),
  })
  .openapi('ScheduledAvailability');
export type ScheduledChange = z.infer<typeof ScheduledChange>;

export const ScheduleBody = z
  .object({
    connector_id: z.number().int().min(0, 'Connector 0 is the whole station; numbers are 0 or more'),
    type: z.enum(['Operative', 'Inoperative']),
    at: z.iso.datetime({ offset: true, message: 'An ISO 8601 date-time, e.g. 2026-11-21T22:00:00Z' }),
  })
  .strict()
  .superRefine((b, ctx) => {
    const problem = scheduleTimeProblem(Date.parse(b.at), Date.now());
    if (problem === 'too-soon') {
      ctx.addIssue({
        code: 'custom',
        path: ['at'],
        message: 'Choose a time at least one minute from now (use the immediate command for now)',
      });
    } else if (problem === 'too-far') {
      ctx.addIssue({ code: 'custom', path: ['at'], message: `Choose a time within ${MAX_LEAD_DAYS} days` });
    }
  });

export const ById = ByUid.extend({ id: z.coerce.number().int().positive() });

/**
 * The API's view of the object's entries, with the e-mails of the users who scheduled or cancelled
 * them and the uids of their connectors (both read from D1).
 */
export function toScheduledChange(
  e: ScheduledAvailability,
  email: ReadonlyMap<number, string>,
  connectorUid: ReadonlyMap<number, string>,
): ScheduledChange {
  const summary = e.outcome ? summarizeOutcome(e.outcome) : null;
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: e.id,
    connector_id: e.connectorId,
    connector_uid: e.connectorId === 0 ? null : (connectorUid.get(e.connectorId) ?? null),
    type: e.type,
    due_at: new Date(e.dueAt).toISOString(),
    created_at: new Date(e.createdAt).toISOString(),
    created_by: email.get(e.createdBy) ?? null,
    state: e.state,
    fired_at: iso(e.firedAt),
    cancelled_at: iso(e.cancelledAt),
    cancelled_by: e.cancelledBy === null ? null : (email.get(e.cancelledBy) ?? null),
    result: summary ? { succeeded: summary.succeeded, reply_status: summary.replyStatus, error: summary.error } : null,
  };
}
