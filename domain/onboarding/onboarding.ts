/**
 * @module Station onboarding vocabulary (spec sections 4 and 8): the steps create → peering →
 * publish, their recorded outcomes, the commissioning statuses, and the charge point credentials an
 * online station receives (an OCPP identity and a password shown once).
 */

export const ONBOARDING_TYPES = ['online', 'offline'] as const;
export type OnboardingType = (typeof ONBOARDING_TYPES)[number];

export const ONBOARDING_STEPS = ['create', 'peering', 'publish'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/**
 * `done`: the step succeeded; `failed`: it was tried and failed (retryable); `pending`: not tried yet.
 * Peering and publish fail with "no peering configured" until the roaming issue adds peerings.
 */
export const STEP_STATUSES = ['pending', 'done', 'failed'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** Commissioning of a station's hardware on site; a new station starts at `to_commission`. */
export const COMMISSIONING_STATUSES = ['to_commission', 'commissioning', 'commissioned', 'decommissioned'] as const;
export type CommissioningStatus = (typeof COMMISSIONING_STATUSES)[number];

/** OCPP charge point identity as the ocpp worker accepts it at the upgrade (printable, no slash, ≤ 48). */
export const OCPP_IDENTITY = /^[A-Za-z0-9._:*+\-|@]{1,48}$/;

/** Characters of a generated password: no look-alikes (0/O, 1/l/I), nothing a config file must escape. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export const OCPP_PASSWORD_LENGTH = 24;

function randomFrom(alphabet: string, length: number): string {
  // Rejection sampling: 256 is not a multiple of the alphabet size, so values past the last full cycle are redrawn.
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/** A 24-character password (≈ 139 bits), within OCPP's AuthorizationKey length of 16 to 40. */
export function generateOcppPassword(): string {
  return randomFrom(PASSWORD_ALPHABET, OCPP_PASSWORD_LENGTH);
}

/** A charge point identity when the operator gives none: `prefix-XXXXXXXX`, unambiguous upper case. */
export function generateOcppIdentity(prefix: string): string {
  const clean =
    prefix
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 8) || 'CP';
  return `${clean}-${randomFrom('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 8)}`;
}

/** Offline stations never connect; their uid only has to be unique and not look like a charge point's. */
export function generateOfflineUid(): string {
  return `OFFLINE-${randomFrom('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', 10)}`;
}

/** An EVSE id in the eMI3 shape: country*party*E + station + connector number, alphanumerics only. */
export function evseIdFor(country: string, party: string, uid: string, connectorNumber: number): string {
  const alnum = (s: string) => s.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  return `${alnum(country).slice(0, 2)}*${alnum(party).slice(0, 3) || 'CPO'}*E${alnum(uid)}${connectorNumber}`;
}
