/**
 * @module A reservation as the back office shows it (OCPP block H, both versions; ADR 058 addendum).
 * The ChargePoint object records what the station told (Accepted ReserveNow, CancelReservation, the
 * transaction that used it, 2.0.1 ReservationStatusUpdate); a 1.6 station never says that a reservation
 * expired, so a Reserved one past its expiry is shown Expired, read at the time asked.
 */

export type ReservationStatus = 'Reserved' | 'Cancelled' | 'Used' | 'Expired' | 'Removed';

export interface KeptReservation {
  id: number;
  connectorId: number | null;
  idTag: string | null;
  expiryDate: string | null;
  status: ReservationStatus;
  updatedAt: string;
}

/** Its status at `now`: Reserved until its expiry, Expired after it (whatever the station said). */
export function reservationStatusAt(r: KeptReservation, now: Date): ReservationStatus {
  if (r.status !== 'Reserved' || r.expiryDate === null) return r.status;
  const end = Date.parse(r.expiryDate);
  return !Number.isNaN(end) && end <= now.getTime() ? 'Expired' : 'Reserved';
}

const at = (iso: string | null) => (iso === null ? Number.POSITIVE_INFINITY : Date.parse(iso) || 0);

/** The reservations at `now`, the ones the station still holds first (by expiry), then the others, newest first. */
export function reservationsAt(all: readonly KeptReservation[], now: Date) {
  const shown = all.map((r) => ({ ...r, status: reservationStatusAt(r, now) }));
  const current = shown.filter((r) => r.status === 'Reserved').sort((a, b) => at(a.expiryDate) - at(b.expiryDate));
  const ended = shown.filter((r) => r.status !== 'Reserved').sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return [...current, ...ended];
}

/** A reservation id of our choosing for a new ReserveNow: seconds since the epoch, within an OCPP integer. */
export function newReservationId(now: Date): number {
  return Math.floor(now.getTime() / 1000) % 2_147_483_647;
}
