/** @module Request and response shapes of the password reset (spec 7.1). */
import { z } from '@hono/zod-openapi';

export const ResultOk = z.object({ result: z.literal('OK') }).openapi('ResultOk');

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
