/** @module The transfer links a command hands to a charge point: issued and revoked (only the token's hash is stored). */

import type { Db } from '@db/db';
import { type STATION_TRANSFER_KINDS, stationTransferTokens } from '@db/schema';
import { eq } from 'drizzle-orm';

export type TransferKind = (typeof STATION_TRANSFER_KINDS)[number];

export async function insertTransferToken(
  db: Db,
  row: { tokenHash: string; kind: TransferKind; stationId: number; fileId: number | null; expiresAt: Date },
): Promise<void> {
  await db.insert(stationTransferTokens).values(row);
}

export async function revokeTransferToken(db: Db, tokenHash: string): Promise<void> {
  await db.delete(stationTransferTokens).where(eq(stationTransferTokens.tokenHash, tokenHash));
}
