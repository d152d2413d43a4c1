/**
 * @module Fleet settings of the selected company: the limit unit (kWh or the company currency, ADR 028).
 * GET answers the unit and how many drivers have limits; PUT switches the unit after confirmation and
 * moves every driver's limits to the new unit in one D1 batch, keeping their values (ADR 028 addendum):
 * 50 kWh becomes 50.00 in the currency, 50.99 in the currency becomes 50 kWh (kWh limits are whole;
 * under 1 kWh the limit is removed). The old unit's values are cleared, so one unit's limits exist.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { clientIp } from '@api/lib/session-cookie';
import { authOf } from '@api/middleware/permission';
import { can } from '@domain/permissions/permissions';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import * as r from './fleet-settings.routes';
import { switchLimitUnit, unitOf, usersWithLimits } from './fleet-settings.store';

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

export const fleetSettingsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.read, async (c) => c.json(await settingsOf(c), 200))
  .openapi(r.switchUnit, async (c) => {
    const body = c.req.valid('json');
    const { company, user } = authOf(c);
    const db = c.get('db');
    const from = await unitOf(db, company.id);
    if (from === body.limit_unit) return c.json(await settingsOf(c), 200);
    if (body.confirm !== true)
      return apiError(c, 409, 'CONFIRMATION_REQUIRED', 'limitUnitConfirm', { field: 'confirm' });
    const moved = await usersWithLimits(db, company.id, from);
    await switchLimitUnit(db, company.id, body.limit_unit, {
      action: 'fleet.limit_unit.changed',
      actorUserId: user.id,
      companyId: company.id,
      entity: 'company',
      entityId: company.id,
      detail: { from, to: body.limit_unit, users_with_limits: moved },
      ip: clientIp(c),
    });
    return c.json(await settingsOf(c), 200);
  });
