/**
 * @module OCPP 2.0.1 SetNetworkProfile (block B09; ADR 058 addendum): what of its connectionData is a
 * secret. The VPN password and shared key, the APN password and the SIM PIN go to the station as given
 * but are never kept: the customer-service log, the object's pending calls and the frame log hold a mask.
 */

export const SECRET_MASK = '********';

const SECRETS: Record<'vpn' | 'apn', readonly string[]> = {
  vpn: ['password', 'key'],
  apn: ['apnPassword', 'simPin'],
};

type Payload = Record<string, unknown>;
const isObject = (v: unknown): v is Payload => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A SetNetworkProfile request with its secrets masked (anything else as it is). */
export function withoutNetworkSecrets(payload: unknown): unknown {
  if (!isObject(payload) || !isObject(payload.connectionData)) return payload;
  const data: Payload = { ...payload.connectionData };
  for (const [part, fields] of Object.entries(SECRETS)) {
    const section = data[part];
    if (!isObject(section)) continue;
    const masked: Payload = { ...section };
    for (const f of fields) if (f in masked) masked[f] = SECRET_MASK;
    data[part] = masked;
  }
  return { ...payload, connectionData: data };
}
