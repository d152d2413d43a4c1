import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Evse } from './locations';
import {
  countryOfAlpha3,
  nextPageUrl,
  ownsParty,
  patchConnector,
  patchEvse,
  putConnector,
  tariffSummary,
} from './partner-data';
import { Tariff } from './tariffs';

const example = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../tests/fixtures/ocpi-2.2.1/${name}`, import.meta.url), 'utf8'));

const evse = Evse.parse({
  uid: '3256',
  status: 'AVAILABLE',
  connectors: [
    {
      id: '1',
      standard: 'IEC_62196_T2',
      format: 'SOCKET',
      power_type: 'AC_3_PHASE',
      max_voltage: 230,
      max_amperage: 16,
      last_updated: '2026-11-27T10:00:00Z',
    },
  ],
  last_updated: '2026-11-27T10:00:00Z',
});

describe('partner data as e-mobility provider', () => {
  it('takes pushes only for the partner’s own CPO parties, case-insensitively', () => {
    const roles = JSON.stringify([
      { role: 'CPO', country_code: 'NL', party_id: 'TNM', business_details: { name: 'x' } },
    ]);
    expect(ownsParty(roles, 'CPO', 'nl', 'tnm')).toBe(true);
    expect(ownsParty(roles, 'EMSP', 'NL', 'TNM')).toBe(false);
    expect(ownsParty(roles, 'CPO', 'NL', 'XXX')).toBe(false);
    expect(ownsParty('not json', 'CPO', 'NL', 'TNM')).toBe(false);
  });

  it('applies a newer EVSE or Connector PATCH and ignores a late or duplicated one', () => {
    expect(patchEvse(evse, { status: 'CHARGING', last_updated: '2026-11-27T11:00:00Z' })?.status).toBe('CHARGING');
    expect(patchEvse(evse, { status: 'CHARGING', last_updated: '2026-11-27T10:00:00Z' })).toBeNull();
    expect(patchEvse(evse, { status: 'CHARGING', last_updated: '2026-11-27T09:00:00Z' })).toBeNull();
    const c = patchConnector(evse, '1', { max_amperage: 32, last_updated: '2026-11-27T12:00:00' });
    expect(c?.connectors[0]?.max_amperage).toBe(32);
    expect(c?.last_updated).toBe('2026-11-27T12:00:00');
    expect(patchConnector(evse, '1', { max_amperage: 32, last_updated: '2026-11-27T09:00:00Z' })).toBeNull();
    const added = putConnector(evse, { ...evse.connectors[0], id: '2', last_updated: '2026-11-27T11:00:00Z' } as never);
    expect(added?.connectors.map((x) => x.id)).toEqual(['1', '2']);
    expect(putConnector(evse, evse.connectors[0] as never)).toBeNull();
  });

  it('follows the sender’s Link header to the next page, none on the last', () => {
    expect(nextPageUrl('<https://cpo.example/ocpi/2.2.1/locations?offset=50&limit=50>; rel="next"')).toBe(
      'https://cpo.example/ocpi/2.2.1/locations?offset=50&limit=50',
    );
    expect(nextPageUrl(null)).toBeNull();
    expect(nextPageUrl('<https://x/prev>; rel="prev"')).toBeNull();
  });

  it('summarises the official tariff examples per dimension', () => {
    const complex = tariffSummary(Tariff.parse(example('tariff_4_complex.json')));
    expect(complex).toMatchObject({ currency: 'EUR', restricted: true, flat: { min: 2.5, max: 2.5 } });
    expect(complex.energy).toBeNull();
    expect(complex.time).toEqual({ min: 1, max: 2 });
    expect(complex.parking).toEqual({ min: 5, max: 6 });
    const simple = tariffSummary(Tariff.parse(example('tariff_1_simple_2hour.json')));
    expect(simple).toMatchObject({
      energy: null,
      time: { min: 2, max: 2 },
      flat: null,
      parking: null,
      restricted: false,
    });
  });

  it('maps OCPI alpha-3 countries back to ours', () => {
    expect(countryOfAlpha3('NLD')).toBe('NL');
    expect(countryOfAlpha3('fra')).toBe('FR');
    expect(countryOfAlpha3('ZZZ')).toBeNull();
  });
});
