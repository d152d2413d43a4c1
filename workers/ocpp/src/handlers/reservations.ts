/**
 * @module The reservations this back office made on the charge point (ReserveNow), kept in the
 * object's state (`reservations`, the latest 50; `state()` shows them) with what became of each: the
 * station Accepted it (Reserved), the back office cancelled it (CancelReservation Accepted), a
 * transaction used it (1.6 StartTransaction or 2.0.1 TransactionEvent naming it), or the 2.0.1 station
 * told that it expired or was removed (ReservationStatusUpdate, block H). Both versions, ADR 058 addendum.
 */
import type { KeptReservation, ReservationStatus } from '@domain/ocpp/reservations';
import type { HandlerContext } from '../context';
import type { Store } from '../storage/store';
import type { CommandResult } from '../transport/outbound';

/** connectorId: 1.6 connector number = 2.0.1 EVSE id; null for the whole station (connector 0, no evseId). */
export type Reservation = KeptReservation;
export type { ReservationStatus };

const KEPT = 50;

function update(store: Store, id: number, change: Partial<Reservation> & { status: ReservationStatus }, at: Date) {
  const all = store.get('reservations') ?? [];
  const known = all.find((r) => r.id === id);
  const next: Reservation = {
    id,
    connectorId: known?.connectorId ?? null,
    idTag: known?.idTag ?? null,
    expiryDate: known?.expiryDate ?? null,
    ...change,
    updatedAt: at.toISOString(),
  };
  const rest = all.filter((r) => r.id !== id);
  store.put('reservations', [next, ...rest].slice(0, KEPT));
}

const num = (v: unknown) => (typeof v === 'number' ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * A ReserveNow or CancelReservation the charge point answered, in either form (1.6 `reservationId`,
 * `expiryDate`, `idTag`; 2.0.1 `id`, `expiryDateTime`, `idToken`): recorded when it Accepted.
 */
export function noteReservationCommand(store: Store, action: string, payload: unknown, outcome: CommandResult): void {
  if (action !== 'ReserveNow' && action !== 'CancelReservation') return;
  if (outcome.status !== 'accepted' || (outcome.reply as { status?: unknown } | null)?.status !== 'Accepted') return;
  const p = (payload ?? {}) as Record<string, unknown>;
  const id = num(p.reservationId) ?? num(p.id);
  if (id === null) return;
  if (action === 'CancelReservation') {
    update(store, id, { status: 'Cancelled' }, new Date());
    return;
  }
  const connector = num(p.connectorId) ?? num(p.evseId);
  const token = (p.idToken as { idToken?: unknown } | undefined)?.idToken;
  update(
    store,
    id,
    {
      status: 'Reserved',
      connectorId: connector !== null && connector > 0 ? connector : null,
      idTag: str(p.idTag) ?? str(token),
      expiryDate: str(p.expiryDate) ?? str(p.expiryDateTime),
    },
    new Date(),
  );
}

/** A transaction started on a reservation: it is used (and no longer held by the station). */
export function markReservationUsed(ctx: HandlerContext, reservationId: number | undefined): void {
  if (reservationId === undefined) return;
  update(ctx.store, reservationId, { status: 'Used' }, ctx.now);
}

/** 2.0.1 ReservationStatusUpdate: the station ended a reservation (Expired, or Removed by itself). */
export function endReservation(ctx: HandlerContext, reservationId: number, status: 'Expired' | 'Removed'): void {
  update(ctx.store, reservationId, { status }, ctx.now);
}
