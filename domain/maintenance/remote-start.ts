/**
 * @module Whether a remote start may be sent (spec 7.17 `maintenance/{id}/{userId}/start`), before
 * the card goes through the same authorization as at the charger: the user must be active and of the
 * caller's company tree, the connector free or waiting for a car, and the user must hold an active card.
 */

import type { ConnectorStatus } from '@domain/stations/statuses';

/** A driver can be started remotely only on a connector that is free or waiting for a car. */
export const REMOTE_STARTABLE: ReadonlySet<ConnectorStatus> = new Set(['available', 'preparing']);

export type RemoteStartRefusal = 'USER_NOT_FOUND' | 'CONNECTOR_BUSY' | 'NO_ACTIVE_RFID';

export interface RemoteStartFacts {
  /** The user to start for, if the id exists. */
  user: { status: string; companyId: number } | undefined;
  /** The caller's company tree. */
  scope: readonly number[];
  connectorStatus: ConnectorStatus;
  hasActiveCard: boolean;
}

/** The first reason a remote start is refused, in the order the user sees them; null when it may go on. */
export function remoteStartRefusal(f: RemoteStartFacts): RemoteStartRefusal | null {
  if (f.user?.status !== 'active' || !f.scope.includes(f.user.companyId)) return 'USER_NOT_FOUND';
  if (!REMOTE_STARTABLE.has(f.connectorStatus)) return 'CONNECTOR_BUSY';
  if (!f.hasActiveCard) return 'NO_ACTIVE_RFID';
  return null;
}
