import { describe, expect, it } from 'vitest';
import { failureBesideFields, fieldErrorFrom, fieldErrorFromMap } from '~/lib/field-errors';

describe('the error under a field, from the API refusing one field', () => {
  it('shows the message under the field it names and nowhere else', () => {
    const errorOf = fieldErrorFrom({ field: 'vin', error: 'The VIN must have 17 characters.' });
    expect(errorOf('vin')).toBe('The VIN must have 17 characters.');
    expect(errorOf('license_plate')).toBeUndefined();
  });

  it('shows nothing when nothing failed', () => {
    expect(fieldErrorFrom(undefined)('vin')).toBeUndefined();
    expect(fieldErrorFrom(null)('vin')).toBeUndefined();
  });

  it('names a form field by its API name', () => {
    const errorOf = fieldErrorFrom<'lat' | 'lng'>(
      { field: 'latitude', error: 'Out of range' },
      { api: { lat: 'latitude' } },
    );
    expect(errorOf('lat')).toBe('Out of range');
    expect(errorOf('lng')).toBeUndefined();
  });

  it('counts a failure of a field under it only when asked', () => {
    const failed = { field: 'max_price.amount', error: 'Too high' };
    expect(fieldErrorFrom(failed)('max_price')).toBeUndefined();
    expect(fieldErrorFrom(failed, { nested: true })('max_price')).toBe('Too high');
    expect(fieldErrorFrom({ field: 'max_priceX', error: 'x' }, { nested: true })('max_price')).toBeUndefined();
  });

  it('turns a code into its text, and falls back when the message is empty', () => {
    const text = (m: string) => (m === 'driverNotFound' ? 'No driver with this e-mail.' : m);
    expect(fieldErrorFrom({ field: 'email', error: 'driverNotFound' }, { text })('email')).toBe(
      'No driver with this e-mail.',
    );
    expect(fieldErrorFrom({ field: 'code', error: '' }, { fallback: 'Undefined error' })('code')).toBe(
      'Undefined error',
    );
    expect(fieldErrorFrom({ field: 'code', error: '' })('code')).toBeUndefined();
  });
});

describe('the error under a field, from a map of field messages', () => {
  it('shows each field its own message, translated when asked', () => {
    const errorOf = fieldErrorFromMap({ email: 'login.errors.email' }, { text: (k) => `<${k}>` });
    expect(errorOf('email')).toBe('<login.errors.email>');
    expect(errorOf('password')).toBeUndefined();
    expect(fieldErrorFromMap(undefined)('email')).toBeUndefined();
  });
});

describe('a failure beside the fields', () => {
  const fields = ['name', 'description'] as const;

  it('is the message when no shown field is named', () => {
    expect(failureBesideFields({ error: 'Group limit reached' }, fields)).toBe('Group limit reached');
    expect(failureBesideFields({ field: 'company_id', error: 'Forbidden' }, fields)).toBe('Forbidden');
  });

  it('is nothing when a field shows it or nothing failed', () => {
    expect(failureBesideFields({ field: 'name', error: 'Required' }, fields)).toBeUndefined();
    expect(failureBesideFields(undefined, fields)).toBeUndefined();
  });

  it('falls back when the failure has no message', () => {
    expect(failureBesideFields({ error: '' }, fields, { fallback: 'Undefined error' })).toBe('Undefined error');
  });
});
