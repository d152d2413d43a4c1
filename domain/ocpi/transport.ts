/**
 * @module OCPI 2.2.1 transport rules (transport_and_format.asciidoc), pure: the credentials token of an
 * `Authorization` header (base64 as 2.2.1 says, raw as hubs and 2.1.1 parties still send), the hub routing
 * headers, pagination (`offset`, `limit`, `Link`, `X-Total-Count`, `X-Limit`) and the redaction of tokens
 * in logged bodies.
 */
import { randomToken } from '../identity/encoding';
import { countryCode, partyId } from './schemas';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The tokens an `Authorization: Token …` header may carry, most likely first: the base64-decoded value
 * (2.2.1) when it decodes to printable text, then the value as sent (raw). Empty when the header is
 * missing or not of the Token scheme.
 */
export function tokenCandidates(header: string | null | undefined): string[] {
  const match = /^Token\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return [];
  const sent = match[1];
  const candidates: string[] = [];
  if (BASE64.test(sent) && sent.length % 4 === 0) {
    try {
      const decoded = atob(sent);
      if (/^[\x21-\x7e]+$/.test(decoded)) candidates.push(decoded);
    } catch {
      // not base64 after all: the raw value below
    }
  }
  candidates.push(sent);
  return candidates;
}

/** The header value we send: `Token <base64(token)>` (2.2.1). */
export const authorizationHeader = (token: string) => `Token ${btoa(token)}`;

export interface PartyRef {
  countryCode: string;
  partyId: string;
}
export interface RoutingHeaders {
  from?: PartyRef;
  to?: PartyRef;
}

/**
 * The `OCPI-from-*` and `OCPI-to-*` headers of hub traffic: each pair absent or complete and well-formed
 * (country code 2, party id 3 characters); `error` names the first faulty header.
 */
export function routingHeaders(get: (name: string) => string | null | undefined): RoutingHeaders | { error: string } {
  const result: RoutingHeaders = {};
  for (const side of ['from', 'to'] as const) {
    const cc = get(`OCPI-${side}-country-code`);
    const pid = get(`OCPI-${side}-party-id`);
    if (!cc && !pid) continue;
    if (!cc || !countryCode.safeParse(cc).success) return { error: `OCPI-${side}-country-code` };
    if (!pid || !partyId.safeParse(pid).success) return { error: `OCPI-${side}-party-id` };
    result[side] = { countryCode: cc.toUpperCase(), partyId: pid.toUpperCase() };
  }
  return result;
}

export interface Page {
  offset: number;
  limit: number;
}

/** `offset` and `limit` of a GET list: defaults 0 and `maxLimit`, a larger limit lowered to it; null when malformed. */
export function pageParams(offset: string | undefined, limit: string | undefined, maxLimit: number): Page | null {
  const int = (v: string | undefined, fallback: number) => (v === undefined || v === '' ? fallback : Number(v));
  const o = int(offset, 0);
  const l = int(limit, maxLimit);
  if (!Number.isInteger(o) || o < 0 || !Number.isInteger(l) || l < 1) return null;
  return { offset: o, limit: Math.min(l, maxLimit) };
}

/**
 * The pagination headers of a page: `X-Total-Count`, `X-Limit` (the server's upper limit) and, when this
 * is not the last page, `Link` to the next one keeping the request's other query parameters.
 */
export function pageHeaders(url: string, page: Page, total: number, maxLimit: number): Record<string, string> {
  const headers: Record<string, string> = { 'X-Total-Count': String(total), 'X-Limit': String(maxLimit) };
  const nextOffset = page.offset + page.limit;
  if (nextOffset < total) {
    const next = new URL(url);
    next.searchParams.set('offset', String(nextOffset));
    next.searchParams.set('limit', String(page.limit));
    headers.Link = `<${next.toString()}>; rel="next"`;
  }
  return headers;
}

/** A body as logged: every `token` field's value replaced, cut to `max` characters. */
export function redactForLog(body: string, max = 2000): string {
  const redacted = body.replace(/("token"\s*:\s*")[^"]*(")/gi, '$1[redacted]$2');
  return redacted.length > max ? `${redacted.slice(0, max)}…` : redacted;
}

/** A fresh credentials token: 32 random bytes, base64url (43 printable characters, within CiString(64)). */
export const newCredentialsToken = () => randomToken(32);
