/** @module Reading one location for the location pages, and writing it back with a new set of stations. */
import type { Api } from '../../lib/api.server';

export interface LocationDetail {
  uid: string;
  name: string;
  address: string;
  streetNumber: string | null;
  postalCode: string;
  city: string;
  country: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  directions: string | null;
  openingHours: string | null;
  companyName: string;
  stationCount: number;
  stations: {
    id: number;
    uid: string;
    name: string;
    city: string | null;
    address: string | null;
    connected: boolean;
    connectorCount: number;
    firstConnectorId: number | null;
  }[];
}

export const readLocation = (api: Api, uid: string) =>
  api.send(api.client.api.location[':uid'].$get({ param: { uid } }));

/** The PUT body that keeps every field of `l` and sets its stations to `stationIds`. */
export function withStations(l: LocationDetail, stationIds: number[]) {
  return {
    uid: l.uid,
    name: l.name,
    address: l.address,
    street_number: l.streetNumber,
    postal_code: l.postalCode,
    city: l.city,
    country: l.country,
    latitude: l.latitude,
    longitude: l.longitude,
    time_zone: l.timeZone,
    directions: l.directions,
    opening_hours: l.openingHours,
    station_ids: stationIds,
  };
}
