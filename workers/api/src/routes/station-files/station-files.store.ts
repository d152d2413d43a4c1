/**
 * @module The only file of the charge point's transfer links that touches the database. There is no
 * caller's company here: the link's token (only its SHA-256 is stored) names the one station and
 * file it may reach, and every read below goes through it.
 */

import type { Db } from '@db/db';
import { stationFiles, stations, stationTransferTokens } from '@db/schema';
import { and, eq, gt, isNull } from 'drizzle-orm';

/** Claims a single-use upload token (atomically); null when unknown, expired or already used. */
export function claimUploadToken(db: Db, tokenHash: string, now: Date) {
  return db
    .update(stationTransferTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(stationTransferTokens.tokenHash, tokenHash),
        eq(stationTransferTokens.kind, 'diagnostics-upload'),
        isNull(stationTransferTokens.usedAt),
        gt(stationTransferTokens.expiresAt, now),
      ),
    )
    .returning()
    .get();
}

/** Gives a claimed upload token back (the upload failed before anything was stored). */
export async function releaseUploadToken(db: Db, tokenHash: string): Promise<void> {
  await db.update(stationTransferTokens).set({ usedAt: null }).where(eq(stationTransferTokens.tokenHash, tokenHash));
}

/** The station a claimed upload token was issued for. */
export function stationOfToken(db: Db, token: { stationId: number }) {
  return db.select().from(stations).where(eq(stations.id, token.stationId)).get();
}

export async function insertDiagnosticsFile(
  db: Db,
  file: {
    companyId: number;
    stationId: number;
    filename: string;
    r2Key: string;
    size: number;
    contentType: string | null;
  },
): Promise<void> {
  await db.insert(stationFiles).values({ kind: 'diagnostics', ...file });
}

/** The firmware file an unexpired download token points at; undefined otherwise. */
export async function firmwareOfToken(db: Db, tokenHash: string, now: Date) {
  const link = await db
    .select()
    .from(stationTransferTokens)
    .where(
      and(
        eq(stationTransferTokens.tokenHash, tokenHash),
        eq(stationTransferTokens.kind, 'firmware-download'),
        gt(stationTransferTokens.expiresAt, now),
      ),
    )
    .get();
  return link?.fileId ? db.select().from(stationFiles).where(eq(stationFiles.id, link.fileId)).get() : undefined;
}
