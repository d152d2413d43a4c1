import { describe, expect, it } from 'vitest';
import { type KeptReservation, newReservationId, reservationStatusAt, reservationsAt } from './reservations';

const NOW = new Date('2026-11-27T12:00:00Z');
const r = (over: Partial<KeptReservation>): KeptReservation => ({
  id: 1,
  connectorId: 1,
  idTag: 'CARD',
  expiryDate: '2026-11-27T13:00:00Z',
  status: 'Reserved',
  updatedAt: '2026-11-27T11:00:00Z',
  ...over,
});

describe('reservations as shown', () => {
  it('shows a Reserved one past its expiry as Expired (1.6 never says so) and keeps the others as told', () => {
    expect(reservationStatusAt(r({}), NOW)).toBe('Reserved');
    expect(reservationStatusAt(r({ expiryDate: '2026-11-27T12:00:00Z' }), NOW)).toBe('Expired');
    expect(reservationStatusAt(r({ status: 'Cancelled', expiryDate: '2026-11-27T13:00:00Z' }), NOW)).toBe('Cancelled');
    expect(reservationStatusAt(r({ status: 'Used', expiryDate: '2026-11-01T00:00:00Z' }), NOW)).toBe('Used');
  });

  it('lists the held ones first by expiry, then the ended ones newest first', () => {
    const list = reservationsAt(
      [
        r({ id: 1, expiryDate: '2026-11-27T15:00:00Z' }),
        r({ id: 2, status: 'Cancelled', updatedAt: '2026-11-27T10:00:00Z' }),
        r({ id: 3, expiryDate: '2026-11-27T11:00:00Z', updatedAt: '2026-11-27T09:00:00Z' }),
        r({ id: 4, expiryDate: '2026-11-27T12:30:00Z' }),
      ],
      NOW,
    );
    expect(list.map((x) => [x.id, x.status])).toEqual([
      [4, 'Reserved'],
      [1, 'Reserved'],
      [2, 'Cancelled'],
      [3, 'Expired'],
    ]);
  });

  it('chooses a reservation id that fits an OCPP integer', () => {
    const id = newReservationId(NOW);
    expect(Number.isInteger(id)).toBe(true);
    expect(id).toBeGreaterThan(0);
    expect(id).toBeLessThan(2_147_483_647);
  });
});
