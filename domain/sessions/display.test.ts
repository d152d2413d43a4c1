import { describe, expect, it } from 'vitest';
import { formatDecimal as decimal, formatKwh as energyKwh, formatMoneyPerKwh as moneyPerKwh } from '../format/format';
import { cetDateTime, demoPlaceholder, displayStartMethod, duration, money, powerKw } from './display';
import { exportCells } from './export-rows';
import { projectCdr } from './project';
import { networkVariantsFor, SESSION_VARIANTS, VARIANT_COLUMNS, variantChannel } from './variants';

const kind = (k: Partial<Parameters<typeof networkVariantsFor>[0]>) => ({
  cpms: null,
  isSubcpo: false,
  isLifestyle: false,
  isEvfleet: false,
  empServices: false,
  ...k,
});

describe('display rules (spec section 9)', () => {
  it('power is watts / 1000 with a decimal comma', () => {
    expect(powerKw(22_000)).toBe('22,0 kW');
    expect(powerKw(7_400)).toBe('7,4 kW');
    expect(powerKw(null)).toBe('—');
  });
  it('energy in kWh and prices with a decimal comma; unpriced is null, never 0', () => {
    expect(energyKwh(12_345)).toBe('12,345 kWh');
    expect(money(1234)?.replace(/\s/g, ' ')).toBe('12,34 €');
    expect(money(0)?.replace(/\s/g, ' ')).toBe('0,00 €');
    expect(money(null)).toBeNull();
    expect(moneyPerKwh(25_000)?.replace(/\s/g, ' ')).toBe('0,2500 €/kWh');
    expect(decimal(1234.5, 1, 'GBP')).toBe('1,234.5');
    expect(decimal(1234.5, 1)).toBe('1.234,5');
  });
  it('times are converted from UTC to CET, and CEST in summer', () => {
    expect(cetDateTime('2026-01-15T23:30:00Z')).toBe('16/01/2026 00:30');
    expect(cetDateTime('2026-07-15T10:00:00Z')).toBe('15/07/2026 12:00');
    expect(cetDateTime('2026-07-15T10:00:00Z', 'en')).toBe('07/15/2026 12:00');
    // DST change in Paris: 2026-03-29 01:00 UTC is 03:00 CEST.
    expect(cetDateTime('2026-03-29T00:59:00Z')).toBe('29/03/2026 01:59');
    expect(cetDateTime('2026-03-29T01:00:00Z')).toBe('29/03/2026 03:00');
    expect(cetDateTime(null)).toBe('—');
  });
  it('durations as h:mm:ss', () => {
    expect(duration(3725)).toBe('1:02:05');
    expect(duration(0)).toBe('0:00:00');
    expect(duration(90_000)).toBe('25:00:00');
  });
  it('an auth id beginning EP- is started at a payment terminal (POS)', () => {
    expect(displayStartMethod('EP-12345', 'APP')).toBe('POS');
    expect(displayStartMethod('ep-12345', 'RFID')).toBe('RFID');
    expect(displayStartMethod('04AABB', 'RFID')).toBe('RFID');
  });
  it('demo placeholders are stable numbers in 1000–5000', () => {
    const values = ['a@b.test', 'x', 'KH-ABC', '', 'driver1@fleet.test', 'driver2@fleet.test'];
    for (const v of values) {
      const p = Number(demoPlaceholder(v));
      expect(p).toBeGreaterThanOrEqual(1000);
      expect(p).toBeLessThanOrEqual(5000);
      expect(demoPlaceholder(v)).toBe(demoPlaceholder(v));
    }
    expect(demoPlaceholder('driver1@fleet.test')).not.toBe(demoPlaceholder('driver2@fleet.test'));
  });
});

describe('variants and projection', () => {
  const row = {
    id: 1,
    cdr_id: 'X',
    cdr_auth_id: 'EP-1',
    start_method: 'QR',
    pricing_status: 'priced',
    user_email: 'a@b.test',
    emp_price_total: 500,
    subcpo_price_total: 300,
    owner_price_total: 200,
    cdr_consumed_energy: 1000,
  };
  it('every variant has its own column list; only fleet and provider views carry the e-mail', () => {
    for (const v of SESSION_VARIANTS) expect(VARIANT_COLUMNS[v].length).toBeGreaterThan(10);
    const withEmail = SESSION_VARIANTS.filter((v) => VARIANT_COLUMNS[v].some((c) => c.key === 'user_email'));
    expect(withEmail).toEqual(['fleet', 'fleet_mps', 'emp']);
    expect(variantChannel('owner_mps')).toBe('mps');
    expect(variantChannel('subcpo_groups')).toBe('groups');
    expect(variantChannel('emp')).toBe('all');
  });
  it('QR payments show provider prices only; EP- shows POS; demo masks e-mails', () => {
    const p = projectCdr(row, 'multiflow');
    expect(p).toMatchObject({
      emp_price_total: 500,
      subcpo_price_total: null,
      owner_price_total: null,
      start_method: 'POS',
    });
    expect(p.qr_payment).toBe(true);
    expect(projectCdr({ ...row, start_method: 'RFID' }, 'multiflow').subcpo_price_total).toBe(300);
    expect(String(projectCdr(row, 'emp', { demo: true }).user_email)).toMatch(/^\d{4}$/);
    expect(projectCdr(row, 'subcpo_groups')).not.toHaveProperty('user_email');
  });
  it('exports write unpriced, never 0, and numbers in kWh and currency units', () => {
    const cols = VARIANT_COLUMNS.multiflow;
    const texts = {
      header: (k: string) => k,
      yes: 'yes',
      no: 'no',
      unpriced: 'unpriced',
      status: (s: string) => s,
      language: 'it',
    };
    const priced = exportCells(projectCdr({ ...row, start_method: 'RFID' }, 'multiflow'), cols, texts);
    const at = (k: string) => cols.findIndex((c) => c.key === k);
    expect(priced[at('emp_price_total')]).toBe(5);
    expect(priced[at('cdr_consumed_energy')]).toBe(1);
    const unpriced = exportCells(
      projectCdr({ ...row, pricing_status: 'unpriced', start_method: 'RFID' }, 'multiflow'),
      cols,
      texts,
    );
    expect(unpriced[at('emp_price_total')]).toBe('unpriced');
  });
  it('companies get the network variants of their kind', () => {
    expect(networkVariantsFor(kind({ cpms: 'public', empServices: true }))).toEqual([
      'emp',
      'multiflow',
      'subcpo_groups',
      'subcpo_mps',
      'owner_groups',
      'owner_mps',
    ]);
    expect(networkVariantsFor(kind({ cpms: 'private', isSubcpo: true }))).toEqual(['subcpo_groups', 'subcpo_mps']);
    expect(networkVariantsFor(kind({ isLifestyle: true }))).toEqual(['owner_groups', 'owner_mps']);
    expect(networkVariantsFor(kind({ isEvfleet: true }))).toEqual([]);
  });
});
