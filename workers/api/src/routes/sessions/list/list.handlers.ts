/**
 * @module The session lists (spec 7.15): the fleet's drivers at work, roaming and home stations, and
 * the sessions in progress. `answerList` is the one list answer (a page with sums, or the streamed
 * export) that the connector and customer group session lists share.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { hidesSessionEmail } from '@domain/fleet/private-sessions';
import { can } from '@domain/permissions/permissions';
import { columnsOf, FLEET_VARIANTS, pickVariant, type SessionVariant, visibleRows } from '@domain/sessions/variants';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Scope, SessionQuery } from '../sessions.store';
import { answerExport, answerPdf } from './list.export';
import { active, fleetActive, fleetHome, fleetRoaming, fleetWork } from './list.routes';
import type { SessionFiltersInput } from './list.schemas';
import { listPageWithSums, privateUserSessionIds } from './list.store';

export function queryOf(
  f: SessionFiltersInput,
  variant: SessionVariant,
  extra: Partial<SessionQuery> = {},
): SessionQuery {
  return {
    variant,
    from: f.from,
    to: f.to,
    station_id: f.station_id,
    group_id: f.group_id,
    user_id: f.user_id,
    corporate_group_id: f.corporate_group_id,
    status: f.status,
    needs_revision: f.needs_revision,
    keyword: f.keyword,
    sort: f.sort,
    direction: f.direction,
    ...extra,
  };
}

/** Answers one list call in `scope` (the variant was checked against the caller by the route). */
export async function answerList(
  c: Context<AppEnv>,
  filters: SessionFiltersInput,
  q: SessionQuery,
  variants: readonly SessionVariant[],
  scope: Scope,
) {
  // A demo-mode company: the export builders mask; the JSON list is masked once, at the edge (ADR 049).
  if (authOf(c).company.demoMode) filters = { ...filters, demo: filters.format !== 'json' };
  const currency = authOf(c).company.currency ?? 'EUR';
  const cols = columnsOf(q.variant, can(authOf(c).access, 'fleet:users:export'));
  if (filters.format === 'pdf') return answerPdf(c, filters, q, scope, cols);
  if (filters.format === 'xlsx' || filters.format === 'csv') return answerExport(c, filters, q, scope, cols);
  const { data, ...sums } = await listPageWithSums(
    c.env.DB,
    scope,
    q,
    filters.page,
    filters.items_per_page,
    filters.demo,
  );
  return c.json(
    {
      variant: q.variant,
      variants: [...variants],
      columns: cols.map((col) => ({
        key: col.key,
        kind: col.kind,
        sum: Boolean(col.sum),
        party: col.party ?? null,
      })),
      data: visibleRows(q.variant, cols, data),
      total: sums.total,
      page: filters.page,
      items_per_page: filters.items_per_page,
      sums: sums.sums,
      unpriced: sums.unpriced,
      currency,
    },
    200,
  );
}

async function scopeOf(c: Context<AppEnv>): Promise<Scope> {
  return { companies: await callerScope(c) };
}

function fleetHandler(place: 'work' | 'roaming' | 'home') {
  return async (c: Context<AppEnv>, filters: SessionFiltersInput) => {
    const variant = pickVariant(filters.variant, FLEET_VARIANTS);
    if (!variant) return apiError(c, 403, 'VARIANT_FORBIDDEN', 'forbidden');
    return answerList(c, filters, queryOf(filters, variant, { place }), FLEET_VARIANTS, await scopeOf(c));
  };
}
const work = fleetHandler('work');
const roaming = fleetHandler('roaming');
const home = fleetHandler('home');

const ACTIVE_FIELDS = [
  'id',
  'cdr_start',
  'station_name',
  'station_city',
  'connector_evse_id',
  'cdr_auth_id',
  'user_email',
  'start_method',
];

async function activeAnswer(c: Context<AppEnv>, scope: Scope, ...queries: SessionQuery[]) {
  const answers = await Promise.all(queries.map((q) => listPageWithSums(c.env.DB, scope, q, 0, 100, false)));
  const rows = answers.flatMap((a) => a.data);
  // GDPR (setting 56): a private user's e-mail on a session in progress only when the setting shows it.
  const hidden = hidesSessionEmail(authOf(c).access.services, 'in_progress')
    ? await privateUserSessionIds(
        c.env.DB,
        rows.map((r) => Number(r.id)),
      )
    : new Set<number>();
  const data = rows.map((r) =>
    Object.fromEntries(
      ACTIVE_FIELDS.map((k) => [k, k === 'user_email' && hidden.has(Number(r.id)) ? null : (r[k] ?? null)]),
    ),
  );
  return c.json({ data, total: answers.reduce((n, a) => n + a.total, 0) }, 200);
}

export const sessionListRoutes = new OpenAPIHono<AppEnv>()
  .openapi(fleetWork, async (c) => work(c, c.req.valid('json')))
  .openapi(fleetRoaming, async (c) => roaming(c, c.req.valid('json')))
  .openapi(fleetHome, async (c) => home(c, c.req.valid('json')))
  .openapi(fleetActive, async (c) => {
    const scope = await scopeOf(c);
    const q = queryOf({ direction: 'desc', status: 'in_progress' } as SessionFiltersInput, 'fleet_mps');
    return activeAnswer(c, scope, { ...q, variant: 'fleet' }, { ...q, variant: 'fleet_mps' });
  })
  .openapi(active, async (c) => {
    const scope = await scopeOf(c);
    const q = queryOf({ direction: 'desc', status: 'in_progress' } as SessionFiltersInput, 'multiflow');
    return activeAnswer(c, scope, q);
  });
