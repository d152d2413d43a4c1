/**
 * @module Schemas of one connector (`GET /connectors/{id}`) and of what its detail and support pages
 * add: totals of its sessions (spec 7.18 `connectors/{id}/total-local-stats`) and its latest sessions.
 */

import { stationPlaceFields } from '@api/lib/station-fields';
import type { chargingSessions, connectors, stations } from '@db/schema';
import { OCPP_VERSIONS } from '@domain/ocpp/versions';
import type { ConnectorTotals } from '@domain/sessions/connector-totals';
import { isStationOnline, shownLastHeartbeat } from '@domain/stations/liveness';
import { z } from '@hono/zod-openapi';
import { connectorFields, connectorFieldsShape } from '../list/list.schemas';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const ConnectorIdParams = z.object({ id: z.coerce.number().int().positive() });

export const StationSchema = z
  .object({
    id: z.number(),
    uid: z.string(),
    name: z.string(),
    operatorId: z.number(),
    operatorName: z.string(),
    ownerId: z.number().nullable(),
    type: z.string(),
    address: z.string().nullable(),
    streetNumber: z.string().nullable(),
    ...stationPlaceFields,
    timeZone: z.string(),
    powerType: z.string().nullable(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    serialNumber: z.string().nullable(),
    firmware: z.string().nullable(),
    /** The SIM the charge point last reported in BootNotification (read-only). */
    iccid: z.string().nullable(),
    imsi: z.string().nullable(),
    /** OCPP version the station must speak (null: whichever it offers first) and the one its last connection negotiated (ADR 058). */
    ocppVersion: z.enum(OCPP_VERSIONS).nullable(),
    ocppVersionConnected: z.enum(OCPP_VERSIONS).nullable(),
    registration: z.string(),
    visibleInApp: z.boolean(),
    openToPublic: z.boolean(),
    offline: z.boolean(),
    /** Online as every screen counts it (domain/stations/liveness.ts). */
    online: z.boolean(),
    /** Only when it is the last contact recorded (see shownLastHeartbeat), else null. */
    lastHeartbeatAt: z.string().nullable(),
    lastBootAt: z.string().nullable(),
    lastSeenAt: z.string().nullable(),
  })
  .openapi('StationSummary');

export const ConnectorDetailSchema = z
  .object({
    ...connectorFieldsShape,
    plugFormat: z.string().nullable(),
    voltage: z.number().nullable(),
    amperage: z.number().nullable(),
    maxPowerW: z.number().nullable(),
    station: StationSchema,
  })
  .openapi('ConnectorDetail');

/** A connector row with its station and the operator's name → `ConnectorDetail`. */
export function toConnectorDetail(row: {
  c: typeof connectors.$inferSelect;
  s: typeof stations.$inferSelect;
  operatorName: string;
}): z.output<typeof ConnectorDetailSchema> {
  const { c, s } = row;
  return {
    ...connectorFields(c, s),
    plugFormat: c.plugFormat,
    voltage: c.voltage,
    amperage: c.amperage,
    maxPowerW: c.maxPowerW,
    station: {
      id: s.id,
      uid: s.uid,
      name: s.name,
      operatorId: s.companyId,
      operatorName: row.operatorName,
      ownerId: s.ownerCompanyId,
      type: s.type,
      address: s.address,
      streetNumber: s.streetNumber,
      postalCode: s.postalCode,
      city: s.city,
      country: s.country,
      latitude: s.latitude,
      longitude: s.longitude,
      timeZone: s.timeZone,
      powerType: s.powerType,
      brand: s.brand,
      model: s.model,
      serialNumber: s.serialNumber,
      firmware: s.firmware,
      iccid: s.iccid,
      imsi: s.imsi,
      ocppVersion: s.ocppVersion,
      ocppVersionConnected: s.ocppVersionConnected,
      registration: s.registration,
      visibleInApp: s.visibleInApp,
      openToPublic: s.openToPublic,
      offline: s.offline,
      online: isStationOnline(s),
      lastHeartbeatAt: iso(shownLastHeartbeat(s.lastSeenAt, s.lastHeartbeatAt)),
      lastBootAt: iso(s.lastBootAt),
      lastSeenAt: iso(s.lastSeenAt),
    },
  };
}

export const TotalsSchema = z
  .object({
    /** Closed sessions. */
    sessions: z.number(),
    inProgress: z.number(),
    /** Wh of closed sessions. */
    energyWh: z.number(),
    /** Minutes actually charging, of closed sessions. */
    chargingMinutes: z.number(),
    /** Seconds plugged in (start to end), of closed sessions. */
    durationS: z.number(),
    firstSessionAt: z.string().nullable(),
    lastSessionAt: z.string().nullable(),
  })
  .openapi('ConnectorTotals');

export const toTotals = (t: ConnectorTotals): z.output<typeof TotalsSchema> => ({
  ...t,
  firstSessionAt: iso(t.firstSessionAt),
  lastSessionAt: iso(t.lastSessionAt),
});

export const RecentSession = z
  .object({
    id: z.number(),
    cdrId: z.string(),
    status: z.enum(['in_progress', 'closed']),
    startAt: z.string(),
    endAt: z.string().nullable(),
    energyWh: z.number().nullable(),
    durationS: z.number().nullable(),
    authId: z.string(),
    startMethod: z.string(),
    userId: z.number().nullable(),
    userEmail: z.string().nullable(),
    stopReason: z.string().nullable(),
    /** The idTagInfo status of a start the back office refused (ADR 040), else null. */
    refusedStatus: z.string().nullable(),
    /** Closed by the back office because the transaction ended without its StopTransaction (ADR 040). */
    endedWithoutStop: z.boolean(),
    remark: z.string().nullable(),
  })
  .openapi('ConnectorRecentSession');

export const RecentQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });

export const toRecentSession = (s: typeof chargingSessions.$inferSelect): z.output<typeof RecentSession> => ({
  id: s.id,
  cdrId: s.cdrId,
  status: s.status,
  startAt: s.startAt.toISOString(),
  endAt: iso(s.endAt),
  energyWh: s.energyWh,
  durationS: s.durationS,
  authId: s.authId,
  startMethod: s.startMethod,
  userId: s.userId,
  userEmail: s.userEmail,
  stopReason: s.stopReason,
  refusedStatus: s.refusedStatus,
  endedWithoutStop: s.endedWithoutStop === 1,
  remark: s.remark,
});
