/**
 * @module `/ca`: the built-in certificate authority's revocation list (ADR 014 addendum 2), signed by
 * the ocpp worker (it holds the CA key) from the serials revoked through
 * `POST /stations/{uid}/certificates/{serial}/revoke`. Small: its one route is declared here.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { defineRoute, ErrorSchema, json } from '@api/lib/route';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { revokedSerials } from './ca.store';

/**
 * The Durable Object that signs CRLs: any ChargePoint can (the CA key is the ocpp worker's), this one
 * is never a charge point ('#' is not allowed in an identity) and keeps nothing.
 */
const CRL_SIGNER = '#certificate-authority';

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

export const caRoutes = new OpenAPIHono<AppEnv>().openapi(crlRoute, async (c) => {
  const revoked = await revokedSerials(c.get('db'));
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
