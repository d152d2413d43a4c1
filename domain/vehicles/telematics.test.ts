import { describe, expect, it } from 'vitest';
import {
  isFromTheFuture,
  newWebhookSecret,
  newWebhookToken,
  openWebhookSecret,
  replacesStoredReading,
  verifyWebhookSignature,
} from './telematics';

const MASTER = 'test-secret-0123456789abcdef0123456789abcdef';

async function sign(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('webhook token and secret', () => {
  it('makes a URL-safe token the telemetry route accepts', () => {
    const token = newWebhookToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(newWebhookToken()).not.toBe(token);
  });

  it('seals the secret for its own token only, and hashes it for the fingerprint', async () => {
    const token = newWebhookToken();
    const sealed = await newWebhookSecret(MASTER, token);
    expect(sealed.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(sealed.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(sealed.secretSealed).not.toContain(sealed.secret);
    expect(await openWebhookSecret(sealed.secretSealed, MASTER, token)).toBe(sealed.secret);
    expect(await openWebhookSecret(sealed.secretSealed, MASTER, newWebhookToken())).toBeNull();
    expect(await openWebhookSecret(sealed.secretSealed, `${MASTER}x`, token)).toBeNull();
  });
});

describe('verifyWebhookSignature', () => {
  const body = '{"odometer_km":12,"soc_percent":50,"at":"2026-01-01T00:00:00Z"}';

  it('accepts the HMAC of the raw body, with or without the sha256= prefix, in either case', async () => {
    const hex = await sign('whsec_abc', body);
    expect(await verifyWebhookSignature('whsec_abc', body, `sha256=${hex}`)).toBe(true);
    expect(await verifyWebhookSignature('whsec_abc', body, ` SHA256=${hex.toUpperCase()} `)).toBe(true);
    expect(await verifyWebhookSignature('whsec_abc', body, hex)).toBe(true);
  });

  it('refuses another secret, another body, a malformed or missing header', async () => {
    const hex = await sign('whsec_abc', body);
    expect(await verifyWebhookSignature('whsec_abd', body, `sha256=${hex}`)).toBe(false);
    expect(await verifyWebhookSignature('whsec_abc', `${body} `, `sha256=${hex}`)).toBe(false);
    expect(await verifyWebhookSignature('whsec_abc', body, `sha256=${hex.slice(2)}`)).toBe(false);
    expect(await verifyWebhookSignature('whsec_abc', body, 'sha256=zz')).toBe(false);
    expect(await verifyWebhookSignature('whsec_abc', body, undefined)).toBe(false);
  });
});

describe('which readings are taken', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it.each([
    { at: '2026-03-01T12:05:00Z', future: false },
    { at: '2026-03-01T12:05:00.001Z', future: true },
    { at: '2026-03-01T11:00:00Z', future: false },
  ])('a reading at $at is from the future: $future', ({ at, future }) => {
    expect(isFromTheFuture(new Date(at), now)).toBe(future);
  });

  it.each([
    { at: '2026-03-01T12:00:00Z', stored: null, replaces: true },
    { at: '2026-03-01T12:00:00Z', stored: '2026-03-01T11:59:59Z', replaces: true },
    { at: '2026-03-01T12:00:00Z', stored: '2026-03-01T12:00:00Z', replaces: false },
    { at: '2026-03-01T11:00:00Z', stored: '2026-03-01T12:00:00Z', replaces: false },
  ])('a reading at $at over one stored at $stored replaces it: $replaces', ({ at, stored, replaces }) => {
    expect(replacesStoredReading(new Date(at), stored ? new Date(stored) : null)).toBe(replaces);
  });
});
