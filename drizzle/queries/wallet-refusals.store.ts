/**
 * @module A charger's refusal for a prepaid balance below the minimum to start (issue 18 part 3): a
 * customer-service log row with the reason and its amounts, so the operator sees why a card was Blocked
 * at Authorize (StartTransaction also keeps it in the refused session's remark).
 */

import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { customerServiceLogs, stations } from '../schema';

export const PREPAID_REFUSED_ACTION = 'PrepaidBalanceTooLow';

export async function recordPrepaidRefusal(
  db: Db,
  r: { stationId: number; userId: number | null; idTag: string; purpose: string; reason: string },
): Promise<void> {
  const station = await db
    .select({ companyId: stations.companyId })
    .from(stations)
    .where(eq(stations.id, r.stationId))
    .get();
  if (!station) return;
  await db.insert(customerServiceLogs).values({
    companyId: station.companyId,
    stationId: r.stationId,
    userId: r.userId,
    action: PREPAID_REFUSED_ACTION,
    detailJson: JSON.stringify({ idTag: r.idTag, purpose: r.purpose, reason: r.reason }),
    result: 'failed',
    errorMessage: r.reason,
  });
}
