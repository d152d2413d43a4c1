/**
 * @module Transfer links for charge points, which have no session: a random token in the URL, only
 * its SHA-256 stored. Diagnostics/log upload links are single-use; firmware download links may be
 * fetched again until they expire (charge points retry downloads).
 */

import type { CommandOutcome } from '@domain/ocpp/command-outcome';

export const UPLOAD_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const DOWNLOAD_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const MAX_DIAGNOSTICS_BYTES = 20 * 1024 * 1024;
export const MAX_FIRMWARE_BYTES = 64 * 1024 * 1024;

export async function transferTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** 32 random bytes, base64url without padding. */
export function newTransferToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/**
 * Whether a link sent in a command stays valid: yes when the charge point accepted the command or did
 * not answer in time (it may still use the link); no when nothing was sent or the call was refused.
 */
export function linkOutlivesCommand(outcome: CommandOutcome['status']): boolean {
  return outcome === 'accepted' || outcome === 'timeout';
}

/**
 * Where a charge point uploads diagnostics or logs. Ends with '/': the charge point appends its own
 * file name (OCPP 1.6 treats the location as a directory).
 */
export function diagnosticsUploadUrl(origin: string, token: string): string {
  return `${origin}/api/station-files/diagnostics/${token}/`;
}

/** Where a charge point downloads a firmware file. */
export function firmwareDownloadUrl(origin: string, token: string, filename: string): string {
  return `${origin}/api/station-files/firmware/${token}/${encodeURIComponent(filename)}`;
}

/** A file name safe as an R2 key segment and a Content-Disposition value. */
export function safeFilename(name: string | undefined, fallback: string): string {
  const cleaned = (name ?? '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 120);
  return cleaned || fallback;
}
