/**
 * @module SignCertificate (Security Whitepaper use case A02) and the certificates the built-in CA
 * issued. Three set-ups (ADR 014 and its addendum):
 * - no CA (`OCPP_CA_CERTIFICATE_CHAIN` unset): Rejected at once;
 * - external CA (the chain only): Accepted and the CSR kept; the operator signs it outside and
 *   sends the leaf through `POST stations/{uid}/commands/certificate-signed`;
 * - built-in CA (the chain and `OCPP_CA_PRIVATE_KEY`): the CSR is checked (its signature, its CN
 *   is this charge point), a certificate is issued, SignCertificate is answered Accepted and
 *   CertificateSigned (leaf + chain) follows; its answer is recorded with the certificate.
 */
import { AuthorityError } from '@domain/certificates/authority';
import { issueChargePointCertificate, validityDays } from '@domain/certificates/issue';
import { authorityMode, builtInAuthority } from '../certificates/authority';
import { deliveryDeadline } from '../certificates/delivery';
import { addIssued, type IssuedRecord } from '../certificates/issued';
import type { Handler, HandlerContext } from '../context';

export type CsrReport = {
  csr: string;
  status: string;
  receivedAt: string;
  /** Why the built-in CA refused it. */
  reason?: string | null;
  /** The serial of the certificate the built-in CA issued for it. */
  serial?: string | null;
};

async function issue(ctx: HandlerContext, csr: string) {
  try {
    const authority = builtInAuthority(ctx.env);
    if (!authority) return { ok: false as const, reason: 'No built-in certificate authority' };
    return await issueChargePointCertificate(await authority, csr, {
      identity: ctx.identity,
      organization: ctx.env.OCPP_CA_ORGANIZATION,
      validityDays: validityDays(ctx.env.OCPP_CA_VALIDITY_DAYS),
      now: ctx.now,
    });
  } catch (error) {
    // The message names the setting at fault, never key material.
    const reason = error instanceof AuthorityError ? error.message : 'The certificate authority failed to sign';
    console.error(`[ocpp] certificate authority: ${reason}`);
    return { ok: false as const, reason };
  }
}

export const signCertificate: Handler<'SignCertificate'> = async (ctx, p) => {
  const receivedAt = ctx.now.toISOString();
  const mode = authorityMode(ctx.env);
  if (mode !== 'built-in') {
    const status = mode === 'external' ? 'Accepted' : 'Rejected';
    ctx.store.put('lastCsr', { csr: p.csr, status, receivedAt } satisfies CsrReport);
    return { status };
  }
  const outcome = await issue(ctx, p.csr);
  if (!outcome.ok) {
    ctx.store.put('lastCsr', {
      csr: p.csr,
      status: 'Rejected',
      receivedAt,
      reason: outcome.reason,
    } satisfies CsrReport);
    return { status: 'Rejected' };
  }
  const { certificate } = outcome;
  ctx.store.put('lastCsr', {
    csr: p.csr,
    status: 'Accepted',
    receivedAt,
    serial: certificate.serial,
  } satisfies CsrReport);
  const record: IssuedRecord = {
    serial: certificate.serial,
    subject: certificate.subject,
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
    keyType: certificate.keyType,
    issuedAt: receivedAt,
    certificate: certificate.certificatePem,
    status: 'Pending',
    answeredAt: null,
    error: null,
    sentAt: null,
    messageId: null,
    deliverBy: deliveryDeadline(ctx.now.getTime()),
    revokedAt: null,
    revocationReason: null,
    revokedBy: null,
  };
  addIssued(ctx.store, record);
  // The record and the alarm are stored before the Accepted goes out: an eviction from here on
  // leaves a delivery the alarm finishes, never a record Pending for ever (certificates/delivery.ts).
  await ctx.wakeAt(record.deliverBy as number);
  ctx.afterReply(() => ctx.deliverCertificate(certificate.serial));
  return { status: 'Accepted' };
};
