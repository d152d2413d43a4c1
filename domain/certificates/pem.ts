/** @module PEM armour: the base64 blocks of a label in a text, and back. */

export function pemBlocks(text: string, label: string): Uint8Array[] {
  const re = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]*?)-----END ${label}-----`, 'g');
  return Array.from(text.matchAll(re), (m) => fromBase64((m[1] ?? '').replace(/\s+/g, '')));
}

export function toPem(label: string, der: Uint8Array): string {
  const b64 = toBase64(der).replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN ${label}-----\n${b64}-----END ${label}-----\n`;
}

function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
