/**
 * @module Whether the verbatim command API (`POST /stations/{uid}/commands/RemoteStartTransaction`)
 * holds back a remote start: only when the system believes a session or a reservation holds the
 * connector and the caller did not ask for `?force=true`. Unknown, offline or faulted connectors are
 * not "busy": the charge point knows better, and its answer is sent back.
 */

import type { ConnectorStatus } from '@domain/stations/statuses';

export const BUSY_STATUSES: ReadonlySet<ConnectorStatus> = new Set([
  'charging',
  'finishing',
  'suspended_ev',
  'suspended_evse',
  'reserved',
]);

export function remoteStartHeldBack(
  action: string,
  force: boolean,
  connectorStatus: ConnectorStatus | undefined,
): boolean {
  return (
    action === 'RemoteStartTransaction' && !force && connectorStatus !== undefined && BUSY_STATUSES.has(connectorStatus)
  );
}
