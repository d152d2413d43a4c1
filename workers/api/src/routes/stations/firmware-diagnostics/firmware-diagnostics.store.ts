/**
 * @module The only file of a station's diagnostics and firmware that touches the database: the files
 * kept in R2 (diagnostics per station, firmware per company), always within the caller's company tree.
 */

import type { Db } from '@db/db';
import { stationFiles } from '@db/schema';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';

type Paging = { page: number; limit: number };
type StationRef = { id: number; companyId: number };

async function filePage(db: Db, where: SQL | undefined, paging: Paging) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(stationFiles)
      .where(where)
      .orderBy(desc(stationFiles.createdAt), desc(stationFiles.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ n: count() }).from(stationFiles).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The diagnostics (and log) files the station uploaded, newest first. */
export function diagnosticsPage(db: Db, station: StationRef, paging: Paging) {
  return filePage(db, and(eq(stationFiles.kind, 'diagnostics'), eq(stationFiles.stationId, station.id)), paging);
}

/** Firmware files of the station's company and of the caller's company tree, newest first. */
export function firmwarePage(db: Db, station: StationRef, scope: number[], paging: Paging) {
  return filePage(
    db,
    and(eq(stationFiles.kind, 'firmware'), inArray(stationFiles.companyId, [station.companyId, ...scope])),
    paging,
  );
}

/** The station's latest diagnostics file of that name. */
export function diagnosticsFileOf(db: Db, station: StationRef, filename: string) {
  return db
    .select()
    .from(stationFiles)
    .where(
      and(
        eq(stationFiles.kind, 'diagnostics'),
        eq(stationFiles.stationId, station.id),
        eq(stationFiles.filename, filename),
      ),
    )
    .orderBy(desc(stationFiles.id))
    .get();
}

/** The latest firmware file of that name the station may be sent (its company's or the caller's tree's). */
export function firmwareFileFor(db: Db, station: StationRef, scope: number[], filename: string) {
  return db
    .select()
    .from(stationFiles)
    .where(
      and(
        eq(stationFiles.kind, 'firmware'),
        eq(stationFiles.filename, filename),
        inArray(stationFiles.companyId, [station.companyId, ...scope]),
      ),
    )
    .orderBy(desc(stationFiles.id))
    .get();
}

/**
 * Records an uploaded firmware file of the station's company. Same name in the same company: the new
 * upload replaces the old one (same row, same object key), so download links already sent to charge
 * points keep pointing at a row that exists.
 */
export async function saveFirmwareFile(
  db: Db,
  station: StationRef,
  file: { filename: string; r2Key: string; size: number; contentType: string; uploadedBy: number },
) {
  const { filename, ...rest } = file;
  const values = { ...rest, createdAt: new Date() };
  const existing = await db
    .select({ id: stationFiles.id })
    .from(stationFiles)
    .where(
      and(
        eq(stationFiles.kind, 'firmware'),
        eq(stationFiles.companyId, station.companyId),
        eq(stationFiles.filename, filename),
      ),
    )
    .get();
  return existing
    ? db.update(stationFiles).set(values).where(eq(stationFiles.id, existing.id)).returning().get()
    : db
        .insert(stationFiles)
        .values({ kind: 'firmware', companyId: station.companyId, stationId: null, filename, ...values })
        .returning()
        .get();
}
