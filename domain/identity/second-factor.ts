/**
 * @module How a second-factor code is checked, in one place: which proofs a call accepts (this
 * session's e-mailed code, the confirmed authenticator, a pending authenticator), the e-mailed
 * code's match (hash, constant time) and expiry, and the authenticator's TOTP window and replay
 * guard. The API gathers the stored codes and pairings, asks `checkSecondFactor`, and writes the
 * proof it names (using the code or the time step up, conditionally, so a race accepts it once).
 */
import { sha256Hex, timingSafeEqual } from './encoding';
import { verifyTotp } from './totp';
import { normalizeCode } from './two-factor';

/** An unused e-mailed code of the session, as stored (only its hash). */
export interface EmailedCode {
  id: number;
  codeHash: string;
  expiresAt: Date;
}

/** An authenticator pairing that is not cancelled, its seed opened (null when it cannot be opened). */
export interface AuthenticatorPairing {
  id: number;
  confirmed: boolean;
  lastUsedStep: number | null;
  secret: string | null;
}

/** The proofs a call may accept, tried in this order. */
export type ProofKind = 'pending-authenticator' | 'confirmed-authenticator' | 'emailed-code';

export type SecondFactorProof =
  /** Use up `step` of the pairing; `confirmsPairing` when it is the pending one being confirmed. */
  | { kind: 'authenticator'; pairingId: number; step: number; confirmsPairing: boolean }
  /** Use up the e-mailed code. */
  | { kind: 'emailed-code'; codeId: number }
  | { kind: 'none' };

export interface SecondFactorFacts {
  /** What the user typed. */
  input: string;
  /** `emailedCodeHash(input)`: null when the input cannot be an e-mailed code at all. */
  inputHash: string | null;
  now: Date;
  /** The session's unused e-mailed codes, newest first. */
  emailedCodes: readonly EmailedCode[];
  /** The user's pairings that are not cancelled, newest first. */
  pairings: readonly AuthenticatorPairing[];
  accept: readonly ProofKind[];
}

/** The hash an e-mailed code is stored under, of the input as typed (spaces removed); null if no code. */
export async function emailedCodeHash(input: string): Promise<string | null> {
  const code = normalizeCode(input);
  return code === null ? null : sha256Hex(code);
}

const sameHash = (a: string, b: string) => timingSafeEqual(new TextEncoder().encode(a), new TextEncoder().encode(b));

/** The newest unexpired e-mailed code, if the input matches it. */
export function matchEmailedCode(codes: readonly EmailedCode[], inputHash: string | null, now: Date): number | null {
  const newest = codes.find((code) => code.expiresAt.getTime() > now.getTime());
  if (!newest || inputHash === null || !sameHash(inputHash, newest.codeHash)) return null;
  return newest.id;
}

/** The time step the input matches for the pairing (TOTP window, no replay of a used step), or null. */
export function matchAuthenticator(pairing: AuthenticatorPairing | undefined, input: string, now: Date) {
  if (!pairing?.secret) return null;
  return verifyTotp(pairing.secret, input, now.getTime(), pairing.lastUsedStep);
}

/** The first proof of `accept` the input satisfies, or none. */
export function checkSecondFactor(facts: SecondFactorFacts): SecondFactorProof {
  for (const kind of facts.accept) {
    if (kind === 'emailed-code') {
      const codeId = matchEmailedCode(facts.emailedCodes, facts.inputHash, facts.now);
      if (codeId !== null) return { kind: 'emailed-code', codeId };
      continue;
    }
    const confirmsPairing = kind === 'pending-authenticator';
    const pairing = facts.pairings.find((p) => p.confirmed !== confirmsPairing);
    const step = matchAuthenticator(pairing, facts.input, facts.now);
    // A matching code of the confirmed authenticator is its answer: the e-mailed code is not tried then.
    if (pairing && step !== null) return { kind: 'authenticator', pairingId: pairing.id, step, confirmsPairing };
  }
  return { kind: 'none' };
}

/**
 * Who may see or confirm a pending pairing: a session past 2FA, or a session of an authenticator
 * user waiting for its code. An e-mail-code user pairs only after passing 2FA.
 */
export function mayConfirmPairing(session: { twoFactorPassed: boolean; usesAuthenticator: boolean }): boolean {
  return session.twoFactorPassed || session.usesAuthenticator;
}

/**
 * Why an authenticator code cannot be checked at all: no pairing whose seed can be opened, or only
 * a pending one the session may not confirm yet; null when it can.
 */
export function authenticatorRefusal(
  pairings: readonly AuthenticatorPairing[],
  mayConfirm: boolean,
): 'not-paired' | 'second-factor-first' | null {
  const pendingSecret = pairings.find((p) => !p.confirmed)?.secret;
  const confirmedSecret = pairings.find((p) => p.confirmed)?.secret;
  if (!pendingSecret && !confirmedSecret) return 'not-paired';
  if (!confirmedSecret && !mayConfirm) return 'second-factor-first';
  return null;
}

/** The proofs POST /2fa/authenticator/code/validate accepts: the pending authenticator first, if it may be confirmed. */
export function authenticatorProofs(mayConfirm: boolean): ProofKind[] {
  return mayConfirm ? ['pending-authenticator', 'confirmed-authenticator'] : ['confirmed-authenticator'];
}
