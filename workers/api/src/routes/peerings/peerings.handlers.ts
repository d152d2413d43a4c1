/**
 * @module The peerings API (issue 22 part 2, ADR 057): OCPI partners of an operator, their handshake,
 * suspension, unregistration and message log. The handshake itself is the OCPI transport's
 * (`ocpi/ocpi.connect.ts`): this router gathers the peering in the caller's scope, lets the domain say
 * whether the action applies, and hands over.
 */
import { sha256Hex } from '@domain/identity/encoding';
import { actionAllowed, type PeeringAction, versionsUrlAllowed } from '@domain/ocpi/registration';
import { newCredentialsToken } from '@domain/ocpi/transport';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { callerScope } from '../../lib/scope';
import { authOf } from '../../middleware/permission';
import { connectPeering, unregisterAtPartner } from '../../ocpi/ocpi.connect';
import { TOKEN_PREFIX_LENGTH } from '../../ocpi/ocpi.credentials';
import { sealPartnerToken } from '../../ocpi/ocpi.secret';
import { peeringById, updatePeering } from '../../ocpi/ocpi.store';
import { peeringCommandRoutes } from './peerings.commands';
import { connect, create, detail, invite, list, messages, suspend, unregister } from './peerings.routes';
import { toMessage, toPeering } from './peerings.schemas';
import { insertPeering, listPeerings, messagesOf, scopedPeering } from './peerings.store';

type Ctx = Context<AppEnv>;

const ourBaseUrl = (c: Ctx) => `${new URL(c.req.url).origin}/ocpi`;
const unknown = (c: Ctx) => apiError(c, 404, 'PEERING_NOT_FOUND', 'peeringUnknown');

/** The peering of the scope on which `action` applies, or the error answer (404 unknown, 409 wrong state). */
async function actionable(c: Ctx, id: number, action: PeeringAction) {
  const peering = await scopedPeering(c.get('db'), await callerScope(c), id);
  if (!peering) return { error: unknown(c) } as const;
  if (!actionAllowed(action, peering.state, peering.direction))
    return { error: apiError(c, 409, 'PEERING_STATE_CONFLICT', 'peeringStateConflict') } as const;
  return { peering } as const;
}

/** The peering as it is now (after an action). */
async function current(c: Ctx, id: number) {
  const row = await peeringById(c.get('db'), id);
  if (!row) return unknown(c);
  return c.json(toPeering(row), 200);
}

const reads = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const { page, items_per_page } = c.req.valid('query');
    const { rows, total } = await listPeerings(c.get('db'), await callerScope(c), page, items_per_page);
    return c.json({ data: rows.map((r) => toPeering(r.peering, r.companyName)), total, page, items_per_page }, 200);
  })
  .openapi(detail, async (c) => {
    const found = await scopedPeering(c.get('db'), await callerScope(c), c.req.valid('param').id);
    return found ? c.json(toPeering(found), 200) : unknown(c);
  })
  .openapi(messages, async (c) => {
    const db = c.get('db');
    const found = await scopedPeering(db, await callerScope(c), c.req.valid('param').id);
    if (!found) return unknown(c);
    const { page, items_per_page } = c.req.valid('query');
    const { rows, total } = await messagesOf(db, found.id, page, items_per_page);
    return c.json({ data: rows.map(toMessage), total, page, items_per_page }, 200);
  });

const writes = new OpenAPIHono<AppEnv>()
  .openapi(create, async (c) => {
    const body = c.req.valid('json');
    if (!versionsUrlAllowed(body.versions_url, c.env.APP_ENV === 'production'))
      return apiError(c, 400, 'VALIDATION_ERROR', 'peeringUrlInsecure', { field: 'versions_url' });
    const db = c.get('db');
    const { user, company } = authOf(c);
    const row = await insertPeering(db, {
      companyId: company.id,
      name: body.name,
      direction: 'outbound',
      versionsUrl: body.versions_url,
      ourBaseUrl: ourBaseUrl(c),
      createdBy: user.id,
    });
    // The token A is sealed under the peering's own context, so the row exists first.
    await updatePeering(db, row.id, {
      outgoingTokenSealed: await sealPartnerToken(c.env, row.id, body.token_a),
      outgoingTokenKind: 'A',
    });
    await connectPeering(db, c.env, row.id);
    const after = await peeringById(db, row.id);
    return c.json(toPeering(after ?? row), 201);
  })
  .openapi(invite, async (c) => {
    const db = c.get('db');
    const { user, company } = authOf(c);
    const tokenA = newCredentialsToken();
    const row = await insertPeering(db, {
      companyId: company.id,
      name: c.req.valid('json').name,
      direction: 'inbound',
      ourBaseUrl: ourBaseUrl(c),
      incomingTokenHash: await sha256Hex(tokenA),
      incomingTokenPrefix: tokenA.slice(0, TOKEN_PREFIX_LENGTH),
      incomingTokenKind: 'A',
      createdBy: user.id,
    });
    return c.json({ peering: toPeering(row), token_a: tokenA, versions_url: `${row.ourBaseUrl}/versions` }, 201);
  })
  .openapi(connect, async (c) => {
    const { peering, error } = await actionable(c, c.req.valid('param').id, 'connect');
    if (error) return error;
    const db = c.get('db');
    // A suspended peering had registered: resuming needs no new handshake.
    if (peering.state === 'suspended') await updatePeering(db, peering.id, { state: 'registered' });
    else await connectPeering(db, c.env, peering.id);
    return current(c, peering.id);
  })
  .openapi(suspend, async (c) => {
    const { peering, error } = await actionable(c, c.req.valid('param').id, 'suspend');
    if (error) return error;
    await updatePeering(c.get('db'), peering.id, { state: 'suspended' });
    return current(c, peering.id);
  })
  .openapi(unregister, async (c) => {
    const { peering, error } = await actionable(c, c.req.valid('param').id, 'unregister');
    if (error) return error;
    const db = c.get('db');
    const refusal = await unregisterAtPartner(db, c.env, peering);
    await updatePeering(db, peering.id, {
      state: 'unregistered',
      incomingTokenHash: null,
      outgoingTokenSealed: null,
      lastError: refusal,
    });
    return current(c, peering.id);
  });

export const peeringRoutes = new OpenAPIHono<AppEnv>()
  .route('/', reads)
  .route('/', writes)
  .route('/', peeringCommandRoutes);
