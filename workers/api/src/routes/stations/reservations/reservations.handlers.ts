/**
 * @module A station's reservations (OCPP block H, ADR 058 addendum): what its ChargePoint object kept
 * of the ReserveNow / CancelReservation it answered and of what became of each, read at the time asked
 * (a 1.6 station never reports an expiry). Station in the caller's company tree only (404 otherwise).
 */

import type { AppEnv } from '@api/env';
import { chargePointOf, onStation } from '@api/lib/station-scope';
import { reservationsAt } from '@domain/ocpp/reservations';
import { OpenAPIHono } from '@hono/zod-openapi';
import { getReservations } from './reservations.routes';

export const reservationRoutes = new OpenAPIHono<AppEnv>().openapi(getReservations, (c) =>
  onStation(c, c.req.valid('param').uid, async (station) => {
    const { reservations } = await chargePointOf(c, station).state();
    const data = reservationsAt(reservations ?? [], new Date()).map((r) => ({
      id: r.id,
      connector_id: r.connectorId,
      id_tag: r.idTag,
      expiry_date: r.expiryDate,
      status: r.status,
      updated_at: r.updatedAt,
    }));
    return c.json({ data, ocpp_version: station.ocppVersionConnected ?? station.ocppVersion }, 200);
  }),
);
