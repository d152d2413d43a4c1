import { describe, expect, it } from 'vitest';
import { generateNumericCode, normalizeCode } from './two-factor';

describe('e-mailed codes', () => {
  it('are six digits, leading zeros kept, and spread over every digit', () => {
    const codes = Array.from({ length: 2000 }, () => generateNumericCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    const firstDigits = new Set(codes.map((c) => c[0]));
    expect(firstDigits.size).toBe(10);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it('honour another length', () => {
    expect(generateNumericCode(8)).toMatch(/^\d{8}$/);
  });

  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['012345', '012345'],
    ['12345', null],
    ['1234567', null],
    ['12345a', null],
    ['', null],
  ])('normalizes %j to %j', (input, expected) => {
    expect(normalizeCode(input)).toBe(expected);
  });
});
