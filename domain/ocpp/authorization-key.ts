/**
 * @module The station's basic-auth password (OCPP security profiles 1 and 2) and the AuthorizationKey
 * configuration value that carries it. The Security Whitepaper sends the key hex-encoded in
 * ChangeConfiguration; the charge point decodes it and uses the bytes as its basic-auth password.
 */

export const STATION_PASSWORD_MIN = 16;
export const STATION_PASSWORD_MAX = 40;
/** 16 to 40 printable ASCII characters without spaces (what every charge point can type and send). */
export const STATION_PASSWORD = /^[\x21-\x7e]{16,40}$/;

/** What ChangeConfiguration AuthorizationKey carries for `password`: its bytes as lower-case hex. */
export function encodeAuthorizationKey(password: string): string {
  return Array.from(new TextEncoder().encode(password), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** An even run of hex digits of 16 to 40 bytes: a Whitepaper key (its bytes are the password). */
const HEX_KEY = /^(?:[0-9A-Fa-f]{2}){16,40}$/;

/**
 * The password a charge point will use after accepting `value` as its AuthorizationKey: the decoded
 * bytes when the value is a hex key, else the value itself (charge points that take the key as typed).
 * Decoded as UTF-8, as the ocpp worker reads the basic-auth header, so both sides compare the same text.
 */
export function passwordOfAuthorizationKey(value: string): string {
  if (!HEX_KEY.test(value)) return value;
  const bytes = new Uint8Array(value.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(value.slice(i * 2, i * 2 + 2), 16);
  return new TextDecoder().decode(bytes);
}
