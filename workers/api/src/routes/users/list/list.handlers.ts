/** @module The fleet user list, its CSV export and the overview counts (spec 7.8, 7.18 users-permission). */

import type { AppEnv } from '@api/env';
import { callerScope } from '@api/lib/scope';
import { exportMask } from '@api/middleware/demo-mode';
import { authOf } from '@api/middleware/permission';
import type { Cell } from '@domain/export/cells';
import { CSV_CONTENT_TYPE, csvLine } from '@domain/export/csv';
import { listedUser } from '@domain/fleet/personal-data';
import { kwhLimitRatio, nearLimits as nearestFirst, usageRows } from '@domain/fleet/usage';
import { userCounts as countsOf } from '@domain/fleet/user-counts';
import { can } from '@domain/permissions/permissions';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { hidesDeleted } from '../users.access';
import { toUser } from '../users.schemas';
import { decorate } from '../users.store';
import { counts, exportCsv, list, nearLimits, permissions } from './list.routes';
import { EXPORT_COLUMNS } from './list.schemas';
import { exportUsers, listUsers, permissionCounts, userCounts, usersWithKwhLimits } from './list.store';

/** Active users of the scope who used a kWh limit to NEAR_LIMIT_RATIO or more, the nearest first. */
async function usersNearLimits(c: Context<AppEnv>) {
  const rows = await usersWithKwhLimits(c.get('db'), await callerScope(c), authOf(c).company.timeZone);
  const limits = (u: (typeof rows)[number]['user']) => ({
    daily: u.dailyLimit,
    weekly: u.weeklyLimit,
    monthly: u.monthlyLimit,
  });
  return nearestFirst(
    rows.map((r) => {
      const usage = { dayWh: r.dayWh, weekWh: r.weekWh, monthWh: r.monthWh };
      return { user: r.user, ratio: kwhLimitRatio(limits(r.user), usage), usage };
    }),
  );
}

export const userListRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const filters = c.req.valid('json');
    const db = c.get('db');
    const personal = can(authOf(c).access, 'fleet:users:export');
    const { rows, total } = await listUsers(db, await callerScope(c), filters, hidesDeleted(c), personal);
    const d = await decorate(
      db,
      rows.map((r) => r.user),
    );
    return c.json(
      {
        data: rows.map((r) => listedUser(toUser(r.user, d, r.sessionCount, Boolean(r.charging)), personal)),
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
    // Demo mode (ADR 049): each user masked as the list shows it, before its cards are joined.
    const shown = exportMask(c);
    let text = csvLine([...EXPORT_COLUMNS]);
    for (const r of rows) {
      const u = shown(toUser(r.user, d, r.sessionCount, Boolean(r.charging)));
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
    const [row, near] = await Promise.all([userCounts(c.get('db'), await callerScope(c)), usersNearLimits(c)]);
    const stored = { total: row?.total ?? 0, deleted: row?.deleted ?? 0, charging: row?.charging ?? 0 };
    return c.json(countsOf(stored, near.length, hidesDeleted(c)), 200);
  })
  .openapi(nearLimits, async (c) => {
    const near = await usersNearLimits(c);
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
              daily: n.user.dailyLimit || null,
              weekly: n.user.weeklyLimit || null,
              monthly: n.user.monthlyLimit || null,
            },
            n.usage,
          ).map(({ period, limit, used, unit }) => ({ period, limit, used, unit })),
        })),
      },
      200,
    );
  })
  .openapi(permissions, async (c) => {
    const row = await permissionCounts(c.get('db'), await callerScope(c));
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
  });
