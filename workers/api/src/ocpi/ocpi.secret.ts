/**
 * @module The tokens we present to partners (their token A, B or C) are secrets: sealed at rest with
 * AES-GCM (domain/identity/secret-box.ts) under the key that seals SSO client secrets (`SSO_SECRET_KEY`,
 * lib/sso-secret.ts), bound to the peering by the context `ocpi:<peering id>`.
 */
import { decryptSecret, encryptSecret } from '@domain/identity/secret-box';
import { ssoSecretKey } from '../lib/sso-secret';

type KeyEnv = Parameters<typeof ssoSecretKey>[0];

const context = (peeringId: number) => `ocpi:${peeringId}`;

export const sealPartnerToken = (env: KeyEnv, peeringId: number, token: string) =>
  encryptSecret(token, ssoSecretKey(env), context(peeringId));

/** The token, or null when it was sealed under another key or for another peering. */
export const openPartnerToken = (env: KeyEnv, peeringId: number, sealed: string) =>
  decryptSecret(sealed, ssoSecretKey(env), context(peeringId));
