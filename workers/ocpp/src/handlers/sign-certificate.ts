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
import { AuthorityError, type CertificateAuthority, loadAuthority } from '../../../../domain/certificates/authority';
import {
  type IssuedCertificate,
  issueChargePointCertificate,
  validityDays,
} from '../../../../domain/certificates/issue';
import type { Handler, HandlerContext } from '../context';
import type { Store } from '../storage/store';
import { type CommandResult, DEFAULT_COMMAND_TIMEOUT_MS } from '../transport/outbound';

export type CertificateAuthorityMode = 'none' | 'external' | 'built-in';

export type CsrReport = {
  csr: string;
  status: string;
  receivedAt: string;
  /** Why the built-in CA refused it. */
  reason?: string | null;
  /** The serial of the certificate the built-in CA issued for it. */
  serial?: string | null;
};

/** How the charge point answered the CertificateSigned that carried the certificate. */
export type DeliveryStatus = 'Pending' | 'Accepted' | 'Rejected' | 'Timeout' | 'Offline' | 'Error';

export interface IssuedRecord {
  serial: string;
  subject: string;
  notBefore: string;
  notAfter: string;
  keyType: string;
  issuedAt: string;
  /** The leaf certificate (PEM): public, shown to the operator. */
  certificate: string;
  status: DeliveryStatus;
  answeredAt: string | null;
  /** The CALLERROR of the charge point, when it sent one. */
  error: string | null;
}

/** Issued certificates kept per charge point (latest first). */
export const MAX_ISSUED = 20;
const ISSUED_KEY = 'issuedCertificates';

export function authorityMode(env: Env): CertificateAuthorityMode {
  if (!env.OCPP_CA_CERTIFICATE_CHAIN?.trim()) return 'none';
  return env.OCPP_CA_PRIVATE_KEY?.trim() ? 'built-in' : 'external';
}

/** The CA is read and checked once per isolate (and again only if the configuration changes). */
let loaded: { chain: string; key: string; authority: Promise<CertificateAuthority> } | null = null;
function authority(chain: string, key: string): Promise<CertificateAuthority> {
  if (loaded?.chain !== chain || loaded.key !== key) loaded = { chain, key, authority: loadAuthority(chain, key) };
  return loaded.authority;
}

export function issuedCertificates(store: Store): IssuedRecord[] {
  return store.get<IssuedRecord[]>(ISSUED_KEY) ?? [];
}

function updateIssued(store: Store, serial: string, change: Partial<IssuedRecord>): void {
  store.put(
    ISSUED_KEY,
    issuedCertificates(store).map((r) => (r.serial === serial ? { ...r, ...change } : r)),
  );
}

export function deliveryStatus(result: CommandResult): { status: DeliveryStatus; error: string | null } {
  switch (result.status) {
    case 'accepted':
      return {
        status: (result.reply as { status?: string }).status === 'Accepted' ? 'Accepted' : 'Rejected',
        error: null,
      };
    case 'rejected':
      return { status: 'Error', error: `${result.code}: ${result.description}` };
    case 'timeout':
      return { status: 'Timeout', error: null };
    case 'offline':
      return { status: 'Offline', error: null };
  }
}

async function issue(ctx: HandlerContext, csr: string, chain: string, key: string) {
  try {
    return await issueChargePointCertificate(await authority(chain, key), csr, {
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

function deliver(ctx: HandlerContext, certificate: IssuedCertificate): void {
  ctx.afterReply(async () => {
    const result = await ctx.sendCommand(
      'CertificateSigned',
      { certificateChain: certificate.certificateChain },
      DEFAULT_COMMAND_TIMEOUT_MS,
    );
    updateIssued(ctx.store, certificate.serial, { ...deliveryStatus(result), answeredAt: new Date().toISOString() });
  });
}

export const signCertificate: Handler<'SignCertificate'> = async (ctx, p) => {
  const receivedAt = ctx.now.toISOString();
  const mode = authorityMode(ctx.env);
  if (mode !== 'built-in') {
    const status = mode === 'external' ? 'Accepted' : 'Rejected';
    ctx.store.put('lastCsr', { csr: p.csr, status, receivedAt } satisfies CsrReport);
    return { status };
  }
  const chain = ctx.env.OCPP_CA_CERTIFICATE_CHAIN?.trim() ?? '';
  const key = ctx.env.OCPP_CA_PRIVATE_KEY?.trim() ?? '';
  const outcome = await issue(ctx, p.csr, chain, key);
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
  };
  ctx.store.put(ISSUED_KEY, [record, ...issuedCertificates(ctx.store)].slice(0, MAX_ISSUED));
  deliver(ctx, certificate);
  return { status: 'Accepted' };
};
