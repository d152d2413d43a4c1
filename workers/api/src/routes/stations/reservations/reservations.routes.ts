/** @module Route declaration of a station's reservations (OCPP block H, both versions; ADR 058 addendum). */

import { defineRoute, ErrorSchema, json } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { ByUid } from '../stations.schemas';

export const StationReservation = z
  .object({
    id: z.number().int().openapi({ description: 'The reservationId (1.6) / id (2.0.1) sent in ReserveNow' }),
    connector_id: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The connector number (OCPP 2.0.1: the EVSE id); null for the whole station' }),
    id_tag: z.string().nullable().openapi({ description: 'The card (idTag / idToken) the reservation is for' }),
    expiry_date: z.string().nullable(),
    status: z.enum(['Reserved', 'Cancelled', 'Used', 'Expired', 'Removed']).openapi({
      description:
        'Reserved: the station holds it (until expiry_date); Cancelled by CancelReservation; Used by a transaction; Expired (told by a 2.0.1 station, or past its expiry); Removed by the station',
    }),
    updated_at: z.string(),
  })
  .openapi('StationReservation');

export const StationReservations = z
  .object({
    data: z.array(StationReservation),
    ocpp_version: z.string().nullable(),
  })
  .openapi('StationReservations');

export const getReservations = defineRoute('connectors:command:advanced', {
  method: 'get',
  path: '/stations/{uid}/reservations',
  tags: ['Station commands'],
  summary:
    'The reservations made on the station through reserve-now (the latest 50): the ones it holds first, by expiry, then those cancelled, used, expired or removed. Make one with commands/reserve-now, cancel with commands/cancel-reservation',
  request: { params: ByUid },
  responses: { 200: json(StationReservations), 404: json(ErrorSchema, 'Station uid: {uid} not found.') },
});
