import { describe, expect, it } from 'vitest';
import { emailError, hasChargingPermission, licensePlateError, parseLimit } from './validation';

describe('fleet validation (spec section 5)', () => {
  it('license plate: mandatory only when the company setting is on, then the French pattern', () => {
    expect(licensePlateError('', false)).toBeNull();
    expect(licensePlateError(null, true)).toBe('licensePlateRequired');
    expect(licensePlateError('  ', true)).toBe('licensePlateRequired');
    expect(licensePlateError('AB-999-CD', true)).toBeNull();
    expect(licensePlateError('ab-999-cd', false)).toBeNull();
    for (const bad of ['AB999CD', 'AB-99-CD', 'A1-999-CD', 'AB-999-CDE', 'AB 999 CD']) {
      expect(licensePlateError(bad, false)).toBe('licensePlateInvalid');
    }
  });

  it('limits: decimal dot, zero removes, whole kWh, currency in minor units', () => {
    expect(parseLimit('12,5', 'currency')).toEqual({ ok: false, error: 'decimalDot' });
    expect(parseLimit('0', 'kwh')).toEqual({ ok: true, value: null });
    expect(parseLimit(0, 'kwh')).toEqual({ ok: true, value: null });
    expect(parseLimit('', 'kwh')).toEqual({ ok: true, value: null });
    expect(parseLimit(null, 'kwh')).toEqual({ ok: true, value: null });
    expect(parseLimit('150', 'kwh')).toEqual({ ok: true, value: 150 });
    expect(parseLimit('12.5', 'kwh')).toEqual({ ok: false, error: 'limitInvalid' });
    expect(parseLimit('12.5', 'currency')).toEqual({ ok: true, value: 1250 });
    expect(parseLimit(45.99, 'currency')).toEqual({ ok: true, value: 4599 });
    expect(parseLimit('1.234', 'currency')).toEqual({ ok: false, error: 'limitInvalid' });
    expect(parseLimit('-5', 'kwh')).toEqual({ ok: false, error: 'limitInvalid' });
    expect(parseLimit('abc', 'kwh')).toEqual({ ok: false, error: 'limitInvalid' });
    expect(parseLimit('1e3', 'kwh')).toEqual({ ok: false, error: 'limitInvalid' });
  });

  it('at least one charging permission', () => {
    const none = { can_charge_public: false, can_charge_work: false, can_charge_home: false, only_private: false };
    expect(hasChargingPermission(none)).toBe(false);
    expect(hasChargingPermission({ ...none, only_private: true })).toBe(true);
  });

  it('e-mail mandatory then valid', () => {
    expect(emailError('')).toBe('emailRequired');
    expect(emailError('nope')).toBe('emailInvalid');
    expect(emailError('a@b.fr')).toBeNull();
  });
});
