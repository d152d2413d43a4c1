/** @module Shapes of a company's single sign-on configuration (ADR 048); the client secret is write-only. */
import { SSO_MAX_DOMAINS } from '@domain/identity/sso';
import { z } from '@hono/zod-openapi';

export const SsoConfigBody = z
  .strictObject({
    issuer: z.url({ error: 'ssoIssuerInvalid' }).max(500, { error: 'ssoIssuerInvalid' }),
    client_id: z.string().trim().min(1).max(255),
    /** Write-only: absent keeps the stored secret; required the first time. */
    client_secret: z.string().min(1).max(2000).optional(),
    domains: z
      .array(z.string().max(253, { error: 'ssoDomainInvalid' }))
      .min(1, { error: 'ssoDomainInvalid' })
      .max(SSO_MAX_DOMAINS, { error: 'ssoDomainInvalid' }),
    /** Roles given to people provisioned at their first SSO login; only roles the caller may grant. */
    default_roles: z.array(z.number().int().positive()).max(30),
    /** A corporate group of this company, or null. */
    default_corporate_group_id: z.number().int().positive().nullable(),
    /** The IdP's MFA replaces our 2FA when the ID token proves it (amr `mfa` or the PAPE multi-factor acr). */
    idp_mfa_replaces_2fa: z.boolean(),
    enabled: z.boolean(),
  })
  .openapi('SsoConfigRequest');

export const SsoConfigView = z
  .object({
    company_id: z.number(),
    /** False until a configuration is saved; the other fields are then empty. */
    configured: z.boolean(),
    issuer: z.string(),
    client_id: z.string(),
    /** Whether a client secret is stored; the secret itself is never returned. */
    client_secret_set: z.boolean(),
    domains: z.array(z.string()),
    default_roles: z.array(z.number()),
    default_corporate_group_id: z.number().nullable(),
    idp_mfa_replaces_2fa: z.boolean(),
    enabled: z.boolean(),
    /** The address to register at the identity provider as redirect URI. */
    redirect_uri: z.string(),
    /** What the screen may offer: the roles the caller may grant, the company's corporate groups. */
    role_options: z.array(z.object({ id: z.number(), key: z.string() })),
    group_options: z.array(z.object({ id: z.number(), name: z.string() })),
  })
  .openapi('SsoConfig');

export const SsoTestBody = z.strictObject({
  issuer: z.url({ error: 'ssoIssuerInvalid' }).max(500, { error: 'ssoIssuerInvalid' }),
});

export const SsoTestResult = z
  .object({
    ok: z.boolean(),
    issuer: z.string().optional(),
    authorization_endpoint: z.string().optional(),
    token_endpoint: z.string().optional(),
    jwks_uri: z.string().optional(),
    /** Why the discovery document could not be used, when `ok` is false. */
    error: z.string().optional(),
  })
  .openapi('SsoTestResult');
