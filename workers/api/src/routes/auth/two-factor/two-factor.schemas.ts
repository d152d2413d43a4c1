/** @module Request and response shapes of the second factor: the e-mailed code and the authenticator (spec 7.1). */
import { z } from '@hono/zod-openapi';

export const CodeBody = z
  .strictObject({ _2fa: z.string({ error: 'codeRequired' }).trim().min(1, { error: 'codeRequired' }) })
  .openapi('TwoFactorCodeRequest');

/** The current second factor, needed to pair an authenticator again (not for the first pairing). */
export const RepairBody = z
  .strictObject({ _2fa: z.string({ error: 'codeRequired' }).trim().min(1, { error: 'codeRequired' }).optional() })
  .openapi('AuthenticatorRepairRequest');

export const PairingResponse = z
  .union([
    z.object({ paired: z.literal(true) }),
    z.object({
      paired: z.literal(false),
      /** Base32 seed, for typing into an app that cannot scan. */
      secret: z.string(),
      otpauthUri: z.string(),
      /** The otpauth URI as an SVG QR code. */
      qrSvg: z.string(),
    }),
    /** Not paired and no seed to show: pair with POST /2fa/authenticator/code/new. */
    z.object({ paired: z.literal(false) }),
  ])
  .openapi('AuthenticatorPairing');
