/**
 * @module A company's SSO configuration (ADR 048): validate (issuer acceptable, domains well formed and
 * not another company's, default roles the caller may grant, corporate group of that company), seal
 * the client secret, write with the audit row. The secret never leaves the server again.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { requestLanguage } from '@api/lib/language';
import { clientIp } from '@api/lib/session-cookie';
import { sealClientSecret } from '@api/lib/sso-secret';
import { authOf } from '@api/middleware/permission';
import { callbackUrl, discover, issuerAcceptable, SsoError } from '@api/routes/auth/sso/sso.oidc';
import { checkRoles } from '@api/routes/users/account/account.checks';
import { normalizeDomain } from '@domain/identity/sso';
import { ROLE_IDS, ROLE_KEYS } from '@domain/permissions/roles';
import { OpenAPIHono } from '@hono/zod-openapi';
import { translate } from '@i18n/messages';
import type { Context } from 'hono';
import { scopedCompany } from '../company-settings.store';
import { putSso, readSso, testSso } from './sso-config.routes';
import {
  corporateGroupIn,
  corporateGroupsOf,
  domainTakenElsewhere,
  ssoConfigOf,
  writeSsoConfig,
} from './sso-config.store';

type Ctx = Context<AppEnv>;

async function view(c: Ctx, companyId: number) {
  const found = await ssoConfigOf(c.get('db'), companyId);
  const base = {
    redirect_uri: callbackUrl(c.req.url),
    role_options: ROLE_IDS.filter((id) => checkRoles(c, [id]) === null).map((id) => ({ id, key: ROLE_KEYS[id] })),
    group_options: await corporateGroupsOf(c.get('db'), companyId),
  };
  if (!found) {
    return {
      ...base,
      company_id: companyId,
      configured: false,
      issuer: '',
      client_id: '',
      client_secret_set: false,
      domains: [],
      default_roles: [],
      default_corporate_group_id: null,
      idp_mfa_replaces_2fa: false,
      enabled: false,
    };
  }
  const { config, domains } = found;
  return {
    ...base,
    company_id: companyId,
    configured: true,
    issuer: config.issuer,
    client_id: config.clientId,
    client_secret_set: config.clientSecretSealed.length > 0,
    domains,
    default_roles: JSON.parse(config.defaultRolesJson) as number[],
    default_corporate_group_id: config.defaultCorporateGroupId,
    idp_mfa_replaces_2fa: config.idpMfaReplaces2fa,
    enabled: config.enabled,
  };
}

const notFound = (c: Ctx, id: number) => apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id } });
const invalid = (c: Ctx, key: 'ssoDomainInvalid' | 'ssoIssuerInvalid' | 'ssoSecretRequired', field: string) =>
  apiError(c, 400, 'VALIDATION_FAILED', key, { field });

export const ssoConfigRoutes = new OpenAPIHono<AppEnv>()
  .openapi(readSso, async (c) => {
    const { companyId } = c.req.valid('param');
    if (!(await scopedCompany(c.get('db'), authOf(c).scope, companyId))) return notFound(c, companyId);
    return c.json(await view(c, companyId), 200);
  })
  .openapi(
    putSso,
    async (c) => {
      const { companyId } = c.req.valid('param');
      const body = c.req.valid('json');
      const db = c.get('db');
      const auth = authOf(c);
      if (!(await scopedCompany(db, auth.scope, companyId))) return notFound(c, companyId);
      const issuer = body.issuer.trim();
      if (!issuerAcceptable(issuer, c.env)) return invalid(c, 'ssoIssuerInvalid', 'issuer');
      const domains = body.domains.map(normalizeDomain);
      if (domains.some((d) => d === null)) return invalid(c, 'ssoDomainInvalid', 'domains');
      const unique = [...new Set(domains as string[])].sort();
      const taken = await domainTakenElsewhere(db, companyId, unique);
      if (taken)
        return apiError(c, 409, 'SSO_DOMAIN_TAKEN', 'ssoDomainTaken', { field: 'domains', params: { domain: taken } });
      const roles = [...new Set(body.default_roles)].sort((a, b) => a - b);
      const denied = checkRoles(c, roles);
      if (denied) return denied;
      const group = body.default_corporate_group_id;
      if (group !== null && !(await corporateGroupIn(db, companyId, group)))
        return apiError(c, 404, 'NOT_FOUND', 'corporateGroupNotFound', {
          field: 'default_corporate_group_id',
          params: { id: group },
        });
      const existing = await ssoConfigOf(db, companyId);
      if (!existing && !body.client_secret) return invalid(c, 'ssoSecretRequired', 'client_secret');
      const sealed = body.client_secret
        ? await sealClientSecret(c.env, companyId, body.client_secret)
        : (existing?.config.clientSecretSealed ?? '');
      try {
        await writeSsoConfig(
          db,
          {
            companyId,
            issuer,
            clientId: body.client_id,
            clientSecretSealed: sealed,
            defaultRolesJson: JSON.stringify(roles),
            defaultCorporateGroupId: group,
            idpMfaReplaces2fa: body.idp_mfa_replaces_2fa,
            enabled: body.enabled,
            updatedAt: new Date(),
            updatedBy: auth.user.id,
          },
          unique,
          {
            action: 'company.sso.update',
            actorUserId: auth.user.id,
            companyId,
            entity: 'company',
            entityId: companyId,
            // Never the secret: only whether it changed.
            detail: { issuer, domains: unique, enabled: body.enabled, secretChanged: body.client_secret !== undefined },
            ip: clientIp(c),
          },
        );
      } catch (error) {
        // Another company claimed a domain between the check and the write (primary key).
        if (String(error).includes('UNIQUE') || String(error).includes('PRIMARY KEY'))
          return apiError(c, 409, 'SSO_DOMAIN_TAKEN', 'ssoDomainTaken', {
            field: 'domains',
            params: { domain: unique.join(', ') },
          });
        throw error;
      }
      return c.json(await view(c, companyId), 200);
    },
    keyedValidation,
  )
  .openapi(
    testSso,
    async (c) => {
      const { companyId } = c.req.valid('param');
      const { issuer } = c.req.valid('json');
      if (!(await scopedCompany(c.get('db'), authOf(c).scope, companyId))) return notFound(c, companyId);
      if (!issuerAcceptable(issuer, c.env))
        return c.json({ ok: false, error: translate(requestLanguage(c), 'ssoIssuerInvalid') }, 200);
      try {
        const as = await discover(issuer, c.env);
        return c.json(
          {
            ok: true,
            issuer: as.issuer,
            authorization_endpoint: as.authorization_endpoint,
            token_endpoint: as.token_endpoint,
            jwks_uri: as.jwks_uri,
          },
          200,
        );
      } catch (error) {
        const reason = error instanceof SsoError ? error.message : String(error);
        return c.json({ ok: false, error: `${translate(requestLanguage(c), 'ssoProviderError')} (${reason})` }, 200);
      }
    },
    keyedValidation,
  );
