/**
 * @module Our outgoing OCPI calls: `Authorization: Token <base64>`, a fresh `X-Request-ID`, the flow's
 * `X-Correlation-ID`, a timeout; the answer's envelope and data checked with the reference's schemas;
 * every call written to the peering's message log, tokens redacted.
 */
import type { Db } from '@db/db';
import { Envelope } from '@domain/ocpi/schemas';
import { OcpiStatus } from '@domain/ocpi/status';
import { authorizationHeader, redactForLog } from '@domain/ocpi/transport';
import type { z } from 'zod';
import { logMessage } from './ocpi.store';

/** How long a partner may take to answer one call. */
export const CALL_TIMEOUT_MS = 15_000;

/** A failure carries the partner's OCPI status and HTTP status when it answered (none on a network error). */
export type CallResult<T> =
  | { ok: true; data: T; headers?: Headers }
  | { ok: false; error: string; ocpiStatus?: number; httpStatus?: number };

export interface Call<T extends z.ZodType> {
  peeringId: number;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  token: string;
  correlationId: string;
  body?: unknown;
  /** The schema of `data`; absent when the answer carries none (DELETE). */
  schema?: T;
  /** How long the partner may take (default CALL_TIMEOUT_MS); real-time authorization waits less. */
  timeoutMs?: number;
  /** Extra headers: the routing headers of a call through a hub. */
  headers?: Record<string, string>;
}

export async function ocpiCall<T extends z.ZodType>(db: Db, call: Call<T>): Promise<CallResult<z.infer<T>>> {
  const started = Date.now();
  const requestId = crypto.randomUUID();
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  let httpStatus: number | null = null;
  let text = '';
  let result: CallResult<z.infer<T>>;
  try {
    const response = await fetch(call.url, {
      method: call.method,
      headers: {
        Authorization: authorizationHeader(call.token),
        'X-Request-ID': requestId,
        'X-Correlation-ID': call.correlationId,
        ...call.headers,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body,
      signal: AbortSignal.timeout(call.timeoutMs ?? CALL_TIMEOUT_MS),
    });
    httpStatus = response.status;
    text = await response.text();
    result = readAnswer(call, response.status, text);
    // A sender's page says where the next one is (`Link`) and how many there are (`X-Total-Count`).
    if (result.ok) result = { ...result, headers: response.headers };
  } catch (err) {
    result = { ok: false, error: `${call.method} ${call.url}: ${err instanceof Error ? err.message : String(err)}` };
  }
  await logMessage(db, {
    peeringId: call.peeringId,
    direction: 'out',
    method: call.method,
    urlPath: new URL(call.url).pathname,
    httpStatus,
    ocpiStatus: result.ok ? OcpiStatus.success : (result.ocpiStatus ?? null),
    durationMs: Date.now() - started,
    requestId,
    correlationId: call.correlationId,
    body: redactForLog(body ?? text),
  });
  return result;
}

function readAnswer<T extends z.ZodType>(call: Call<T>, status: number, text: string): CallResult<z.infer<T>> {
  const where = `${call.method} ${call.url}`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, httpStatus: status, error: `${where}: HTTP ${status}, not an OCPI answer` };
  }
  const parsed = Envelope.safeParse(json);
  if (!parsed.success)
    return { ok: false, httpStatus: status, error: `${where}: HTTP ${status}, not an OCPI envelope` };
  const { status_code: code, status_message: message, data } = parsed.data;
  if (status >= 300 || code !== OcpiStatus.success)
    return {
      ok: false,
      ocpiStatus: code,
      httpStatus: status,
      error: `${where}: HTTP ${status}, OCPI ${code}${message ? ` ${message}` : ''}`,
    };
  if (!call.schema) return { ok: true, data: undefined as z.infer<T> };
  const typed = call.schema.safeParse(data);
  if (!typed.success)
    return {
      ok: false,
      httpStatus: status,
      error: `${where}: data does not match OCPI 2.2.1 (${typed.error.issues[0]?.path.join('.')})`,
    };
  return { ok: true, data: typed.data };
}
