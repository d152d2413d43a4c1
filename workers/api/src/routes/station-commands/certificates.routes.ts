/**
 * @module The certificates the built-in certificate authority issued to a station (ADR 014
 * addendum), with how the charge point answered the CertificateSigned that carried each one.
 */
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { defineRoute, ErrorSchema, json } from '../../lib/route';
import { ByUid } from './configuration.routes';
import { chargePointOf, onStation } from './scope';

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
});

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

export const certificateRoutes = new OpenAPIHono<AppEnv>().openapi(certificatesRoute, (c) =>
  onStation(c, c.req.valid('param').uid, async (s) => {
    const { authority, issued } = await chargePointOf(c, s).certificates();
    const certificates = issued.map((r) => ({
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
    }));
    return c.json({ certificate_authority: authority, certificates }, 200);
  }),
);
