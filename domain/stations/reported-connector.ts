/**
 * @module What a StatusNotification may do to the station's connectors (issue 24, sections 1 and 3):
 * which unknown connector number a charge point may add by reporting it, and which reports change a
 * connector (charge points repeat StatusNotification after every boot).
 */

/** The highest connector number a charge point may add to its station by reporting it. */
export const MAX_REPORTED_CONNECTOR = 8;

/** Whether a connector of this number may ever be added by a report (1 to MAX_REPORTED_CONNECTOR). */
export function isAddableConnectorNumber(connectorNumber: number): boolean {
  return connectorNumber >= 1 && connectorNumber <= MAX_REPORTED_CONNECTOR;
}

/**
 * A connector the back office does not know yet is added only when it is the next one (the station's
 * connector count + 1) and at most MAX_REPORTED_CONNECTOR, so a charge point cannot give its station
 * thousands of connectors.
 */
export function mayAddReportedConnector(connectorNumber: number, knownConnectors: number): boolean {
  return isAddableConnectorNumber(connectorNumber) && connectorNumber <= knownConnectors + 1;
}

/** Whether a report changes the connector: its status or its error code (none stands for NoError). */
export function isStatusChange(
  current: { status: string; errorCode: string | null },
  reported: { status: string; errorCode: string },
): boolean {
  return current.status !== reported.status || (current.errorCode ?? 'NoError') !== reported.errorCode;
}
