/** @module The only file of station credentials that touches the database. */

import type { Station } from '@api/lib/station-scope';
import type { Db } from '@db/db';
import { pendingKeyHash } from '@db/queries/station-keys.store';
import { customerServiceLogs, stations } from '@db/schema';
import { eq } from 'drizzle-orm';

export async function hasPendingKey(db: Db, stationId: number): Promise<boolean> {
  return (await pendingKeyHash(db, stationId)) !== null;
}

export async function storeSecurityProfile(db: Db, stationId: number, profile: number): Promise<void> {
  await db.update(stations).set({ securityProfile: profile, updatedAt: new Date() }).where(eq(stations.id, stationId));
}

/** One customer-service log row per credential change: who, what, never the password itself. */
export async function logCredentialChange(
  db: Db,
  entry: {
    station: Station;
    userId: number;
    action: string;
    detail: object;
    succeeded: boolean;
    error?: string | null;
  },
): Promise<void> {
  await db.insert(customerServiceLogs).values({
    companyId: entry.station.companyId,
    stationId: entry.station.id,
    connectorId: null,
    connectorEvseId: null,
    userId: entry.userId,
    action: entry.action,
    detailJson: JSON.stringify(entry.detail),
    result: entry.succeeded ? 'success' : 'failed',
    errorMessage: entry.error ?? null,
  });
}

/** The AuthorizationKey hand-over of ADR 014, through its queries: pending before the send, then promoted or dropped. */
export { dropPendingKey, promotePendingKey, setPendingKey } from '@db/queries/station-keys.store';
