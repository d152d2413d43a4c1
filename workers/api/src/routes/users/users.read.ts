/** @module Fleet user reads: list, export, counts, near limits, permissions, detail, statistics. */

import { corporateGroups, rfids, users } from '@db/schema';
import type { Cell } from '@domain/export/cells';
import { CSV_CONTENT_TYPE, csvLine } from '@domain/export/csv';
import { can } from '@domain/permissions/permissions';
import { ROLE_IDS } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { callerScope } from '../../lib/scope';
import { authOf } from '../../middleware/permission';
import { checkRoles, permissionUpdatesDisabled } from './users.input';
import { counts, detail, exportCsv, list, nearLimits, permissions, wizardOptions } from './users.routes';
import {
  decorate,
  exportUsers,
  limitUnitOf,
  listUsers,
  scopedUser,
  toUser,
  usageOf,
  usageRows,
  usersNearLimits,
  userView,
} from './users.store';

type Ctx = Context<AppEnv>;

/** Service setting 42: deleted fleet users are hidden. */
export const hidesDeleted = (c: Ctx) => authOf(c).access.services.includes(SERVICE.HIDE_DELETED_FLEET_USERS);

const EXPORT_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'corporate_group_name',
  'license_plate',
  'employee_number',
  'cost_center',
  'can_charge_public',
  'can_charge_work',
  'can_charge_home',
  'only_private',
  'charge_only_with_rfid',
  'daily_limit',
  'weekly_limit',
  'monthly_limit',
  'limit_unit',
  'rfids',
  'session_count',
  'status',
  'state',
] as const;

