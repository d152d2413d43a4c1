/**
 * @module Issuing the transfer links a command hands to a charge point (diagnostics upload, firmware
 * download), the origin they point at, and reading an upload body with a size limit. The token rules
 * are `domain/stations/transfer-links.ts`.
 */

import { linkOutlivesCommand, newTransferToken, transferTokenHash } from '@domain/stations/transfer-links';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { type Dispatched, dispatchCommand } from './charge-point-command';
import type { Station } from './station-scope';
import { insertTransferToken, revokeTransferToken, type TransferKind } from './station-transfers.store';

/** The origin charge points reach this product at: PUBLIC_BASE_URL when set, else the request's. */
export function publicOrigin(c: Context<AppEnv>): string {
  const configured = (c.env as { PUBLIC_BASE_URL?: string }).PUBLIC_BASE_URL?.trim();
  return (configured || new URL(c.req.url).origin).replace(/\/+$/, '');
}

export async function issueTransferLink(
  c: Context<AppEnv>,
  input: { kind: TransferKind; stationId: number; fileId?: number; ttlMs: number },
): Promise<{ token: string; tokenHash: string }> {
  const token = newTransferToken();
  const tokenHash = await transferTokenHash(token);
  await insertTransferToken(c.get('db'), {
    tokenHash,
    kind: input.kind,
    stationId: input.stationId,
    fileId: input.fileId ?? null,
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  return { token, tokenHash };
}

export function revokeTransferLink(c: Context<AppEnv>, tokenHash: string): Promise<void> {
  return revokeTransferToken(c.get('db'), tokenHash);
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

/** A stored file as a download (diagnostics for the operator, firmware for the charge point). */
export function fileResponse(object: R2ObjectBody, filename: string, contentType: string | null): Response {
  return new Response(object.body, {
    status: 200,
    headers: {
      'content-type': contentType || 'application/octet-stream',
      'content-length': String(object.size),
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}

/** Sends a station-wide command that carries a transfer link; the link is revoked unless the charge point may still use it. */
export async function dispatchWithLink(
  c: Context<AppEnv>,
  station: Station,
  link: { tokenHash: string } | undefined,
  command: { action: string; payload: Record<string, unknown>; logged: Record<string, unknown> },
): Promise<Dispatched> {
  const sent = await dispatchCommand(c, { station, connector: null }, command.action, command.payload, command.logged);
  if (link && !linkOutlivesCommand(sent.outcome.status)) await revokeTransferLink(c, link.tokenHash);
  return sent;
}
