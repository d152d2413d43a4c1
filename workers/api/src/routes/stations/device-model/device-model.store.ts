/** @module Reads of a station's OCPP 2.0.1 device model (the ocpp worker writes it, drizzle/queries/device-model.store.ts). */

import type { Db } from '@db/db';
import { stationDeviceVariables as t } from '@db/schema';
import { and, asc, count, eq } from 'drizzle-orm';

/** One page of the station's variables (the station is in the caller's scope: onStation found it). */
export async function deviceModelPage(
  db: Db,
  stationId: number,
  opts: { component?: string; page: number; size: number },
) {
  const where = and(eq(t.stationId, stationId), opts.component ? eq(t.component, opts.component) : undefined);
  const [rows, total, components] = await db.batch([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(asc(t.component), asc(t.key), asc(t.attributeType))
      .limit(opts.size)
      .offset(opts.page * opts.size),
    db.select({ n: count() }).from(t).where(where),
    db.selectDistinct({ component: t.component }).from(t).where(eq(t.stationId, stationId)).orderBy(asc(t.component)),
  ]);
  return { rows, total: total[0]?.n ?? 0, components: components.map((c) => c.component) };
}
