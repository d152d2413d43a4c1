/**
 * @module File transfers the central system asks for (diagnostics and log uploads, firmware
 * downloads). Real transfers happen only over http(s) to loopback addresses: the simulator never
 * reaches beyond this machine, and FTP (common on real chargers) is not implemented, so any other
 * location is reported as a failed transfer rather than pretended.
 */
import { isLoopbackUrl } from './args';

const httpLoopback = (location: string) => /^https?:\/\//.test(location) && isLoopbackUrl(location);

/** PUTs a small text file to `location` (the back office's signed upload URL); true when stored. */
export async function upload(location: string, fileName: string, body: string): Promise<boolean> {
  if (!httpLoopback(location)) return false;
  const url = location.endsWith('/') ? `${location}${encodeURIComponent(fileName)}` : location;
  try {
    const res = await fetch(url, { method: 'PUT', body, headers: { 'content-type': 'text/plain' } });
    return res.ok;
  } catch {
    return false;
  }
}

export async function download(location: string): Promise<Uint8Array | undefined> {
  if (!httpLoopback(location)) return undefined;
  try {
    const res = await fetch(location);
    return res.ok ? new Uint8Array(await res.arrayBuffer()) : undefined;
  } catch {
    return undefined;
  }
}

export function diagnosticsText(identity: string, from?: string, to?: string): string {
  const now = new Date().toISOString();
  return [
    `simulated charge point ${identity}`,
    `window ${from ?? 'start'} .. ${to ?? now}`,
    `${now} INFO diagnostics requested`,
    '',
  ].join('\n');
}