export const userReads = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const filters = c.req.valid('json');
    const db = c.get('db');
    const { rows, total } = await listUsers(db, await callerScope(c), filters, hidesDeleted(c));
    const d = await decorate(
      db,
      rows.map((r) => r.user),
    );
    return c.json(
      {
        data: rows.map((r) => toUser(r.user, d, r.sessionCount, Boolean(r.charging))),
        total,
        page: filters.page,
        items_per_page: filters.items_per_page,
      },
      200,
    );
  })
  .openapi(exportCsv, async (c) => {
    const filters = c.req.valid('json');
    const db = c.get('db');
    const rows = await exportUsers(db, await callerScope(c), filters, hidesDeleted(c));
    const d = await decorate(
      db,
      rows.map((r) => r.user),
    );
    let text = csvLine([...EXPORT_COLUMNS]);
    for (const r of rows) {
      const u = toUser(r.user, d, r.sessionCount, Boolean(r.charging));
      const row: Record<(typeof EXPORT_COLUMNS)[number], Cell> = {
        ...u,
        daily_limit: u.limits.daily,
        weekly_limit: u.limits.weekly,
        monthly_limit: u.limits.monthly,
        limit_unit: u.limits.unit,
        rfids: u.rfids.map((x) => x.uuid).join(' '),
      };
      text += csvLine(EXPORT_COLUMNS.map((k) => row[k]));
    }
    return c.body(text, 200, {
      'content-type': CSV_CONTENT_TYPE,
      'content-disposition': 'attachment; filename="fleet-users.csv"',
    });
  })
  .openapi(counts, async (c) => {
    const db = c.get('db');
    const scope = await callerScope(c);
    const charging = sql<number>`EXISTS (SELECT 1 FROM charging_sessions s WHERE s.user_id = "users"."id" AND s.status = 'in_progress')`;
    const [row, near] = await Promise.all([
      db
        .select({
          total: count(),
          deleted: sql<number>`coalesce(sum(${users.status} = 'deleted'), 0)`,
          charging: sql<number>`coalesce(sum(${users.status} = 'active' AND ${charging}), 0)`,
        })
        .from(users)
        .where(inArray(users.companyId, scope))
        .get(),
      usersNearLimits(db, scope, authOf(c).company.timeZone),
    ]);
    const hide = hidesDeleted(c);
    const deleted = row?.deleted ?? 0;
    const active = (row?.total ?? 0) - deleted;
    const chargingN = row?.charging ?? 0;
    return c.json(
      {
        total: hide ? active : (row?.total ?? 0),
        active,
        deleted: hide ? 0 : deleted,
        charging: chargingN,
        idle: active - chargingN,
        near_limit: near.length,
      },
      200,
    );
  })
  .openapi(nearLimits, async (c) => {
    const near = await usersNearLimits(c.get('db'), await callerScope(c), authOf(c).company.timeZone);
    return c.json(
      {
        data: near.slice(0, 100).map((n) => ({
          id: n.user.id,
          email: n.user.email,
          first_name: n.user.firstName,
          last_name: n.user.lastName,
          ratio: n.ratio,
          usage: usageRows(
            {
              unit: 'kwh',
              currency: '',
              daily: n.user.dailyLimit || null,
              weekly: n.user.weeklyLimit || null,
              monthly: n.user.monthlyLimit || null,
              enforced_at_charger: true,
              note: null,
            },
            n.usage,
          ).map(({ period, limit, used, unit }) => ({ period, limit, used, unit })),
        })),
      },
      200,
    );
  })
  .openapi(permissions, async (c) => {
    const db = c.get('db');
    const sum = (col: typeof users.canChargePublic) => sql<number>`coalesce(sum(${col}), 0)`;
    const row = await db
      .select({
        total: count(),
        public: sum(users.canChargePublic),
        work: sum(users.canChargeWork),
        home: sum(users.canChargeHome),
        only_private: sum(users.onlyPrivate),
        rfid_only: sum(users.chargeOnlyWithRfid),
      })
      .from(users)
      .where(and(inArray(users.companyId, await callerScope(c)), eq(users.status, 'active')))
      .get();
    return c.json(
      {
        total: row?.total ?? 0,
        public: row?.public ?? 0,
        work: row?.work ?? 0,
        home: row?.home ?? 0,
        only_private: row?.only_private ?? 0,
        rfid_only: row?.rfid_only ?? 0,
      },
      200,
    );
  })
  .openapi(wizardOptions, async (c) => {
    const db = c.get('db');
    const scope = await callerScope(c);
    const { company } = authOf(c);
    const [groups, cards, locked, unit] = await Promise.all([
      db
        .select({ id: corporateGroups.id, name: corporateGroups.name })
        .from(corporateGroups)
        .where(inArray(corporateGroups.companyId, scope))
        .orderBy(corporateGroups.name),
      db
        .select({ id: rfids.id, uuid: rfids.uuid, key_hanger_code: rfids.keyHangerCode })
        .from(rfids)
        .where(and(inArray(rfids.companyId, scope), eq(rfids.status, 'active'), isNull(rfids.userId)))
        .orderBy(rfids.keyHangerCode)
        .limit(200),
      permissionUpdatesDisabled(c),
      limitUnitOf(db, company.id),
    ]);
    return c.json(
      {
        corporate_groups: groups,
        free_cards: cards,
        grantable_roles: ROLE_IDS.filter((id) => checkRoles(c, [id]) === null),
        permission_updates_disabled: locked,
        mandatory_license_plate: company.mandatoryLicensePlate,
        limit_unit: unit,
        currency: company.currency,
        can_set_limits: can(authOf(c).access, 'fleet:limits'),
        group_labels: [company.group1Label, company.group2Label, company.group3Label, company.group4Label],
      },
      200,
    );
  })
  .openapi(detail, async (c) => {
    const { userId } = c.req.valid('param');
    const db = c.get('db');
    const u = await scopedUser(db, await callerScope(c), userId);
    if (!u || (u.status === 'deleted' && hidesDeleted(c))) return apiError(c, 404, 'USER_NOT_FOUND', 'userNotFound');
    const [view, used] = await Promise.all([userView(db, u), usageOf(db, u.id, authOf(c).company.timeZone)]);
    return c.json({ ...view, usage: usageRows(view.limits, used) }, 200);
  });
