/**
 * @module The API keys API (issue 20 part 6, ADR 047): input → domain + store → response. The secret
 * is made here, answered once, and only its SHA-256 reaches the store; every change is audited.
 */
import { displayPrefixOf, grantableToKey, newApiKeySecret, permissionListProblem } from '@domain/api-keys/api-keys';
import { sha256Hex } from '@domain/identity/encoding';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { callerAudit } from '../../lib/caller-audit';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { authOf } from '../../middleware/permission';
import { create, grantable, list, revoke, rotate } from './api-keys.routes';
import { toApiKey } from './api-keys.schemas';
import { changeLiveKey, insertKey, listKeys, scopedKey } from './api-keys.store';

type Ctx = Context<AppEnv>;

const notFound = (c: Ctx) => apiError(c, 404, 'API_KEY_NOT_FOUND', 'apiKeyNotFound');
const revoked = (c: Ctx) => apiError(c, 409, 'API_KEY_REVOKED', 'apiKeyRevoked');
const invalid = (c: Ctx, field: string, key: Parameters<typeof apiError>[3], params = {}) =>
  apiError(c, 400, 'VALIDATION_FAILED', key, { field, params });

/** The key as the list shows it, read back after a change. */
async function answerKey(c: Ctx, id: number) {
  const row = await scopedKey(c.get('db'), authOf(c).scope, id);
  if (!row) throw new Error(`API key ${id} vanished after a change`);
  return toApiKey(row);
}

export const apiKeyRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const { page, items_per_page } = c.req.valid('query');
    const { rows, total } = await listKeys(c.get('db'), authOf(c).scope, page, items_per_page);
    return c.json({ data: rows.map(toApiKey), total, page, items_per_page }, 200);
  })
  .openapi(grantable, (c) => c.json({ data: grantableToKey(authOf(c).access) }, 200))
  .openapi(
    create,
    async (c) => {
      const body = c.req.valid('json');
      const auth = authOf(c);
      const companyId = body.company_id ?? auth.company.id;
      if (!auth.scope.includes(companyId)) return invalid(c, 'company_id', 'apiKeyCompanyOutOfScope');
      const permissions = body.scope === 'permissions' ? [...new Set(body.permissions ?? [])] : null;
      if (permissions?.length === 0) return invalid(c, 'permissions', 'apiKeyPermissionsRequired');
      const problem = permissions ? permissionListProblem(permissions, auth.access) : null;
      if (problem) {
        const key = problem.kind === 'unknown' ? 'apiKeyPermissionUnknown' : 'apiKeyPermissionNotHeld';
        return invalid(c, 'permissions', key, { permission: problem.permission });
      }
      const secret = newApiKeySecret();
      const id = await insertKey(
        c.get('db'),
        {
          companyId,
          name: body.name,
          scope: body.scope,
          permissionsJson: permissions ? JSON.stringify(permissions) : null,
          rolesJson: JSON.stringify(auth.access.roles),
          secretHash: await sha256Hex(secret),
          displayPrefix: displayPrefixOf(secret),
          createdBy: auth.user.id,
        },
        callerAudit(c, {
          action: 'api_key.created',
          entity: 'api_key',
          detail: { name: body.name, company_id: companyId, scope: body.scope, permissions },
        }),
      );
      return c.json({ key: await answerKey(c, id), secret }, 201);
    },
    keyedValidation,
  )
  .openapi(rotate, async (c) => {
    const { id } = c.req.valid('param');
    const scope = authOf(c).scope;
    const found = await scopedKey(c.get('db'), scope, id);
    if (!found) return notFound(c);
    if (found.key.revokedAt) return revoked(c);
    const secret = newApiKeySecret();
    const changed = await changeLiveKey(
      c.get('db'),
      scope,
      id,
      { secretHash: await sha256Hex(secret), displayPrefix: displayPrefixOf(secret), rotatedAt: new Date() },
      callerAudit(c, { action: 'api_key.rotated', entity: 'api_key', entityId: id }),
    );
    if (!changed) return revoked(c);
    return c.json({ key: await answerKey(c, id), secret }, 200);
  })
  .openapi(revoke, async (c) => {
    const { id } = c.req.valid('param');
    const auth = authOf(c);
    const found = await scopedKey(c.get('db'), auth.scope, id);
    if (!found) return notFound(c);
    if (found.key.revokedAt) return revoked(c);
    const changed = await changeLiveKey(
      c.get('db'),
      auth.scope,
      id,
      { revokedAt: new Date(), revokedBy: auth.user.id },
      callerAudit(c, { action: 'api_key.revoked', entity: 'api_key', entityId: id }),
    );
    if (!changed) return revoked(c);
    return c.json(await answerKey(c, id), 200);
  });
