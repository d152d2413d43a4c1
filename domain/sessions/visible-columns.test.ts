import { describe, expect, it } from 'vitest';
import { columnsOf, SESSION_VARIANTS } from './variants';
import { chosenColumns, columnsParam, defaultColumns } from './visible-columns';

describe('session table columns', () => {
  it.each([...SESSION_VARIANTS])(
    '%s: a short default of its own columns, with its totals and no sideways scroll',
    (v) => {
      const all = columnsOf(v);
      const keys = defaultColumns(v);
      expect(keys.length).toBeGreaterThanOrEqual(6);
      expect(keys.length).toBeLessThanOrEqual(10);
      expect(all.length).toBeGreaterThan(keys.length);
      for (const k of keys) expect(all.map((c) => c.key)).toContain(k);
      // The figures the sums are for stay in view: energy and at least one price total.
      expect(keys).toContain('cdr_consumed_energy');
      expect(keys.some((k) => k.endsWith('_total'))).toBe(true);
    },
  );

  it('keeps a choice in the variant order, drops unknown keys, falls back to the default', () => {
    expect(chosenColumns('status,cdr_start,nope', 'multiflow')).toEqual(['cdr_start', 'status']);
    expect(chosenColumns('', 'fleet')).toEqual(defaultColumns('fleet'));
    expect(chosenColumns('owner_price_total', 'fleet')).toEqual(defaultColumns('fleet'));
    expect(chosenColumns(null, 'emp')).toEqual(defaultColumns('emp'));
  });

  it('writes the default as an empty URL value and a choice as its keys', () => {
    expect(columnsParam(defaultColumns('fleet'), 'fleet')).toBe('');
    expect(columnsParam(['cdr_vat_value', 'cdr_start'], 'emp')).toBe('cdr_start,cdr_vat_value');
  });
});
