/** @module Reads HTTP basic credentials (OCPP security profiles 1 and 2: username = charge point id). */

export interface BasicCredentials {
  username: string;
  password: string;
}

export function parseBasicAuth(header: string | null): BasicCredentials | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  let decoded: string;
  try {
    // The password may be any bytes (OCPP AuthorizationKey); UTF-8 covers what charge points send.
    decoded = new TextDecoder().decode(Uint8Array.from(atob(match[1]), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
