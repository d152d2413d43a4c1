/**
 * @module Transfer links for charge points, which have no session: a random token in the URL, only
 * its SHA-256 stored. Diagnostics/log upload links are single-use; firmware download links may be
 * fetched again until they expire (charge points retry downloads).
 */

import type { Db } from '@db/db';
import { type STATION_TRANSFER_KINDS, stationTransferTokens } from '@db/schema';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';

type Kind = (typeof STATION_TRANSFER_KINDS)[number];

export const UPLOAD_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const DOWNLOAD_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The origin charge points reach this product at: PUBLIC_BASE_URL when set, else the request's. */
export function publicOrigin(c: Context<AppEnv>): string {
  const configured = (c.env as { PUBLIC_BASE_URL?: string }).PUBLIC_BASE_URL?.trim();
  return (configured || new URL(c.req.url).origin).replace(/\/+$/, '');
}

export async function issueToken(
  db: Db,
  input: { kind: Kind; stationId: number; fileId?: number; ttlMs: number },
): Promise<{ token: string; tokenHash: string }> {
  const token = randomToken();
  const tokenHash = await sha256(token);
  await db.insert(stationTransferTokens).values({
    tokenHash,
    kind: input.kind,
    stationId: input.stationId,
    fileId: input.fileId ?? null,
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  return { token, tokenHash };
}

export async function revokeToken(db: Db, tokenHash: string): Promise<void> {
  await db.delete(stationTransferTokens).where(eq(stationTransferTokens.tokenHash, tokenHash));
}

/** Claims a single-use upload token (atomically); null when unknown, expired or already used. */
export async function claimUploadToken(db: Db, token: string) {
  const now = new Date();
  return db
    .update(stationTransferTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(stationTransferTokens.tokenHash, await sha256(token)),
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

export async function downloadToken(db: Db, token: string) {
  return db
    .select()
    .from(stationTransferTokens)
    .where(
      and(
        eq(stationTransferTokens.tokenHash, await sha256(token)),
        eq(stationTransferTokens.kind, 'firmware-download'),
        gt(stationTransferTokens.expiresAt, new Date()),
      ),
    )
    .get();
}

/** A file name safe as an R2 key segment and a Content-Disposition value. */
export function safeFilename(name: string | undefined, fallback: string): string {
  const cleaned = (name ?? '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 120);
  return cleaned || fallback;
}

/** Reads at most `max` bytes of the body; null when it is larger. */
export async function readLimited(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) return null;
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  const out = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
