/** @module OCPP 1.6 ChargePointStatus values and their place in the back office's connector status enum. */
import type { ConnectorStatus } from '../stations/statuses';

export const OCPP_CONNECTOR_STATUSES = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEV',
  'SuspendedEVSE',
  'Finishing',
  'Reserved',
  'Unavailable',
  'Faulted',
] as const;
export type OcppConnectorStatus = (typeof OCPP_CONNECTOR_STATUSES)[number];

const MAP: Record<OcppConnectorStatus, ConnectorStatus> = {
  Available: 'available',
  Preparing: 'preparing',
  Charging: 'charging',
  SuspendedEV: 'suspended_ev',
  SuspendedEVSE: 'suspended_evse',
  Finishing: 'finishing',
  Reserved: 'reserved',
  Unavailable: 'unavailable',
  Faulted: 'faulted',
};

/** The schema already restricts the value; an unexpected one becomes 'unknown' rather than a guess. */
export function connectorStatusFromOcpp(status: string): ConnectorStatus {
  return MAP[status as OcppConnectorStatus] ?? 'unknown';
}
