/**
 * @module Demo connector groups (tags) and locations: a few groups of the operator and its
 * sub-operator over the demo stations' connectors, and the sites those stations stand at.
 * Idempotent: skipped once any connector group exists.
 */
import { eq, like } from 'drizzle-orm';
import type { Db } from '../db';
import {
  companies,
  connectorGroupConnectors,
  connectorGroups,
  connectors,
  locationStations,
  locations,
  stations,
} from '../schema';

interface DemoGroup {
  company: string;
  name: string;
  description: string;
  /** Station uid prefix of the member connectors. */
  stations: string;
  power?: 'DC' | 'AC_3_PHASE';
}

const GROUPS: DemoGroup[] = [
  {
    company: 'Voltaria Networks',
    name: 'Paris fast chargers',
    description: 'DC connectors in Paris',
    stations: 'VLT-PAR-',
    power: 'DC',
  },
  {
    company: 'Voltaria Networks',
    name: 'Lyon AC',
    description: 'Destination charging in Lyon',
    stations: 'VLT-LYO-',
    power: 'AC_3_PHASE',
  },
  {
    company: 'Voltaria Networks',
    name: 'Bordeaux quays',
    description: 'Every connector on the Chartrons quays',
    stations: 'VLT-BOR-',
  },
  {
    company: 'Voltaria Sud',
    name: 'Côte d’Azur',
    description: 'Nice connectors run by Voltaria Sud',
    stations: 'VLT-NIC-',
  },
];

interface DemoLocation {
  uid: string;
  company: string;
  name: string;
  address: string;
  streetNumber: string;
  postalCode: string;
  city: string;
  latitude: number;
  longitude: number;
  openingHours: string;
  stations: string[];
}

const LOCATIONS: DemoLocation[] = [
  {
    uid: 'LOC-PAR-VOLTAIRE',
    company: 'Voltaria Networks',
    name: 'Parking Voltaire',
    address: 'Boulevard Voltaire',
    streetNumber: '120',
    postalCode: '75011',
    city: 'Paris',
    latitude: 48.8631,
    longitude: 2.3843,
    openingHours: '24/7',
    stations: ['VLT-PAR-001', 'VLT-PAR-002'],
  },
  {
    uid: 'LOC-LYO-PARTDIEU',
    company: 'Voltaria Networks',
    name: 'Gare Part-Dieu',
    address: 'Rue de la Part-Dieu',
    streetNumber: '5',
    postalCode: '69003',
    city: 'Lyon',
    latitude: 45.7647,
    longitude: 4.8613,
    openingHours: 'Mon–Sun 05:00–00:30',
    stations: ['VLT-LYO-001', 'VLT-LYO-002', 'VLT-LYO-003'],
  },
  {
    uid: 'LOC-NIC-PORT',
    company: 'Voltaria Sud',
    name: 'Port de Nice',
    address: 'Quai des États-Unis',
    streetNumber: '1',
    postalCode: '06300',
    city: 'Nice',
    latitude: 43.7002,
    longitude: 7.2797,
    openingHours: '24/7',
    stations: ['VLT-NIC-001', 'VLT-NIC-002'],
  },
];

export async function seedDemoGroups(db: Db): Promise<void> {
  if (await db.select({ id: connectorGroups.id }).from(connectorGroups).limit(1).get()) return;
  const companyId = async (name: string) =>
    (await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)).get())?.id;
  for (const g of GROUPS) {
    const owner = await companyId(g.company);
    if (!owner) continue;
    const members = await db
      .select({ id: connectors.id, power: connectors.powerType })
      .from(connectors)
      .innerJoin(stations, eq(stations.id, connectors.stationId))
      .where(like(stations.uid, `${g.stations}%`));
    const group = await db
      .insert(connectorGroups)
      .values({ companyId: owner, name: g.name, nameKey: g.name.toLocaleLowerCase('en'), description: g.description })
      .returning({ id: connectorGroups.id })
      .get();
    const rows = members
      .filter((m) => !g.power || m.power === g.power)
      .map((m) => ({ groupId: group.id, connectorId: m.id }));
    // 3 bound parameters a row (group, connector, added_at default is not bound): stay under D1's 100.
    for (let i = 0; i < rows.length; i += 40) await db.insert(connectorGroupConnectors).values(rows.slice(i, i + 40));
  }
  for (const l of LOCATIONS) {
    const owner = await companyId(l.company);
    if (!owner) continue;
    const { stations: uids, company: _company, ...fields } = l;
    const created = await db
      .insert(locations)
      .values({ ...fields, companyId: owner, country: 'FR' })
      .onConflictDoNothing()
      .returning({ id: locations.id })
      .get();
    if (!created) continue;
    for (const uid of uids) {
      const station = await db.select({ id: stations.id }).from(stations).where(eq(stations.uid, uid)).get();
      if (station)
        await db
          .insert(locationStations)
          .values({ stationId: station.id, locationId: created.id })
          .onConflictDoNothing();
    }
  }
}
