/**
 * @module The idempotency key of a StartTransaction. A charge point replaying its offline queue, or
 * retrying after a reconnect, sends the same connector, idTag, meterStart and timestamp, so the key
 * finds the session already allocated instead of opening a second one.
 */

export interface StartIdentity {
  connectorId: number;
  idTag: string;
  meterStart: number;
  timestamp: string;
}

/** The timestamp is normalised to epoch milliseconds so `…00Z` and `…00.000Z` are the same start. */
export function startKey(s: StartIdentity): string {
  const at = Date.parse(s.timestamp);
  const time = Number.isNaN(at) ? s.timestamp : String(at);
  return `${s.connectorId}|${s.idTag.toUpperCase()}|${s.meterStart}|${time}`;
}
