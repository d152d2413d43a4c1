/**
 * @module The connector session lists: the network's sessions and one connector's, in a network variant
 * the caller's company may see (403 otherwise); one connector outside the caller's tree is not found.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { answerList, queryOf } from '@api/routes/sessions/list/list.handlers';
import { networkVariantsFor, pickVariant } from '@domain/sessions/variants';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { connectorNotFound } from '../detail/detail.handlers';
import { scopedConnectorPlace } from '../detail/detail.store';
import { connectorSessions, networkSessions } from './sessions.routes';

/** The network variants the caller's company may see, and the one asked for among them (null: refused). */
function networkVariant(c: Context<AppEnv>, asked: Parameters<typeof pickVariant>[0]) {
  const allowed = networkVariantsFor(authOf(c).access.company);
  return { allowed, variant: pickVariant(asked, allowed) };
}

export const connectorSessionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(networkSessions, async (c) => {
    const filters = c.req.valid('json');
    const { allowed, variant } = networkVariant(c, filters.variant);
    if (!variant) return apiError(c, 403, 'VARIANT_FORBIDDEN', 'forbidden');
    return answerList(c, filters, queryOf(filters, variant), allowed, { companies: await callerScope(c) });
  })
  .openapi(connectorSessions, async (c) => {
    const { id } = c.req.valid('param');
    const filters = c.req.valid('json');
    const { allowed, variant } = networkVariant(c, filters.variant);
    if (!variant) return apiError(c, 403, 'VARIANT_FORBIDDEN', 'forbidden');
    const companies = await callerScope(c);
    if (!(await scopedConnectorPlace(c.get('db'), companies, id))) return connectorNotFound(c, id);
    return answerList(c, filters, queryOf(filters, variant, { connector_id: id }), allowed, { companies });
  });
