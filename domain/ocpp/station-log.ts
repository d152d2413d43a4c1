/**
 * @module The station log's vocabulary: which event type each OCPP frame (and connection event) is
 * filed under. The ids are those of `GET /api/station-log-event-types`; error codes are those of
 * `GET /api/chargingpoint-error-codes` (StatusNotification) or OCPP-J CALLERROR codes.
 */

export const STATION_LOG_EVENT_TYPES = [
  'BootNotification',
  'StatusNotification',
  'Heartbeat',
  'Authorize',
  'StartTransaction',
  'StopTransaction',
  'MeterValues',
  'DataTransfer',
  /** Diagnostics, firmware and log upload progress. */
  'Notification',
  /** SecurityEventNotification and SignCertificate (Security Whitepaper). */
  'Security',
  /** A command from the back office and the charge point's answer to it. */
  'Command',
  /** Connected, disconnected, heartbeat timeout, back online. */
  'Connection',
  /** CALLERROR frames either way and refused (malformed, oversized) frames. */
  'Error',
  /** A CALL with an action the system does not receive. */
  'Other',
] as const;
export type StationLogEventType = (typeof STATION_LOG_EVENT_TYPES)[number];

const BY_ACTION: Record<string, StationLogEventType> = {
  BootNotification: 'BootNotification',
  StatusNotification: 'StatusNotification',
  Heartbeat: 'Heartbeat',
  Authorize: 'Authorize',
  StartTransaction: 'StartTransaction',
  StopTransaction: 'StopTransaction',
  MeterValues: 'MeterValues',
  DataTransfer: 'DataTransfer',
  DiagnosticsStatusNotification: 'Notification',
  FirmwareStatusNotification: 'Notification',
  SignedFirmwareStatusNotification: 'Notification',
  LogStatusNotification: 'Notification',
  SecurityEventNotification: 'Security',
  SignCertificate: 'Security',
  // OCPP 2.0.1 (ADR 058); TransactionEvent is filed by its eventType below.
  NotifyEvent: 'Notification',
  // Reports and notices of blocks B, K, N, O (handlers/v201/reports.ts).
  NotifyReport: 'Notification',
  ReportChargingProfiles: 'Notification',
  NotifyEVChargingNeeds: 'Notification',
  NotifyChargingLimit: 'Notification',
  ClearedChargingLimit: 'Notification',
  NotifyDisplayMessages: 'Notification',
  NotifyMonitoringReport: 'Notification',
  // Blocks H and M (handlers/v201/blocks.ts).
  ReservationStatusUpdate: 'Notification',
  Get15118EVCertificate: 'Security',
  GetCertificateStatus: 'Security',
};

/** A 2.0.1 TransactionEvent under the 1.6 type its event stands for. */
const BY_TRANSACTION_EVENT: Record<string, StationLogEventType> = {
  Started: 'StartTransaction',
  Updated: 'MeterValues',
  Ended: 'StopTransaction',
};

/** The event type of a charge point's CALL (and of its CALLRESULT). */
export function eventTypeOfInboundAction(action: string, payload?: unknown): StationLogEventType {
  if (action === 'TransactionEvent') {
    const eventType = (payload as { eventType?: unknown } | null | undefined)?.eventType;
    return BY_TRANSACTION_EVENT[String(eventType)] ?? 'Other';
  }
  return BY_ACTION[action] ?? 'Other';
}

export const STATION_LOG_DIRECTIONS = ['in', 'out', 'internal'] as const;
export type StationLogDirection = (typeof STATION_LOG_DIRECTIONS)[number];

/** The spec's cap: at most 200 entries from the start date. */
export const STATION_LOG_MAX_LIMIT = 200;

/** One entry of a station's log, as the ChargePoint object returns it. */
export interface StationLogEntry {
  id: number;
  /** UTC, ISO 8601. */
  at: string;
  /** in: from the charge point; out: to it; internal: a connection event of the system itself. */
  direction: StationLogDirection;
  /** OCPP-J message type: 2 CALL, 3 CALLRESULT, 4 CALLERROR; null for refused frames and events. */
  messageType: number | null;
  messageId: string | null;
  action: string | null;
  connectorId: number | null;
  errorCode: string | null;
  eventType: StationLogEventType;
  /** The frame as sent or received (truncated when very long), or the event's description. */
  frame: string | null;
}

export interface StationLogQuery {
  /** Entries of this connector plus the station-wide ones (no connector, or connector 0). */
  connectorId?: number;
  /** UTC epoch milliseconds, inclusive. */
  from?: number;
  to?: number;
  errorCode?: string;
  eventType?: string;
  limit: number;
}

/**
 * The window the ChargePoint object answered (oldest first) in the order the reader asked for:
 * newest first (`desc`, what operators read) or oldest first. Keys increase with time.
 */
export function logWindowInOrder<E extends { id: number }>(window: readonly E[], order: 'asc' | 'desc'): E[] {
  return [...window].sort((a, b) => (order === 'asc' ? a.id - b.id : b.id - a.id));
}
