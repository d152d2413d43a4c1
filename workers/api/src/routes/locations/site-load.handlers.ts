/**
 * @module A location's site load limit (ADR 059): read with the live shares from the site's SiteLoad
 * object (in the ocpp worker), written after the domain's checks and answered once stored; the site
 * shares it anew after the answer (waitUntil), however long its stations take to answer.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { type RuleProblem, rulesFailed } from '@api/lib/rule-problems';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { toConfig } from '@db/queries/site-load.store';
import {
  DEFAULT_LOAD_CONFIG,
  limitAmpsAt,
  loadConfigProblems,
  type SiteLoadConfig,
  siteObjectName,
} from '@domain/load/site-limit';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { MessageKey } from '@i18n/messages';
import type { Context } from 'hono';
import { findLocation } from './locations.store';
import { readLoad, writeLoad } from './site-load.routes';
import { loadLimitOf, saveLoadLimit } from './site-load.store';

const notFound = (c: Context, uid: string) =>
  apiError(c, 404, 'LOCATION_NOT_FOUND', 'locationNotFound', { params: { uid } });

const RULE_KEYS: Record<string, MessageKey> = {
  time: 'loadScheduleTime',
  duplicate: 'loadScheduleDuplicate',
  belowMinimum: 'loadLimitBelowMinimum',
};

/**
 * The sessions sharing the limit, from the site's object; null when it cannot be asked (never fails the
 * request). `refresh`: the site shares its new limit after the answer (waitUntil), as long as its
 * stations take to answer; the sessions answered are the ones it knows now.
 */
async function live(c: Context<AppEnv>, locationId: number, refresh: boolean) {
  const ns = (c.env as Partial<Env>).SITE_LOADS;
  if (!ns) return null;
  const stub = ns.get(ns.idFromName(siteObjectName(locationId)));
  try {
    if (refresh) {
      const shared = stub.refresh(locationId).then(
        () => undefined,
        (e: unknown) => console.warn(`[load] location ${locationId}: not shared anew: ${String(e)}`),
      );
      c.executionCtx.waitUntil(shared);
    }
    return (await stub.allocation()).sessions;
  } catch (e) {
    console.warn(`[load] location ${locationId}: site object not reached: ${String(e)}`);
    return null;
  }
}

async function answer(
  c: Context<AppEnv>,
  location: { id: number; uid: string; timeZone: string },
  row: Awaited<ReturnType<typeof loadLimitOf>>,
  refresh = false,
) {
  const config: SiteLoadConfig = row ? toConfig(row) : { ...DEFAULT_LOAD_CONFIG, unit: 'A', limit: 0 };
  const limitNowA = row ? Math.floor(limitAmpsAt(config, location.timeZone, Date.now()) * 10) / 10 : null;
  const sessions = row ? await live(c, location.id, refresh) : [];
  return {
    locationUid: location.uid,
    configured: row !== undefined,
    enabled: row?.enabled ?? false,
    unit: config.unit,
    limit: config.limit,
    phases: config.phases,
    voltage: config.voltage,
    minCurrentA: config.minCurrentA,
    schedule: config.schedule,
    connectorMinimums: config.connectorMinimums,
    groupPriorities: config.groupPriorities,
    updatedAt: row?.updatedAt?.toISOString() ?? null,
    limitNowA,
    sessions,
  };
}

export const siteLoadRoutes = new OpenAPIHono<AppEnv>()
  .openapi(readLoad, async (c) => {
    const { uid } = c.req.valid('param');
    const db = c.get('db');
    const found = await findLocation(db, await callerScope(c), uid);
    if (!found) return notFound(c, uid);
    return c.json(await answer(c, found.l, await loadLimitOf(db, found.l.id)), 200);
  })
  .openapi(writeLoad, async (c) => {
    const { uid } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.get('db');
    const found = await findLocation(db, await callerScope(c), uid);
    if (!found) return notFound(c, uid);
    const config: SiteLoadConfig = {
      unit: body.unit,
      limit: body.limit,
      phases: body.phases,
      voltage: body.voltage,
      minCurrentA: body.min_current_a,
      schedule: body.schedule,
      connectorMinimums: body.connector_minimums,
      groupPriorities: body.group_priorities,
    };
    const problems: RuleProblem[] = loadConfigProblems(config).map((p) => ({
      field: p.field,
      key: RULE_KEYS[p.rule] ?? 'generic',
    }));
    if (problems.length > 0) return rulesFailed(c, problems);
    const { user } = authOf(c);
    await saveLoadLimit(db, { userId: user.id, companyId: found.l.companyId }, found.l, body.enabled, config);
    return c.json(await answer(c, found.l, await loadLimitOf(db, found.l.id), true), 200);
  });
