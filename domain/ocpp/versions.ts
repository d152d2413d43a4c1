/**
 * @module The OCPP versions the ocpp worker speaks, as WebSocket subprotocol names, and the
 * negotiation of one connection (ADR 058): the station's configured version wins when the charge
 * point offers it; without one, the first offered that the server supports.
 */

export const OCPP_VERSIONS = ['ocpp1.6', 'ocpp2.0.1'] as const;
export type OcppVersion = (typeof OCPP_VERSIONS)[number];

export function isOcppVersion(value: unknown): value is OcppVersion {
  return typeof value === 'string' && (OCPP_VERSIONS as readonly string[]).includes(value);
}

/** How screens name a version: 'ocpp2.0.1' → 'OCPP 2.0.1' (a protocol name, the same in every language). */
export function ocppVersionLabel(version: OcppVersion): string {
  return `OCPP ${version.slice('ocpp'.length)}`;
}

/** The `Sec-WebSocket-Protocol` header as a list, in the charge point's order of preference. */
export function offeredProtocols(header: string | null): string[] {
  return (header ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

export type Negotiation = { ok: true; version: OcppVersion } | { ok: false; reason: string };

/**
 * The version of a connection: the configured one if offered (else refused: a station set to 2.0.1
 * must not fall back to 1.6), otherwise the first offered that we support.
 */
export function negotiateVersion(offered: readonly string[], configured: OcppVersion | null): Negotiation {
  if (configured !== null) {
    return offered.includes(configured)
      ? { ok: true, version: configured }
      : { ok: false, reason: `Subprotocol ${configured} required for this station` };
  }
  const first = offered.find(isOcppVersion);
  return first
    ? { ok: true, version: first }
    : { ok: false, reason: `Subprotocol ${OCPP_VERSIONS.join(' or ')} required` };
}
