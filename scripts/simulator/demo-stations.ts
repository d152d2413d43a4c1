/** @module The demo seed's charge points (drizzle/seed/demo.ts), so `npm run simulate` brings them online. */

export interface StationSpec {
  id: string;
  connectors: number;
  powerType: 'AC' | 'DC';
  maxPowerW: number;
  vendor: string;
  model: string;
  serial: string;
  firmware: string;
}

// Mirrors the seed's loops (six cities, three stations each, station 3 is DC, two connectors each);
// repeated here rather than imported so the simulator does not load the database layer.
const CITY_CODES = ['PAR', 'LYO', 'BOR', 'LIL', 'MAR', 'NIC'] as const;

export const DEMO_STATIONS: readonly StationSpec[] = CITY_CODES.flatMap((code, cityIndex) =>
  [1, 2, 3].map((n) => {
    const dc = n === 3;
    return {
      id: `VLT-${code}-${String(n).padStart(3, '0')}`,
      connectors: 2,
      powerType: dc ? 'DC' : 'AC',
      maxPowerW: dc ? 150_000 : 22_000,
      vendor: dc ? 'Alpitronic' : 'Wallbox',
      model: dc ? 'HYC150' : 'Commander 2',
      serial: `SN-${cityIndex}${n}-2026`,
      firmware: dc ? '2.4.1' : '6.1.3',
    } satisfies StationSpec;
  }),
);

/** The first N stations: explicit ids, then the demo stations, then generated SIM-00001… ids. */
export function stationSpecs(count: number, ids: readonly string[] = []): StationSpec[] {
  const specs: StationSpec[] = [];
  for (let i = 0; i < count; i++) {
    const demo = DEMO_STATIONS[i];
    const id = ids[i] ?? (ids.length === 0 && demo ? demo.id : `SIM-${String(i + 1).padStart(5, '0')}`);
    const base = DEMO_STATIONS.find((s) => s.id === id) ?? DEMO_STATIONS[i % DEMO_STATIONS.length] ?? demo;
    if (!base) throw new Error('no demo station to copy');
    specs.push({ ...base, id, serial: base.id === id ? base.serial : `SN-SIM-${i + 1}` });
  }
  return specs;
}
