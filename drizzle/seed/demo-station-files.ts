/**
 * @module Demo firmware and diagnostics files (ADR 014): a firmware image for each operator's AC
 * wallboxes and one diagnostics upload of a Paris station, in R2 with their D1 rows, so the station
 * configuration page shows real files. Idempotent: skipped when the rows exist.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { stationFiles, stations } from '../schema';

function firmwareImage(version: string): Uint8Array<ArrayBuffer> {
  // A recognisable header and deterministic filler, 96 KiB: a stand-in image the simulator installs.
  const size = 96 * 1024;
  const bytes = new Uint8Array(new ArrayBuffer(size));
  const header = new TextEncoder().encode(`WALLBOX-COMMANDER2-FW ${version}\n`);
  bytes.set(header);
  let x = 2463534242;
  for (let i = header.length; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

export async function seedDemoStationFiles(db: Db, bucket: R2Bucket): Promise<number> {
  if ((await db.select({ id: stationFiles.id }).from(stationFiles).limit(1)).length > 0) return 0;
  const paris = await db.select().from(stations).where(eq(stations.uid, 'VLT-PAR-001')).get();
  const nice = await db.select().from(stations).where(eq(stations.uid, 'VLT-NIC-001')).get();
  if (!paris) return 0;
  let added = 0;
  for (const station of [paris, nice]) {
    if (!station) continue;
    const filename = 'commander2-6.2.0.bin';
    const key = `firmware/${station.companyId}/${filename}`;
    const image = firmwareImage('6.2.0');
    await bucket.put(key, image, { httpMetadata: { contentType: 'application/octet-stream' } });
    await db.insert(stationFiles).values({
      kind: 'firmware',
      companyId: station.companyId,
      filename,
      r2Key: key,
      size: image.byteLength,
      contentType: 'application/octet-stream',
      createdAt: new Date(Date.UTC(2026, 10, 18, 9, 30)),
    });
    added++;
  }
  const log = [
    'VLT-PAR-001 diagnostics 2026-11-19T00:00:00Z .. 2026-11-20T00:00:00Z',
    '2026-11-19T06:12:03Z INFO  boot firmware 6.1.3, 2 connectors',
    '2026-11-19T08:41:17Z WARN  connector 2 lock motor current high (1.9 A)',
    '2026-11-19T08:41:18Z INFO  connector 2 unlocked after retry',
    '2026-11-19T17:05:44Z ERROR ground failure detected on connector 1, session stopped',
    '2026-11-19T17:06:02Z INFO  self-test passed, connector 1 available',
    '',
  ].join('\n');
  const filename = 'VLT-PAR-001-diagnostics-20261120.txt';
  const key = `diagnostics/${paris.id}/1763600000000-${filename}`;
  await bucket.put(key, log, { httpMetadata: { contentType: 'text/plain' } });
  await db.insert(stationFiles).values({
    kind: 'diagnostics',
    companyId: paris.companyId,
    stationId: paris.id,
    filename,
    r2Key: key,
    size: new TextEncoder().encode(log).byteLength,
    contentType: 'text/plain',
    createdAt: new Date(Date.UTC(2026, 10, 20, 0, 2)),
  });
  return added + 1;
}
