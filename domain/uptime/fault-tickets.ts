/**
 * @module Automatic maintenance tickets for long faults (ADR 054): a connector faulted for at least
 * its company's threshold gets one ticket, linked to the status history row that began the fault (so
 * the same fault never opens a second one); when the connector leaves that fault the ticket is marked.
 */

/** When the company set none. */
export const DEFAULT_FAULT_TICKET_MINUTES = 60;
export const FAULT_TICKET_MINUTES_MIN = 5;
export const FAULT_TICKET_MINUTES_MAX = 10_080;

export interface OngoingFault {
  /** The status history row that began the fault. */
  statusId: number;
  connectorId: number;
  /** Epoch ms the fault began. */
  since: number;
  thresholdMinutes: number;
  /** A ticket is linked to this fault already. */
  ticketed: boolean;
}

/** The faults that need a ticket now: lasted at least their threshold, none opened yet. */
export function faultsDueTicket<T extends OngoingFault>(faults: readonly T[], now: number): T[] {
  return faults.filter((f) => !f.ticketed && now - f.since >= f.thresholdMinutes * 60_000);
}

export interface TicketedFault {
  statusId: number;
  /** Null once the ticket was deleted (the fault stays linked). */
  ticketId: number | null;
  /** When the next status row after the fault was recorded; null while the fault lasts. */
  nextStatusAt: number | null;
}

/** The ticketed faults that ended, with when: the ticket gets its "fault cleared" mark. */
export function clearedFaults(
  open: readonly TicketedFault[],
): { statusId: number; ticketId: number | null; clearedAt: number }[] {
  return open.flatMap((f) =>
    f.nextStatusAt === null ? [] : [{ statusId: f.statusId, ticketId: f.ticketId, clearedAt: f.nextStatusAt }],
  );
}
