/**
 * @module Home-reimbursement settings handlers: gather the company (in scope) and its service settings,
 * let `judgeSettings` decide, write the row, the company's kWh cost limit and the audit row in one batch.
 */

import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { authOf } from '@api/middleware/permission';
import { judgeSettings } from '@domain/reimbursement/settings-input';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { read, write } from './settings.routes';
import { toSettings } from './settings.schemas';
import { settingsFacts, writeSettings } from './settings.store';

type Ctx = Context<AppEnv>;

const companyNotFound = (c: Ctx, id: number) => apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id } });

export const settingsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(read, async (c) => {
    const id = c.req.valid('query').companyId ?? authOf(c).company.id;
    const facts = await settingsFacts(c.get('db'), authOf(c).scope, id);
    if (!facts) return companyNotFound(c, id);
    return c.json(toSettings(facts), 200);
  })
  .openapi(
    write,
    async (c) => {
      const { companyId } = c.req.valid('param');
      const db = c.get('db');
      const facts = await settingsFacts(db, authOf(c).scope, companyId);
      if (!facts) return companyNotFound(c, companyId);
      const verdict = judgeSettings(c.req.valid('json'), facts.services);
      if (!verdict.ok)
        return apiError(c, 400, 'VALIDATION_FAILED', verdict.key, { field: verdict.field, params: verdict.params });
      const audit = callerAudit(c, {
        action: 'company.settings.home_reimbursement',
        entity: 'company',
        entityId: companyId,
        detail: verdict.values as unknown as Record<string, unknown>,
      });
      await writeSettings(db, companyId, verdict.values, authOf(c).user.id, { ...audit, companyId });
      const after = await settingsFacts(db, authOf(c).scope, companyId);
      if (!after) throw new Error(`company ${companyId} vanished after its settings update`);
      return c.json(toSettings(after), 200);
    },
    keyedValidation,
  );
