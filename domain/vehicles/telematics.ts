/**
 * @module A vehicle's telematics webhook: its URL token, its signing secret (sealed at rest, shown once),
 * the provider's signature check and whether a reading is taken.
 */
import { randomToken, sha256Hex } from '../identity/encoding';
import { decryptSecret, encryptSecret } from '../identity/secret-box';

/** A longer body is refused before its signature is even checked. */
export const MAX_TELEMETRY_BODY_LENGTH = 4096;
/** How far ahead of our clock a provider's reading may be dated. */
export const TELEMETRY_CLOCK_SKEW_MS = 5 * 60_000;

/** Bound to the sealed secret: a sealed secret copied to another webhook does not open there. */
const sealContext = (token: string) => `vehicle-webhook:${token}`;

export const newWebhookToken = (): string => randomToken(24);

/** A fresh signing secret: the secret itself (answered once), its hash (for the fingerprint) and its sealed form. */
export async function newWebhookSecret(masterSecret: string, token: string) {
  const secret = `whsec_${randomToken(32)}`;
  return {
    secret,
    secretHash: await sha256Hex(secret),
    secretSealed: await encryptSecret(secret, masterSecret, sealContext(token)),
  };
}

/** The webhook's signing secret, or null when the sealed value does not open with this key and token. */
export function openWebhookSecret(sealed: string, masterSecret: string, token: string): Promise<string | null> {
  return decryptSecret(sealed, masterSecret, sealContext(token));
}

/** Whether `header` (`sha256=<hex HMAC-SHA256 of the raw body>`) signs `body` with `secret`. */
export async function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
): Promise<boolean> {
  const hex = header?.trim().replace(/^sha256=/i, '') ?? '';
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  const signature = new Uint8Array(hex.match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? []);
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  // subtle.verify compares in constant time.
  return crypto.subtle.verify('HMAC', key, signature, new TextEncoder().encode(body));
}

/** A reading dated beyond the clock skew is refused. */
export function isFromTheFuture(at: Date, now: Date): boolean {
  return at.getTime() > now.getTime() + TELEMETRY_CLOCK_SKEW_MS;
}

/**
 * Whether a reading replaces the stored one: only a newer one does, so a late retry never overwrites
 * a newer state (it is acknowledged but not applied).
 */
export function replacesStoredReading(at: Date, storedAt: Date | null): boolean {
  return !storedAt || storedAt.getTime() < at.getTime();
}
