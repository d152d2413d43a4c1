/** @module One connector with its station's fields, within the selected company's tree. */

import type { Db } from '@db/db';
import { stationInScope } from '@db/queries/stations';
import { companies, connectors, stations } from '@db/schema';
import { isStationOnline, shownLastHeartbeat } from '@domain/stations/liveness';
import { z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { connectorFields, connectorFieldsShape } from './connectors.schemas';

const iso = (d: Date | null) => d?.toISOString() ?? null;

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
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    timeZone: z.string(),
    powerType: z.string().nullable(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    serialNumber: z.string().nullable(),
    firmware: z.string().nullable(),
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

export async function connectorDetail(db: Db, scope: number[], id: number) {
  const row = await db
    .select({ c: connectors, s: stations, operatorName: companies.name })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .innerJoin(companies, eq(companies.id, stations.companyId))
    .where(and(eq(connectors.id, id), stationInScope(scope)))
    .get();
  if (!row) return null;
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
