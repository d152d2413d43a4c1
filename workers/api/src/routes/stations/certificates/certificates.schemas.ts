/** @module Schemas of the certificates the built-in CA issued to a station, and their revocation (ADR 014 addenda). */

import { REVOCATION_REASON_NAMES } from '@domain/certificates/crl';
import { z } from '@hono/zod-openapi';
// Type only: the workers meet through the Durable Object binding, never through each other's code.
import type { IssuedRecord } from '@ocpp/certificates/issued';
import { ByUid } from '../stations.schemas';

export const IssuedCertificate = z.object({
  serial: z.string().describe('Serial number, hexadecimal'),
  subject: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  key_type: z.string().describe('e.g. "EC P-256", "RSA 2048"'),
  issued_at: z.string(),
  status: z
    .enum(['Pending', 'Accepted', 'Rejected', 'Timeout', 'Offline', 'Error'])
    .describe("The charge point's answer to CertificateSigned"),
  answered_at: z.string().nullable(),
  error: z.string().nullable(),
  certificate: z.string().describe('The issued certificate, PEM'),
  revoked_at: z.string().nullable(),
  revocation_reason: z.enum(REVOCATION_REASON_NAMES).nullable().describe('RFC 5280 CRLReason'),
  revoked_by: z.number().int().nullable().describe('The user who revoked it'),
});

export const StationCertificates = z.object({
  certificate_authority: z
    .enum(['none', 'external', 'built-in'])
    .describe('none: SignCertificate is Rejected; external: the operator signs CSRs; built-in: the system does'),
  certificates: z.array(IssuedCertificate),
});

export const BySerial = ByUid.extend({
  serial: z
    .string()
    .regex(/^(?:[0-9A-Fa-f]{2}){1,20}$/, 'A serial number in hexadecimal')
    .transform((s) => s.toUpperCase()),
});

export const RevokeBody = z
  .object({
    reason: z
      .enum(REVOCATION_REASON_NAMES)
      .describe('RFC 5280 CRLReason; keyCompromise when the charge point key may be known to others'),
  })
  .strict();

export function toIssuedCertificate(r: IssuedRecord): z.infer<typeof IssuedCertificate> {
  return {
    serial: r.serial,
    subject: r.subject,
    not_before: r.notBefore,
    not_after: r.notAfter,
    key_type: r.keyType,
    issued_at: r.issuedAt,
    status: r.status,
    answered_at: r.answeredAt,
    error: r.error,
    certificate: r.certificate,
    revoked_at: r.revokedAt ?? null,
    revocation_reason: r.revocationReason ?? null,
    revoked_by: r.revokedBy ?? null,
  };
}
