/** @module Query and answer of the customer-service log (spec 7.16 `customer-services/logs`). */

import type { customerServiceLogs } from '@db/schema';
import { z } from '@hono/zod-openapi';

export const LogEntry = z
  .object({
    id: z.number(),
    connector_id: z.number().nullable(),
    connector_evseid: z.string().nullable(),
    station_uid: z.string().nullable(),
    created_at: z.string(),
    action: z.string(),
    result: z.enum(['success', 'failed']),
    error_message: z.string().nullable(),
    user_email: z.string().nullable(),
    /** What was sent (the OCPP payload). */
    request: z.record(z.string(), z.any()).nullable(),
    /** The charge point's own answer status (Accepted, Rejected, Unlocked, Scheduled…) when it answered. */
    reply_status: z.string().nullable(),
  })
  .openapi('CustomerServiceLogEntry');

export const LogQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  items_per_page: z.coerce.number().int().min(1).max(200).default(25),
  /** EVSE id, station uid or the sender's e-mail, anywhere in the text. */
  keyword: z.string().trim().max(100).optional(),
  action: z.string().trim().min(1).max(60).optional(),
  result: z.enum(['success', 'failed']).optional(),
  connector_id: z.coerce.number().int().positive().optional(),
  /** UTC dates (YYYY-MM-DD), both included. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const LogPage = z
  .object({
    data: z.array(LogEntry),
    total: z.number(),
    page: z.number(),
    items_per_page: z.number(),
    /** The actions found in the tree's log, for the filter. */
    actions: z.array(z.string()),
  })
  .openapi('CustomerServiceLogPage');

/** The request sent and the charge point's answer status, read from a log row's stored detail. */
function parseDetail(text: string | null): { request: Record<string, unknown> | null; replyStatus: string | null } {
  if (!text) return { request: null, replyStatus: null };
  try {
    const detail = JSON.parse(text) as {
      request?: Record<string, unknown>;
      outcome?: { status?: string; reply?: { status?: unknown } | null };
    };
    const replyStatus =
      detail.outcome?.status === 'accepted' ? String(detail.outcome.reply?.status ?? 'Accepted') : null;
    return { request: detail.request ?? null, replyStatus };
  } catch {
    return { request: null, replyStatus: null };
  }
}

/** A log row (with its station's uid and the sender's e-mail) as answered. */
export function toLogEntry(row: {
  log: typeof customerServiceLogs.$inferSelect;
  stationUid: string | null;
  email: string | null;
}): z.infer<typeof LogEntry> {
  const { log, stationUid, email } = row;
  const detail = parseDetail(log.detailJson);
  return {
    id: log.id,
    connector_id: log.connectorId,
    connector_evseid: log.connectorEvseId,
    station_uid: stationUid,
    created_at: log.createdAt.toISOString(),
    action: log.action,
    result: log.result,
    error_message: log.errorMessage,
    user_email: email,
    request: detail.request,
    reply_status: detail.replyStatus,
  };
}
