/**
 * @module The decisions of the OCPI credentials registration (credentials.asciidoc), pure: the version
 * both platforms speak, the partner's credentials endpoint, which token a partner may present for what,
 * the peering state machine, the outbox backoff and our default party.
 */
import type { Endpoint, Role, Version, VersionDetails } from './schemas';

export const OCPI_VERSION = '2.2.1';

export type PeeringState = 'pending' | 'registered' | 'suspended' | 'unregistered' | 'failed';
export type PeeringDirection = 'outbound' | 'inbound';
export type TokenKind = 'A' | 'B' | 'C';

/** The partner's URL of our version, or null (the handshake then fails with 3002, unsupported version). */
export const mutualVersion = (versions: readonly Version[]) => versions.find((v) => v.version === OCPI_VERSION) ?? null;

/** The partner's credentials endpoint; null when its version details lack one (3003, no matching endpoints). */
export function credentialsEndpoint(details: VersionDetails): Endpoint | null {
  const all = details.endpoints.filter((e) => e.identifier === 'credentials');
  return all.find((e) => e.role === 'RECEIVER') ?? all[0] ?? null;
}

/**
 * What a presented token may reach: token A (issued to a partner that has not registered yet) only the
 * versions, the version details and POST credentials (credentials.asciidoc); B and C everything the
 * peering's state allows. A suspended, unregistered or failed peering's token reaches nothing.
 */
export function tokenAllows(
  peering: { state: PeeringState | string; incomingTokenKind: TokenKind | string | null },
  route: 'versions' | 'credentials-register' | 'credentials' | 'module',
): boolean {
  if (peering.incomingTokenKind === 'A')
    return peering.state === 'pending' && (route === 'versions' || route === 'credentials-register');
  // Registering again is PUT's work: POST with B or C is refused (405 by the credentials module).
  if (route === 'credentials-register') return false;
  return peering.state === 'registered' || (peering.state === 'pending' && route === 'versions');
}

export type PeeringAction = 'connect' | 'suspend' | 'unregister';

/** Whether a user's action applies to a peering in this state and direction. */
export function actionAllowed(action: PeeringAction, state: PeeringState | string, direction: string): boolean {
  switch (action) {
    case 'connect':
      // Retry a failed or never-finished outbound handshake, or resume a suspended peering.
      return state === 'suspended' || (direction === 'outbound' && (state === 'failed' || state === 'pending'));
    case 'suspend':
      return state === 'registered';
    case 'unregister':
      return state === 'registered' || state === 'suspended';
  }
}

/** Minutes before each retry of a failed outbox row; after the last one the row is dead (the user retries). */
export const RETRY_MINUTES = [1, 5, 15, 60, 180, 720] as const;

/** When to try again after `attempts` failed attempts, or null when the row is dead. */
export function nextAttempt(attempts: number, at: Date): Date | null {
  const minutes = RETRY_MINUTES[attempts - 1];
  return minutes === undefined ? null : new Date(at.getTime() + minutes * 60_000);
}

/**
 * When to try a push again after `attempts` failed attempts: the same backoff, then every 12 hours for
 * good. A push is never given up (a partner down for days still receives everything, in order); the
 * peering's state and message log show it is behind.
 */
export function nextPushAttempt(attempts: number, at: Date): Date {
  const minutes = RETRY_MINUTES[Math.min(attempts, RETRY_MINUTES.length) - 1] ?? RETRY_MINUTES[0];
  return new Date(at.getTime() + minutes * 60_000);
}

/**
 * Our party id when an operator has none configured yet: `C` and the company id in base 36 (two
 * characters), or three base-36 characters past 1,295 companies; unique per country, stable.
 */
export function defaultPartyId(companyId: number): string {
  const b36 = companyId.toString(36).toUpperCase();
  return companyId < 36 ** 2 ? `C${b36.padStart(2, '0')}` : b36.padStart(3, '0').slice(-3);
}

/** Our roles as an operator's platform: charge point operator and e-mobility provider. */
export const PLATFORM_ROLES: readonly Role[] = ['CPO', 'EMSP'];

/** A partner's versions URL: https; plain http only to 127.0.0.1 and only outside production. */
export function versionsUrlAllowed(url: string, production: boolean): boolean {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed) return false;
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && !production && parsed.hostname === '127.0.0.1';
}
