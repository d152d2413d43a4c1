/**
 * @module Fleet settings of the selected company: the limit unit (kWh or the company currency, ADR 028).
 * GET answers the unit and how many drivers have limits; PUT switches the unit after confirmation and
 * moves every driver's limits to the new unit in one D1 batch, keeping their values (ADR 028 addendum):
 * 50 kWh becomes 50.00 in the currency, 50.99 in the currency becomes 50 kWh (kWh limits are whole;
 * under 1 kWh the limit is removed). The old unit's values are cleared, so one unit's limits exist.
 */

import type { Db } from '@db/db';
import { fleetCompanySettings, LIMIT_UNITS, type LimitUnit, userCurrencyLimits, users } from '@db/schema';
import { can } from '@domain/permissions/permissions';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit.store';
import { apiError } from '../../lib/errors';
import { defineRoute, errorResponse, json, jsonBody } from '../../lib/route';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';

const Settings = z.object({
  limit_unit: z.enum(LIMIT_UNITS),
  currency: z.string(),
  /** Drivers of the selected company with at least one limit in the current unit. */
  users_with_limits: z.number(),
  /** Whether the caller may switch the unit (fleet:limits). */
  can_change: z.boolean(),
});

const read = defineRoute('fleet:view', {
  method: 'get',
  path: '/fleet/settings',
  tags: ['Fleet'],
  summary: "The selected company's fleet settings: the limit unit",
  responses: { 200: json(Settings) },
});

const switchUnit = defineRoute('fleet:limits', {
  method: 'put',
  path: '/fleet/settings/limit-unit',
  tags: ['Fleet'],
  summary: 'Switch the limit unit; existing limits keep their values, read in the new unit (confirmation required)',
  request: {
    body: jsonBody(z.strictObject({ limit_unit: z.enum(LIMIT_UNITS), confirm: z.boolean().optional() })),
  },
  responses: { 200: json(Settings), 409: errorResponse('Confirmation missing') },
});

async function unitOf(db: Db, companyId: number): Promise<LimitUnit> {
  const row = await db
    .select({ unit: fleetCompanySettings.limitUnit })
    .from(fleetCompanySettings)
    .where(eq(fleetCompanySettings.companyId, companyId))
    .get();
  return row?.unit ?? 'kwh';
}

const companyUsers = (companyId: number) =>
  sql`(select ${users.id} from ${users} where ${users.companyId} = ${companyId})`;

async function usersWithLimits(db: Db, companyId: number, unit: LimitUnit): Promise<number> {
  if (unit === 'kwh') {
    const row = await db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          or(isNotNull(users.dailyLimit), isNotNull(users.weeklyLimit), isNotNull(users.monthlyLimit)),
        ),
      )
      .get();
    return row?.n ?? 0;
  }
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(userCurrencyLimits)
    .where(
      and(
        inArray(userCurrencyLimits.userId, companyUsers(companyId)),
        or(
          isNotNull(userCurrencyLimits.dailyMinor),
          isNotNull(userCurrencyLimits.weeklyMinor),
          isNotNull(userCurrencyLimits.monthlyMinor),
        ),
      ),
    )
    .get();
  return row?.n ?? 0;
}

async function settingsOf(c: Context<AppEnv>) {
  const { company, access } = authOf(c);
  const db = c.get('db');
  const unit = await unitOf(db, company.id);
  return {
    limit_unit: unit,
    currency: company.currency,
    users_with_limits: await usersWithLimits(db, company.id, unit),
    can_change: can(access, 'fleet:limits'),
  };
}

/** The statements that move the company's limits from `from` to `to` and record the unit. */
function moveLimits(db: Db, companyId: number, to: LimitUnit) {
  const hasKwh = or(isNotNull(users.dailyLimit), isNotNull(users.weeklyLimit), isNotNull(users.monthlyLimit));
  const ownCurrencyRows = inArray(userCurrencyLimits.userId, companyUsers(companyId));
  const minor = (column: AnySQLiteColumn) => sql<number | null>`${column} * 100`;
  // Whole kWh: integer division drops the cents; under 1 kWh (0 after division) removes the limit.
  const wholeKwh = (column: AnySQLiteColumn) =>
    sql<
      number | null
    >`(select nullif(l.${sql.raw(column.name)} / 100, 0) from ${userCurrencyLimits} l where l.user_id = ${users.id})`;
  const moves =
    to === 'currency'
      ? [
          db.delete(userCurrencyLimits).where(ownCurrencyRows),
          db.insert(userCurrencyLimits).select(
            db
              .select({
                userId: users.id,
                dailyMinor: minor(users.dailyLimit).as('daily_minor'),
                weeklyMinor: minor(users.weeklyLimit).as('weekly_minor'),
                monthlyMinor: minor(users.monthlyLimit).as('monthly_minor'),
              })
              .from(users)
              .where(and(eq(users.companyId, companyId), hasKwh)),
          ),
          db
            .update(users)
            .set({ dailyLimit: null, weeklyLimit: null, monthlyLimit: null })
            .where(and(eq(users.companyId, companyId), hasKwh)),
        ]
      : [
          db
            .update(users)
            .set({
              dailyLimit: wholeKwh(userCurrencyLimits.dailyMinor),
              weeklyLimit: wholeKwh(userCurrencyLimits.weeklyMinor),
              monthlyLimit: wholeKwh(userCurrencyLimits.monthlyMinor),
            })
            .where(eq(users.companyId, companyId)),
          db.delete(userCurrencyLimits).where(ownCurrencyRows),
        ];
  const record = db
    .insert(fleetCompanySettings)
    .values({ companyId, limitUnit: to, updatedAt: new Date() })
    .onConflictDoUpdate({ target: fleetCompanySettings.companyId, set: { limitUnit: to, updatedAt: new Date() } });
  return [...moves, record] as const;
}

export const fleetSettingsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(read, async (c) => c.json(await settingsOf(c), 200))
  .openapi(switchUnit, async (c) => {
    const body = c.req.valid('json');
    const { company, user } = authOf(c);
    const db = c.get('db');
    const from = await unitOf(db, company.id);
    if (from === body.limit_unit) return c.json(await settingsOf(c), 200);
    if (body.confirm !== true)
      return apiError(c, 409, 'CONFIRMATION_REQUIRED', 'limitUnitConfirm', { field: 'confirm' });
    const moved = await usersWithLimits(db, company.id, from);
    const [first, ...rest] = moveLimits(db, company.id, body.limit_unit);
    await db.batch([
      first,
      ...rest,
      auditInsert(db, {
        action: 'fleet.limit_unit.changed',
        actorUserId: user.id,
        companyId: company.id,
        entity: 'company',
        entityId: company.id,
        detail: { from, to: body.limit_unit, users_with_limits: moved },
        ip: clientIp(c),
      }),
    ]);
    return c.json(await settingsOf(c), 200);
  });
