/**
 * @module The certificates the built-in certificate authority issued to a station (ADR 014
 * addendum), with how the charge point answered the CertificateSigned that carried each one; their
 * revocation, and the CA's CRL (addendum 2).
 */

import { customerServiceLogs, revokedCertificates } from '@db/schema';
import { REVOCATION_REASON_NAMES } from '@domain/certificates/crl';
import { OpenAPIHono, z } from '@hono/zod-openapi';
// Type only: the workers meet through the Durable Object binding, never through each other's code.
import type { IssuedRecord } from '@ocpp/certificates/issued';
import { asc } from 'drizzle-orm';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { defineRoute, ErrorSchema, json, jsonBody } from '../../lib/route';
import { authOf } from '../../middleware/permission';
import { ByUid } from './configuration.routes';
import { chargePointOf, onStation } from './scope';

/**
 * The Durable Object that signs CRLs: any ChargePoint can (the CA key is the ocpp worker's), this one
 * is never a charge point ('#' is not allowed in an identity) and keeps nothing.
 */
const CRL_SIGNER = '#certificate-authority';

const IssuedCertificate = z.object({
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

const BySerial = ByUid.extend({
  serial: z
    .string()
    .regex(/^(?:[0-9A-Fa-f]{2}){1,20}$/, 'A serial number in hexadecimal')
    .transform((s) => s.toUpperCase()),
});

const RevokeBody = z
  .object({
    reason: z
      .enum(REVOCATION_REASON_NAMES)
      .describe('RFC 5280 CRLReason; keyCompromise when the charge point key may be known to others'),
  })
  .strict();

function toApi(r: IssuedRecord): z.infer<typeof IssuedCertificate> {
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

const certificatesRoute = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/certificates',
  tags: ['Station commands'],
  summary: 'Certificates the built-in certificate authority issued to the station, latest first (at most 20)',
  request: { params: ByUid },
  responses: {
    200: json(
      z.object({
        certificate_authority: z
          .enum(['none', 'external', 'built-in'])
          .describe('none: SignCertificate is Rejected; external: the operator signs CSRs; built-in: the system does'),
        certificates: z.array(IssuedCertificate),
      }),
    ),
    404: json(ErrorSchema, 'Station uid: {uid} not found.'),
  },
});

const revokeRoute = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/stations/{uid}/certificates/{serial}/revoke',
  tags: ['Station commands'],
  summary:
    'Revokes a certificate the built-in CA issued to the station: listed in GET /ca/crl from now on. Final; a repeat answers the first revocation',
  request: { params: BySerial, body: jsonBody(RevokeBody) },
  responses: {
    200: json(IssuedCertificate),
    404: json(ErrorSchema, 'Station uid: {uid} not found, or no such certificate for it'),
    409: json(ErrorSchema, 'No built-in certificate authority (OCPP_CA_PRIVATE_KEY is not set)'),
  },
});

const crlRoute = defineRoute('public', {
  method: 'get',
  path: '/ca/crl',
  tags: ['Station commands'],
  summary:
    "The built-in CA's certificate revocation list (RFC 5280 v2, DER, valid 24 hours) for the TLS terminator that checks charge point client certificates. Public, like any CRL: it holds serials and dates only",
  responses: {
    200: { description: 'The CRL, DER', content: { 'application/pkix-crl': { schema: z.any() } } },
    409: json(ErrorSchema, 'No built-in certificate authority (OCPP_CA_PRIVATE_KEY is not set)'),
  },
});

export const certificateRoutes = new OpenAPIHono<AppEnv>()
  .openapi(certificatesRoute, (c) =>
    onStation(c, c.req.valid('param').uid, async (s) => {
      const { authority, issued } = await chargePointOf(c, s).certificates();
      return c.json({ certificate_authority: authority, certificates: issued.map(toApi) }, 200);
    }),
  )
  .openapi(revokeRoute, (c) => {
    const { uid, serial } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    return onStation(c, uid, async (s) => {
      const { user } = authOf(c);
      const answer = await chargePointOf(c, s).revokeCertificate({ serial, reason, userId: user.id });
      if (!answer.ok) {
        return answer.reason === 'no-authority'
          ? apiError(c, 409, 'NO_CERTIFICATE_AUTHORITY', 'noBuiltInCertificateAuthority')
          : apiError(c, 404, 'CERTIFICATE_NOT_FOUND', 'certificateNotFound', { params: { serial } });
      }
      const r = answer.record;
      const db = c.get('db');
      // Idempotent: a retry after a failure here lists it (and logs it) then.
      const listed = await db
        .insert(revokedCertificates)
        .values({
          serial: r.serial,
          companyId: s.companyId,
          stationId: s.id,
          subject: r.subject,
          reason: r.revocationReason ?? reason,
          revokedAt: new Date(r.revokedAt ?? Date.now()),
          revokedBy: r.revokedBy ?? user.id,
        })
        .onConflictDoNothing()
        .returning({ id: revokedCertificates.id });
      if (listed.length > 0) {
        await db.insert(customerServiceLogs).values({
          companyId: s.companyId,
          stationId: s.id,
          userId: user.id,
          action: 'RevokeCertificate',
          detailJson: JSON.stringify({ serial: r.serial, subject: r.subject, reason: r.revocationReason }),
          result: 'success',
        });
      }
      return c.json(toApi(r), 200);
    });
  })
  .openapi(crlRoute, async (c) => {
    const revoked = await c
      .get('db')
      .select({
        serial: revokedCertificates.serial,
        revokedAt: revokedCertificates.revokedAt,
        reason: revokedCertificates.reason,
      })
      .from(revokedCertificates)
      .orderBy(asc(revokedCertificates.id));
    const signer = c.env.CHARGE_POINTS.get(c.env.CHARGE_POINTS.idFromName(CRL_SIGNER));
    const answer = await signer.revocationList(revoked.map((r) => ({ ...r, revokedAt: r.revokedAt.toISOString() })));
    if (!answer.ok) {
      return answer.noAuthority
        ? apiError(c, 409, 'NO_CERTIFICATE_AUTHORITY', 'noBuiltInCertificateAuthority')
        : apiError(c, 500, 'INTERNAL_ERROR', 'generic');
    }
    return c.body(new Uint8Array(answer.der), 200, {
      'content-type': 'application/pkix-crl',
      'cache-control': 'public, max-age=300',
    });
  });
