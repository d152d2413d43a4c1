/**
 * @module Revocation of the certificates the built-in CA issued (ADR 014, addendum 2): marked in the
 * charge point's own record, and the CA's signed CRL, built from the revocations the back office keeps
 * in D1 (the only place that sees every charge point's).
 */
import { AuthorityError } from '@domain/certificates/authority';
import { buildCrl, type RevocationReason, type RevokedEntry } from '@domain/certificates/crl';
import type { Store } from '../storage/store';
import { authorityMode, builtInAuthority } from './authority';
import { type IssuedRecord, issuedBySerial, updateIssued } from './issued';

export type RevokeAnswer =
  | { ok: true; record: IssuedRecord; alreadyRevoked: boolean }
  | { ok: false; reason: 'no-authority' | 'not-found' };

/** A CRL is valid this long; a TLS terminator fetches the next one before then. */
export const CRL_VALIDITY_MS = 24 * 3_600_000;

export function revokeIssued(
  store: Store,
  env: Env,
  input: { serial: string; reason: RevocationReason; userId: number; at: Date },
): RevokeAnswer {
  if (authorityMode(env) !== 'built-in') return { ok: false, reason: 'no-authority' };
  const record = issuedBySerial(store, input.serial);
  if (!record) return { ok: false, reason: 'not-found' };
  // Revocation is final: a second call answers the first revocation unchanged (the API may retry).
  if (record.revokedAt !== null) return { ok: true, record, alreadyRevoked: true };
  const change = { revokedAt: input.at.toISOString(), revocationReason: input.reason, revokedBy: input.userId };
  updateIssued(store, record.serial, change);
  return { ok: true, record: { ...record, ...change }, alreadyRevoked: false };
}

export type CrlAnswer = { ok: true; der: Uint8Array } | { ok: false; noAuthority: boolean; message: string };

/**
 * The CRL of `revoked`, signed now. Its number is the signing time in seconds: it grows with every
 * CRL, as RFC 5280 5.2.3 asks, without a counter to keep.
 */
export async function signRevocationList(
  env: Env,
  revoked: readonly { serial: string; revokedAt: string; reason: RevocationReason }[],
  now: Date,
): Promise<CrlAnswer> {
  const authority = builtInAuthority(env);
  if (!authority) {
    return {
      ok: false,
      noAuthority: true,
      message: 'No built-in certificate authority (OCPP_CA_PRIVATE_KEY is not set)',
    };
  }
  const entries: RevokedEntry[] = revoked.map((r) => ({ ...r, revokedAt: new Date(r.revokedAt) }));
  try {
    const der = await buildCrl(await authority, entries, {
      thisUpdate: now,
      nextUpdate: new Date(now.getTime() + CRL_VALIDITY_MS),
      number: Math.floor(now.getTime() / 1000),
    });
    return { ok: true, der };
  } catch (error) {
    const message = error instanceof AuthorityError ? error.message : 'The certificate authority failed to sign';
    console.error(`[ocpp] certificate revocation list: ${message}`);
    return { ok: false, noAuthority: false, message };
  }
}
