import { describe, expect, it } from 'vitest';
import type { AccessContext, CompanyKind } from '../permissions/permissions';
import { ROLE } from '../permissions/roles';
import { SERVICE_SETTING_IDS } from '../permissions/service-settings';
import { isPriced, meterCurve, type SessionTariffLine, sessionAudiences, sessionParties } from './detail';

const everything: CompanyKind = {
  cpms: 'public',
  isSubcpo: true,
  isLifestyle: true,
  isEvfleet: true,
  empServices: true,
};
const ctx = (roles: number[]): AccessContext => ({ roles, services: [...SERVICE_SETTING_IDS], company: everything });

const priced = {
  pricing_status: 'priced',
  pricing_note: null,
  start_method: 'RFID',
  emp_price_energy: 100,
  emp_price_net_energy: 84,
  emp_price_time: 20,
  emp_price_penalty: 0,
  emp_price_net_penalty: 0,
  emp_price_net_total: 101,
  emp_price_total: 120,
  subcpo_price_energy: 80,
  subcpo_price_time: 10,
  subcpo_price_penalty: 0,
  subcpo_price_total: 90,
  owner_price_energy: 60,
  owner_price_penalty: 0,
  owner_price_total: 60,
  owner_cost_per_kwh: 2500,
  cdr_vat_value: 19,
};

const line = (party: string, dimension: string): SessionTariffLine => ({
  party,
  dimension,
  tariff_id: 7,
  tariff_name: 'Day',
  element_index: 0,
  quantity: 1000,
  unit_price: 3000,
  vat_bp: 1900,
  excl_vat: 84,
  incl_vat: 100,
});
const lines = [line('emp', 'energy'), line('subcpo', 'energy'), line('owner', 'energy')];

const lineValue = (party: { lines: { key: string; value: number | null }[] }, key: string) =>
  party.lines.find((l) => l.key === key)?.value;

describe('sessionParties', () => {
  it('shows every party’s lines, its tariff lines without the party, cost per kWh and VAT for a priced session', () => {
    const [emp, subcpo, owner] = sessionParties(priced, lines);
    expect(emp?.lines.map((l) => l.key)).toEqual([
      'energy',
      'net_energy',
      'time',
      'penalty',
      'net_penalty',
      'net_total',
      'total',
      'vat',
    ]);
    expect(subcpo?.lines.map((l) => l.key)).toEqual(['energy', 'time', 'penalty', 'total']);
    expect(owner?.lines.map((l) => l.key)).toEqual(['energy', 'penalty', 'total', 'cost_per_kwh']);
    expect([emp?.priced, subcpo?.priced, owner?.priced]).toEqual([true, true, true]);
    expect([emp?.reason, subcpo?.reason, owner?.reason]).toEqual([null, null, null]);
    expect(emp && lineValue(emp, 'total')).toBe(120);
    expect(emp && lineValue(emp, 'vat')).toBe(19);
    expect(subcpo && lineValue(subcpo, 'total')).toBe(90);
    expect(owner && lineValue(owner, 'cost_per_kwh')).toBe(2500);
    const { party: _owner, ...ownerLine } = line('owner', 'energy');
    expect(owner?.tariff_lines).toEqual([ownerLine]);
  });

  it('shows only the provider’s prices of a QR payment; the others give QR as the reason', () => {
    const [emp, subcpo, owner] = sessionParties({ ...priced, start_method: 'qr' }, lines);
    expect(emp).toMatchObject({ priced: true, reason: null });
    expect(emp && lineValue(emp, 'total')).toBe(120);
    for (const p of [subcpo, owner]) {
      expect(p).toMatchObject({ priced: false, reason: 'QR', tariff_lines: [] });
      expect(p?.lines.every((l) => l.value === null)).toBe(true);
    }
  });

  it('shows no price of an unpriced session and gives its pricing note (QR still wins for the other parties)', () => {
    const unpriced = { ...priced, pricing_status: 'unpriced', pricing_note: 'NO_TARIFF' };
    const parties = sessionParties(unpriced, []);
    expect(parties.map((p) => [p.party, p.priced, p.reason])).toEqual([
      ['emp', false, 'NO_TARIFF'],
      ['subcpo', false, 'NO_TARIFF'],
      ['owner', false, 'NO_TARIFF'],
    ]);
    expect(parties.flatMap((p) => p.lines).every((l) => l.value === null)).toBe(true);
    const qr = sessionParties({ ...unpriced, start_method: 'QR' }, []);
    expect(qr.map((p) => p.reason)).toEqual(['NO_TARIFF', 'QR', 'QR']);
  });

  it('answers null for a price the session does not hold', () => {
    const [emp] = sessionParties({ pricing_status: 'priced', start_method: null }, []);
    expect(emp?.lines.every((l) => l.value === null)).toBe(true);
    expect(emp?.priced).toBe(true);
  });
});

describe('isPriced', () => {
  it('is true only for pricing status priced', () => {
    expect(isPriced({ pricing_status: 'priced' })).toBe(true);
    expect(isPriced({ pricing_status: 'unpriced' })).toBe(false);
    expect(isPriced({})).toBe(false);
  });
});

describe('meterCurve', () => {
  it('keeps the array rows of the stored curve', () => {
    expect(meterCurve('[[1,2,3],[4,null,6],"x",7]')).toEqual([
      [1, 2, 3],
      [4, null, 6],
    ]);
  });
  it('is empty for nothing recorded, unreadable JSON or a value that is not an array', () => {
    expect(meterCurve(null)).toEqual([]);
    expect(meterCurve('')).toEqual([]);
    expect(meterCurve('{not json')).toEqual([]);
    expect(meterCurve('{"a":1}')).toEqual([]);
  });
});

describe('sessionAudiences', () => {
  it('lets network roles see their stations’ sessions and fleet roles their drivers’', () => {
    expect(sessionAudiences(ctx([ROLE.CHARGING_POINT_MANAGER_VIEW]))).toEqual({ network: true, fleet: false });
    expect(sessionAudiences(ctx([ROLE.FLEET_MANAGER_VIEW]))).toEqual({ network: false, fleet: true });
    expect(sessionAudiences(ctx([]))).toEqual({ network: false, fleet: false });
  });
});
