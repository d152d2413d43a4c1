/**
 * @module The certificateChain of a CertificateSigned the operator sends for a certificate signed
 * outside the system: the charge point's certificate, then the configured CA chain (OCPP 1.6
 * security: at most 10,000 characters).
 */

import { MAX_CHAIN_LENGTH } from './issue';

export type SignedChain = { ok: true; certificateChain: string } | { ok: false; reason: 'no-authority' | 'too-long' };

export function certificateSignedChain(certificate: string, configuredChain: string | undefined): SignedChain {
  const chain = configuredChain?.trim();
  if (!chain) return { ok: false, reason: 'no-authority' };
  const certificateChain = `${certificate.trim()}\n${chain}\n`;
  if (certificateChain.length > MAX_CHAIN_LENGTH) return { ok: false, reason: 'too-long' };
  return { ok: true, certificateChain };
}
