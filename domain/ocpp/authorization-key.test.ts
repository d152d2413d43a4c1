import { describe, expect, it } from 'vitest';
import { encodeAuthorizationKey, passwordOfAuthorizationKey, STATION_PASSWORD } from './authorization-key';

describe('AuthorizationKey', () => {
  it('hex-encodes the password as the Security Whitepaper sends it, and decodes it back', () => {
    expect(encodeAuthorizationKey('dk2q0rfu2q0f-2f0rdg')).toBe('646b327130726675327130662d326630726467');
    expect(passwordOfAuthorizationKey('646B327130726675327130662D326630726467')).toBe('dk2q0rfu2q0f-2f0rdg');
    const long = 'A'.repeat(40);
    expect(passwordOfAuthorizationKey(encodeAuthorizationKey(long))).toBe(long);
  });

  it('takes a value that is no hex key as the password itself', () => {
    expect(passwordOfAuthorizationKey('station-password-0001')).toBe('station-password-0001');
    // 15 bytes of hex is below the Whitepaper's 16-byte minimum: not read as a hex key.
    expect(passwordOfAuthorizationKey('00'.repeat(15))).toBe('00'.repeat(15));
  });

  it.each([
    ['a'.repeat(16), true],
    ['a'.repeat(40), true],
    ['a'.repeat(15), false],
    ['a'.repeat(41), false],
    ['with space 0123456789', false],
    ['café-0123456789abcdef', false],
  ])('password %j valid: %s', (password, valid) => {
    expect(STATION_PASSWORD.test(password)).toBe(valid);
  });
});
