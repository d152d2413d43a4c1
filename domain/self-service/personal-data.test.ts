import { describe, expect, it } from 'vitest';
import { ibanChange, personalDataChanges } from './personal-data';

describe('ibanChange', () => {
  it('keeps an IBAN not sent and clears one sent as null or blank', () => {
    expect(ibanChange(undefined)).toEqual({ kind: 'keep' });
    expect(ibanChange(null)).toEqual({ kind: 'clear' });
    expect(ibanChange('   ')).toEqual({ kind: 'clear' });
  });

  it('normalizes a valid IBAN and keeps its country and last four characters apart', () => {
    expect(ibanChange('de89 3704 0044 0532 0130 00')).toEqual({
      kind: 'set',
      normalized: 'DE89370400440532013000',
      country: 'DE',
      last4: '3000',
    });
  });

  it('names the broken rule with the country, the expected and the actual length', () => {
    expect(ibanChange('FR14 2004 1010 0505 0001 3M02 607')).toEqual({
      kind: 'invalid',
      key: 'ibanChecksum',
      params: { country: 'FR', length: 27, actual: 27 },
    });
    expect(ibanChange('DE89 3704 0044 0532 0130')).toMatchObject({
      kind: 'invalid',
      key: 'ibanLength',
      params: { country: 'DE', length: 22, actual: 20 },
    });
  });
});

describe('personalDataChanges', () => {
  it('changes only the fields sent, a null or empty text clearing one', () => {
    expect(
      personalDataChanges({
        firstName: '',
        lastName: 'Doe',
        ssn: null,
        city: 'Bonn',
        zip: null,
        lang: 'de',
        stationId: null,
      }),
    ).toEqual({
      user: { firstName: null, lastName: 'Doe', ssn: null, language: 'de' },
      data: { city: 'Bonn', zip: null, stationId: null },
      changed: ['firstName', 'lastName', 'ssn', 'city', 'zip', 'lang', 'stationId'],
    });
  });

  it('names the IBAN among the changed fields but leaves its columns to the IBAN change', () => {
    expect(personalDataChanges({ iban: 'DE89370400440532013000', autoRechargeEnabled: false })).toEqual({
      user: {},
      data: { autoRechargeEnabled: false },
      changed: ['iban', 'autoRechargeEnabled'],
    });
  });
});
