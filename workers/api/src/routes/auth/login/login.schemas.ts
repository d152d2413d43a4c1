/** @module Request and response shapes of POST /login (spec 7.1). */
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

/** The answer's user, from the stored row. */
export const toSessionUser = (user: {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  language: string;
  token2faMethodId: number;
}) => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  language: user.language,
  token_2fa_method_id: user.token2faMethodId,
});
