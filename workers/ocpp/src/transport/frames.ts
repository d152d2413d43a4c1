/**
 * @module OCPP-J 1.6 and 2.0.1 framing (section 4): parses a WebSocket message into a CALL, CALLRESULT or
 * CALLERROR, and says which CALLERROR a broken frame deserves.
 */
import type { OcppVersion } from '@domain/ocpp/versions';

export const CALL = 2;
export const CALLRESULT = 3;
export const CALLERROR = 4;
/** Frames larger than this are refused; no OCPP 1.6 message comes near it. */
export const MAX_FRAME_BYTES = 64 * 1024;

export type OcppErrorCode =
  | 'NotImplemented'
  | 'NotSupported'
  | 'InternalError'
  | 'ProtocolError'
  | 'SecurityError'
  | 'FormationViolation'
  | 'PropertyConstraintViolation'
  | 'OccurenceConstraintViolation'
  | 'TypeConstraintViolation'
  | 'GenericError'
  // OCPP-J 2.0.1 only (ADR 058):
  | 'FormatViolation'
  | 'OccurrenceConstraintViolation'
  | 'RpcFrameworkError'
  | 'MessageTypeNotSupported';

/** The codes of a broken frame, by version: 2.0.1 renamed and split them (OCPP-J 2.0.1 section 4.3). */
const FRAME_CODES = {
  'ocpp1.6': {
    unreadable: 'FormationViolation',
    payload: 'FormationViolation',
    shape: 'ProtocolError',
    type: 'ProtocolError',
  },
  'ocpp2.0.1': {
    unreadable: 'RpcFrameworkError',
    payload: 'FormatViolation',
    shape: 'RpcFrameworkError',
    type: 'MessageTypeNotSupported',
  },
} as const satisfies Record<OcppVersion, Record<string, OcppErrorCode>>;

export type Frame =
  | { type: 'call'; id: string; action: string; payload: unknown }
  | { type: 'result'; id: string; payload: unknown }
  | { type: 'error'; id: string; code: string; description: string; details: unknown }
  /** A frame that cannot be processed; `id` is '-1' when it could not be read (as ocpp-rpc does). */
  | { type: 'invalid'; id: string; code: OcppErrorCode; description: string };

export function parseFrame(message: string | ArrayBuffer, version: OcppVersion = 'ocpp1.6'): Frame {
  const codes = FRAME_CODES[version];
  const text = typeof message === 'string' ? message : new TextDecoder().decode(message);
  // A UTF-16 unit is at most 3 UTF-8 bytes, so most frames need no encoding to be measured.
  const size =
    typeof message !== 'string'
      ? message.byteLength
      : message.length * 3 <= MAX_FRAME_BYTES
        ? message.length
        : new TextEncoder().encode(message).byteLength;
  if (size > MAX_FRAME_BYTES) {
    // The id is read from the start only, so a huge frame is not parsed at all.
    const id = /^\s*\[\s*\d\s*,\s*"([^"\\]{1,36})"/.exec(text.slice(0, 64))?.[1] ?? '-1';
    return { type: 'invalid', id, code: codes.payload, description: `Frame over ${MAX_FRAME_BYTES} bytes` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { type: 'invalid', id: '-1', code: codes.unreadable, description: 'Message is not valid JSON' };
  }
  if (!Array.isArray(raw) || raw.length < 3) {
    return { type: 'invalid', id: '-1', code: codes.unreadable, description: 'A frame is a JSON array' };
  }
  const [kind, id] = raw;
  if (typeof id !== 'string' || id.length === 0 || id.length > 36) {
    return { type: 'invalid', id: '-1', code: codes.unreadable, description: 'Message id must be a string' };
  }
  if (kind === CALL) {
    const [, , action, payload] = raw;
    if (typeof action !== 'string' || raw.length !== 4) {
      return { type: 'invalid', id, code: codes.shape, description: 'A CALL is [2, id, action, payload]' };
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      return { type: 'invalid', id, code: codes.payload, description: 'Payload must be a JSON object' };
    }
    return { type: 'call', id, action, payload };
  }
  if (kind === CALLRESULT) return { type: 'result', id, payload: raw[2] };
  if (kind === CALLERROR) {
    return { type: 'error', id, code: String(raw[2]), description: String(raw[3] ?? ''), details: raw[4] ?? {} };
  }
  return { type: 'invalid', id, code: codes.type, description: `Unknown message type ${String(kind)}` };
}

export function callFrame(id: string, action: string, payload: unknown): string {
  return JSON.stringify([CALL, id, action, payload]);
}
export function resultFrame(id: string, payload: unknown): string {
  return JSON.stringify([CALLRESULT, id, payload]);
}
export function errorFrame(id: string, code: OcppErrorCode, description: string, details: object = {}): string {
  // errorDescription is at most 255 characters in practice; keep it short and readable.
  return JSON.stringify([CALLERROR, id, code, description.slice(0, 255), details]);
}
