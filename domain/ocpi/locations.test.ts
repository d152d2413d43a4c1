import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ConnectorSource, evseStatusPatch, locationOf, type StationSource } from './location-mapping';
import { openingTimes } from './location-values';
import { EnergyMix, Evse, Hours, Location, LocationPatch } from './locations';

/** The specification's example messages, copied verbatim into the repository (tests/fixtures/ocpi-2.2.1). */
const example = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../tests/fixtures/ocpi-2.2.1/${name}`, import.meta.url), 'utf8'));

describe('OCPI Location schemas against the reference examples', () => {
  it.each([
    'location_example.json',
    'location_example_parking_garage_opening_hours.json',
    'location_example_uc2_destination_charger.json',
    'location_example_uc3_destination_charger_not_published.json',
    'location_example_uc4_limited_visibility.json',
    'location_example_uc5_home_charge_point.json',
  ])('%s parses as a Location, nothing dropped', (name) => {
    expect(Location.parse(example(name))).toEqual(example(name));
  });

  it.each([
    'location_hours_247_open_exception_closing.json',
    'location_hours_opening_hours_with_exceptional_closing.json',
    'location_hours_opening_hours_with_exceptional_opening.json',
  ])('%s parses as Hours', (name) => {
    expect(Hours.parse(example(name))).toEqual(example(name));
  });

  it('the regular hours and energy mix examples parse as the Location fields they show', () => {
    const hours = example('location_regularhours_example.json') as { opening_times: unknown };
    expect(Hours.parse(hours.opening_times)).toEqual(hours.opening_times);
    for (const name of [
      'location_energymix_example_simple.json',
      'location_energymix_example_complete.json',
      'location_energymix_example_energy_provider.json',
    ]) {
      const mix = example(name) as { energy_mix: unknown };
      expect(EnergyMix.parse(mix.energy_mix)).toEqual(mix.energy_mix);
    }
  });

  it.each([
    'location_patch_example_status.json',
    'location_patch_example_location.json',
    'location_patch_example_tariff.json',
    'location_patch_example_remove_evse.json',
  ])('%s parses as a PATCH (last_updated present)', (name) => {
    expect(LocationPatch.parse(example(name))).toEqual(example(name));
  });

  it('refuses the "add an EVSE" example: its connector lacks power_type, voltage and current, physical_reference is a number', () => {
    const parsed = Evse.safeParse(example('location_put_example_add_evse.json'));
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'connectors.0.power_type',
        'connectors.0.max_voltage',
        'connectors.0.max_amperage',
        'physical_reference',
      ]),
    );
  });

  it('refuses publish_allowed_to with publish true, a PublishToken with uid but no type, bad coordinates', () => {
    const good = example('location_example_uc4_limited_visibility.json') as Record<string, unknown>;
    expect(Location.safeParse({ ...good, publish: true }).success).toBe(false);
    expect(Location.safeParse({ ...good, publish_allowed_to: [{ uid: '123' }] }).success).toBe(false);
    expect(Location.safeParse({ ...good, coordinates: { latitude: '53.2', longitude: '5.804638' } }).success).toBe(
      false,
    );
    expect(Location.safeParse({ ...good, country: 'NL' }).success).toBe(false);
  });
});

const at = (iso: string) => new Date(iso);
const station = (over: Partial<StationSource> = {}): StationSource => ({
  id: 7,
  uid: '3e7b39c2-10d0-4138-a8b3-8509a25f9920',
  name: 'ihomer',
  address: 'Tamboerijn',
  streetNumber: '7',
  postalCode: '4876 BS',
  city: 'Etten-Leur',
  country: 'NL',
  latitude: 51.562787,
  longitude: 4.638975,
  timeZone: 'Europe/Amsterdam',
  type: 'public',
  openToPublic: true,
  directions: null,
  plugType: null,
  plugFormat: null,
  powerType: null,
  voltage: null,
  amperage: null,
  certifiedRenewable: false,
  renewableGPerKwh: null,
  createdAt: at('2019-06-01T08:00:00Z'),
  updatedAt: at('2019-06-30T08:00:00Z'),
  ...over,
});
const connector = (over: Partial<ConnectorSource> = {}): ConnectorSource => ({
  uid: 'fd855359-bc81-47bb-bb89-849ae3dac89e',
  connectorNumber: 1,
  evseId: 'NL*ALF*E000000001',
  plugType: 'Type 2',
  plugFormat: 'SOCKET',
  powerType: 'AC_3_PHASE',
  voltage: 220,
  amperage: 16,
  maxPowerW: null,
  status: 'available',
  capabilities: [],
  createdAt: at('2019-06-01T08:00:00Z'),
  updatedAt: at('2019-07-01T12:12:11Z'),
  statusChangedAt: null,
  ...over,
});
const ctx = { countryCode: 'NL', partyId: 'ALF', publish: true };

describe('our stations as OCPI Locations', () => {
  it('a station equivalent to the "destination charger" example serialises to that example exactly', () => {
    const built = locationOf(
      station({ parkingType: 'PARKING_LOT', parkingRestrictions: ['CUSTOMERS'] }),
      [connector()],
      ctx,
    );
    expect(built).toEqual({ location: example('location_example_uc2_destination_charger.json') });
  });

  it('a station at a site open Mo-Su 07:00-18:00 serialises to the parking-garage example exactly', () => {
    const built = locationOf(
      station({
        uid: 'cbb0df21-d17d-40ba-a4aa-dc588c8f98cb',
        name: 'P-Huset Leonard',
        address: 'Claesgatan 6',
        streetNumber: null,
        city: 'Malmö',
        postalCode: '214 26',
        country: 'SE',
        latitude: 55.590325,
        longitude: 13.008307,
        timeZone: 'Europe/Stockholm',
        siteOpeningHours: 'Mo-Su 07:00-18:00',
        parkingType: 'PARKING_GARAGE',
        createdAt: at('2017-01-01T00:00:00Z'),
        updatedAt: null,
      }),
      [
        connector({
          uid: 'eccb8dd9-4189-433e-b100-cc0945dd17dc',
          evseId: 'SE*EVC*E000000123',
          voltage: 230,
          amperage: 32,
          createdAt: at('2017-01-01T00:00:00Z'),
          updatedAt: at('2017-03-07T02:21:22Z'),
        }),
      ],
      { countryCode: 'SE', partyId: 'EVC', publish: true },
    );
    expect(built).toEqual({ location: example('location_example_parking_garage_opening_hours.json') });
  });

  it('our EVSE status PATCH equals the "simple status update" example', () => {
    expect(evseStatusPatch('charging', at('2019-06-24T12:39:09Z'))).toEqual(
      example('location_patch_example_status.json'),
    );
    expect(evseStatusPatch('removed', at('2019-06-24T12:39:09Z'))).toEqual(
      example('location_patch_example_remove_evse.json'),
    );
  });

  it('maps statuses, plugs, capabilities, tariffs, energy mix, directions and last_updated', () => {
    const built = locationOf(
      station({ certifiedRenewable: true, directions: 'Behind the shop', updatedAt: null }),
      [
        connector({
          connectorNumber: 2,
          uid: 'C2',
          plugType: 'CCS2',
          plugFormat: null,
          powerType: null,
          voltage: 400,
          amperage: null,
          maxPowerW: 50_000,
          status: 'preparing',
          capabilities: ['REMOTE_START_STOP_CAPABLE', 'RFID_READER', 'NOT_A_CAPABILITY'],
          statusChangedAt: at('2026-11-27T10:00:00.500Z'),
        }),
        connector({ connectorNumber: 1, uid: 'C1', plugType: 'Unknown plug' }),
        connector({ connectorNumber: 3, uid: 'C3', status: 'faulted', voltage: null, amperage: null }),
      ],
      { ...ctx, publish: false, tariffIds: ['cpo-12'], language: 'fr' },
    );
    if (!('location' in built)) throw new Error('no location');
    const l = Location.parse(built.location);
    expect(l.publish).toBe(false);
    expect(l.energy_mix).toEqual({ is_green_energy: true });
    expect(l.directions).toEqual([{ language: 'fr', text: 'Behind the shop' }]);
    // C1's plug is unknown: left out; C3 has no current nor power: left out.
    expect(l.evses?.map((e) => e.uid)).toEqual(['C2']);
    expect(l.evses?.[0]).toMatchObject({
      status: 'CHARGING',
      capabilities: ['REMOTE_START_STOP_CAPABLE', 'RFID_READER'],
      connectors: [
        {
          id: '2',
          standard: 'IEC_62196_T2_COMBO',
          format: 'CABLE',
          power_type: 'DC',
          max_voltage: 400,
          max_amperage: 125,
          max_electric_power: 50_000,
          tariff_ids: ['cpo-12'],
        },
      ],
      last_updated: '2026-11-27T10:00:00Z',
    });
    expect(l.last_updated).toBe('2026-11-27T10:00:00Z');
  });

  it('names the first required field a station lacks', () => {
    expect(locationOf(station({ address: null, streetNumber: null }), [], ctx)).toEqual({ problem: 'address' });
    expect(locationOf(station({ country: 'Atlantis' }), [], ctx)).toEqual({ problem: 'country' });
    expect(locationOf(station({ latitude: null }), [], ctx)).toEqual({ problem: 'coordinates' });
  });

  it('long OCPP identities become S<id>', () => {
    const built = locationOf(station({ uid: 'X'.repeat(40) }), [], ctx);
    expect('location' in built && built.location.id).toBe('S7');
  });
});

describe('openingTimes', () => {
  it('reads 24/7 and day rules, refuses free text', () => {
    expect(openingTimes('24/7')).toEqual({ twentyfourseven: true });
    expect(openingTimes('Mo-Fr 08:00-20:00; Sa 09:00-12:00,14:00-17:00')?.regular_hours).toHaveLength(7);
    expect(openingTimes('Sa,Su 10:00-12:00')?.regular_hours?.map((r) => r.weekday)).toEqual([6, 7]);
    expect(openingTimes('open when the shop is')).toBeNull();
    expect(openingTimes('Mo 20:00-08:00')).toBeNull();
    expect(openingTimes(null)).toBeNull();
  });
});
