/**
 * @module The certificates the built-in certificate authority issued to a station (ADR 014
 * addendum), with how the charge point answered the CertificateSigned that carried each one; their
 * revocation (addendum 2). The CRL itself is `routes/ca/`.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { chargePointOf, onStation } from '@api/lib/station-scope';
import { authOf } from '@api/middleware/permission';
import { OpenAPIHono } from '@hono/zod-openapi';
import { certificatesRoute, revokeRoute } from './certificates.routes';
import { toIssuedCertificate } from './certificates.schemas';
import { listRevocation } from './certificates.store';

export const certificateRoutes = new OpenAPIHono<AppEnv>()
  .openapi(certificatesRoute, (c) =>
    onStation(c, c.req.valid('param').uid, async (s) => {
      const { authority, issued } = await chargePointOf(c, s).certificates();
      return c.json({ certificate_authority: authority, certificates: issued.map(toIssuedCertificate) }, 200);
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
      await listRevocation(
        c.get('db'),
        s,
        {
          serial: r.serial,
          subject: r.subject,
          reason: r.revocationReason ?? reason,
          revokedAt: new Date(r.revokedAt ?? Date.now()),
          revokedBy: r.revokedBy ?? user.id,
        },
        { userId: user.id, reason: r.revocationReason },
      );
      return c.json(toIssuedCertificate(r), 200);
    });
  });
