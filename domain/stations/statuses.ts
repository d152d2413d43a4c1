/** @module Connector and station states of the specification (section 4) and OCPP error codes (section 8). */

export const CONNECTOR_STATUSES = [
  'available',
  'preparing',
  'charging',
  'finishing',
  'suspended_ev',
  'suspended_evse',
  'reserved',
  'offline',
  'faulted',
  'unavailable',
  'blocked',
  'inoperative',
  'out_of_order',
  'to_be_installed',
  'removed',
  'unknown',
] as const;
export type ConnectorStatus = (typeof CONNECTOR_STATUSES)[number];

/** The overview's buckets: preparing, charging and finishing are all shown as charging (occupied). */
export const STATUS_BUCKET: Record<ConnectorStatus, string> = {
  available: 'available',
  preparing: 'charging',
  charging: 'charging',
  finishing: 'charging',
  suspended_ev: 'suspended',
  suspended_evse: 'suspended',
  reserved: 'reserved',
  offline: 'offline',
  faulted: 'faulted',
  unavailable: 'unavailable',
  blocked: 'blocked',
  inoperative: 'inoperative',
  out_of_order: 'out_of_order',
  to_be_installed: 'to_be_installed',
  removed: 'removed',
  unknown: 'unknown',
};

export const CONNECTOR_CAPABILITIES = [
  'CHARGING_PROFILE_CAPABLE',
  'CREDIT_CARD_PAYABLE',
  'REMOTE_START_STOP_CAPABLE',
  'RESERVABLE',
  'RFID_READER',
  'UNLOCK_CAPABLE',
  'CHARGING_PREFERENCES_CAPABLE',
  'CHIP_CARD_SUPPORT',
  'CONTACTLESS_CARD_SUPPORT',
  'DEBIT_CARD_PAYABLE',
  'PED_TERMINAL',
  'TOKEN_GROUP_CAPABLE',
  'START_SESSION_CONNECTOR_REQUIRED',
] as const;
export type ConnectorCapability = (typeof CONNECTOR_CAPABILITIES)[number];

/** OCPP 1.6 ChargePointErrorCode values, spelled as the protocol spells them. */
export const CHARGE_POINT_ERROR_CODES = [
  'ConnectorLockFailure',
  'EVCommunicationError',
  'GroundFailure',
  'HighTemperature',
  'InternalError',
  'LocalListConflict',
  'NoError',
  'OtherError',
  'OverCurrentFailure',
  'OverVoltage',
  'PowerMeterFailure',
  'PowerSwitchFailure',
  'ReaderFailure',
  'ResetFailure',
  'UnderVoltage',
  'WeakSignal',
] as const;
export type ChargePointErrorCode = (typeof CHARGE_POINT_ERROR_CODES)[number];

export const POWER_TYPES = ['AC_1_PHASE', 'AC_3_PHASE', 'DC'] as const;

/** Who may charge at a station follows from its type (see domain/authorization). */
export const STATION_TYPES = ['public', 'private', 'work', 'home'] as const;
export type StationType = (typeof STATION_TYPES)[number];

/** Orders the connector list offers (`POST /api/connectors` sort). */
export const CONNECTOR_LIST_SORTS = ['evse_id', 'station', 'city', 'status', 'max_power', 'status_changed_at'] as const;
export type PowerType = (typeof POWER_TYPES)[number];

export const STATION_REGISTRATION = ['accepted', 'pending', 'rejected'] as const;
export type StationRegistration = (typeof STATION_REGISTRATION)[number];

/** Power is stored in watts and shown in kW (watts divided by 1000). */
export function wattsToKw(watts: number): number {
  return watts / 1000;
}
