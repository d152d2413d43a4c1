/**
 * @module Request and response shapes of the login, 2FA and password-reset calls (spec 7.1).
 * Failures that have their own text in the error catalogue name it by message key
 * (see lib/keyed-validation.ts).
 */
export { jsonBody } from '../../lib/route';

import { z } from '@hono/zod-openapi';

export const LoginBody = z
  .strictObject({
    email: z.email({ error: 'emailInvalid' }).max(254, { error: 'emailInvalid' }),
    password: z.string().min(1),
    /** White-label flag of the client; it changes titles only, never the login itself. */
    isMobilize: z.boolean().optional(),
  })
  .openapi('LoginRequest');

export const SessionUser = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  language: z.string(),
  /** 4: authenticator app, the client goes to /2fa-qr; anything else: e-mailed code, /2fa. */
  token_2fa_method_id: z.number(),
});

export const LoginResponse = z
  .object({
    /** HS256 JWT naming the same session as the `sid` cookie, for `Authorization: Bearer`. */
    token: z.string(),
    user: SessionUser,
    /** Always true: every session passes a second factor before it can do anything else. */
    twoFactorRequired: z.literal(true),
  })
  .openapi('LoginResponse');

export const CodeBody = z
  .strictObject({ _2fa: z.string({ error: 'codeRequired' }).trim().min(1, { error: 'codeRequired' }) })
  .openapi('TwoFactorCodeRequest');

/** The current second factor, needed to pair an authenticator again (not for the first pairing). */
export const RepairBody = z
  .strictObject({ _2fa: z.string({ error: 'codeRequired' }).trim().min(1, { error: 'codeRequired' }).optional() })
  .openapi('AuthenticatorRepairRequest');

export const MessageOk = z.object({ message: z.literal('OK') }).openapi('MessageOk');
export const ResultOk = z.object({ result: z.literal('OK') }).openapi('ResultOk');

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

export const ResetRequestBody = z
  .strictObject({
    /** Accepted for client compatibility; when given it must be the account's id or nothing is sent. */
    userId: z.number().int().positive().nullish(),
    email: z.email({ error: 'emailInvalid' }).max(254, { error: 'emailInvalid' }),
    isMobilize: z.boolean().optional(),
  })
  .openapi('PasswordResetRequest');

export const ResetConfirmBody = z
  .strictObject({
    token: z.string({ error: 'resetLinkInvalid' }).min(1, { error: 'resetLinkInvalid' }),
    password: z.string().min(8, { error: 'passwordTooShort' }),
    passwordConfirmation: z.string(),
  })
  .openapi('PasswordResetConfirm');
