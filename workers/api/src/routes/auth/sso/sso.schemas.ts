/** @module Shapes of the single sign-on login calls (ADR 048). */
import { z } from '@hono/zod-openapi';
import { SessionUser } from '../login/login.schemas';

const Email = z.email({ error: 'emailInvalid' }).max(254, { error: 'emailInvalid' });

export const SsoEmailBody = z.strictObject({ email: Email }).openapi('SsoEmailRequest');

export const SsoLookup = z
  .object({
    /** Whether the e-mail's domain logs in through an identity provider. */
    available: z.boolean(),
    /** The company whose provider it is, for the "Continue with …" button; null when not available. */
    company_name: z.string().nullable(),
  })
  .openapi('SsoLookup');

export const SsoStart = z
  .object({
    /** The identity provider's authorization URL to send the browser to. */
    redirect_to: z.string(),
  })
  .openapi('SsoStart');

export const SsoCallbackBody = z
  .strictObject({
    /** The query string the identity provider sent the browser back with (code, state, iss or error). */
    query: z.string().max(4000),
  })
  .openapi('SsoCallbackRequest');

export const SsoLoginResponse = z
  .object({
    token: z.string(),
    user: SessionUser,
    /** False only when the company lets the IdP's MFA replace our 2FA and the ID token proves MFA. */
    twoFactorRequired: z.boolean(),
  })
  .openapi('SsoLoginResponse');
