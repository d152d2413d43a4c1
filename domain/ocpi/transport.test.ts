import { describe, expect, it } from 'vitest';
import {
  authorizationHeader,
  newCredentialsToken,
  pageHeaders,
  pageParams,
  redactForLog,
  routingHeaders,
  tokenCandidates,
} from './transport';

describe('Authorization: Token', () => {
  it('decodes the base64 form of 2.2.1 and keeps the raw form as a second candidate', () => {
    const token = 'ebf3b399-779f-4497-9b9d-ac6ad3cc44d2';
    expect(tokenCandidates(authorizationHeader(token))).toEqual([token, btoa(token)]);
  });

  it('takes a raw token (hubs, 2.1.1) as sent', () => {
    expect(tokenCandidates('Token ebf3b399-779f-4497-9b9d-ac6ad3cc44d2')).toEqual([
      'ebf3b399-779f-4497-9b9d-ac6ad3cc44d2',
    ]);
  });

  it('finds nothing without the Token scheme', () => {
    expect(tokenCandidates(null)).toEqual([]);
    expect(tokenCandidates('Bearer abc')).toEqual([]);
    expect(tokenCandidates('Token ')).toEqual([]);
  });

  it('makes printable tokens of 43 characters, each new', () => {
    const a = newCredentialsToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCredentialsToken()).not.toBe(a);
  });
});

describe('routing headers', () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name] ?? null;

  it('reads complete pairs, upper-cased', () => {
    expect(
      routingHeaders(
        headers({
          'OCPI-from-country-code': 'nl',
          'OCPI-from-party-id': 'exa',
          'OCPI-to-country-code': 'IT',
          'OCPI-to-party-id': 'VOL',
        }),
      ),
    ).toEqual({ from: { countryCode: 'NL', partyId: 'EXA' }, to: { countryCode: 'IT', partyId: 'VOL' } });
    expect(routingHeaders(headers({}))).toEqual({});
  });

  it('names the faulty header of an incomplete or malformed pair', () => {
    expect(routingHeaders(headers({ 'OCPI-from-country-code': 'NL' }))).toEqual({ error: 'OCPI-from-party-id' });
    expect(routingHeaders(headers({ 'OCPI-to-country-code': 'NLD', 'OCPI-to-party-id': 'EXA' }))).toEqual({
      error: 'OCPI-to-country-code',
    });
  });
});

describe('pagination', () => {
  it('defaults, caps the limit and refuses malformed values', () => {
    expect(pageParams(undefined, undefined, 50)).toEqual({ offset: 0, limit: 50 });
    expect(pageParams('10', '500', 50)).toEqual({ offset: 10, limit: 50 });
    expect(pageParams('-1', '5', 50)).toBeNull();
    expect(pageParams('0', 'x', 50)).toBeNull();
  });

  it('links the next page with the filters kept, and not past the last', () => {
    const url = 'https://x.test/ocpi/cpo/2.2.1/cdrs?date_from=2026-01-01T00:00:00Z&offset=0&limit=50';
    const first = pageHeaders(url, { offset: 0, limit: 50 }, 120, 100);
    expect(first).toEqual({
      'X-Total-Count': '120',
      'X-Limit': '100',
      Link: '<https://x.test/ocpi/cpo/2.2.1/cdrs?date_from=2026-01-01T00%3A00%3A00Z&offset=50&limit=50>; rel="next"',
    });
    expect(pageHeaders(url, { offset: 100, limit: 50 }, 120, 100).Link).toBeUndefined();
  });
});

describe('logged bodies', () => {
  it('redacts tokens and truncates', () => {
    expect(redactForLog('{"token":"secret-1","url":"u"}')).toBe('{"token":"[redacted]","url":"u"}');
    expect(redactForLog('x'.repeat(30), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});
