/** @module Where a connector's pages live, and which of them a user is sent to. */

export const connectorLinks = {
  detail: (id: number | string) => `/connectors/${id}/detail`,
  maintenance: (id: number | string) => `/connectors/${id}/maintenance`,
  support: (id: number | string) => `/connectors/${id}/support`,
  /** The OCPP log of one connector (spec: /connectors/maintenance/logs/{station uid}/{connector uid}). */
  ocppLog: (stationUid: string, connectorUid: string) =>
    `/connectors/maintenance/logs/${encodeURIComponent(stationUid)}/${encodeURIComponent(connectorUid)}`,
  configuration: (id: number | string, stationUid: string) =>
    `/connectors/${id}/maintenance/station/${encodeURIComponent(stationUid)}/configuration`,
  updateStation: (id: number | string, stationId: number, connectorUid: string) =>
    `/connectors/${id}/maintenance/station/${stationId}/update/${encodeURIComponent(connectorUid)}`,
};

/**
 * A support agent (spec section 6: "support agents are sent to the support page of a connector")
 * is someone who may use the support page but may not command connectors; everyone else who opens
 * a connector from the customer-service log goes to its maintenance page (spec section 2).
 */
export function isSupportAgent(permissions: readonly string[]): boolean {
  return permissions.includes('connectors:support') && !permissions.includes('connectors:command:basic');
}

export function connectorHome(permissions: readonly string[], id: number | string): string {
  return isSupportAgent(permissions) ? connectorLinks.support(id) : connectorLinks.maintenance(id);
}
