import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newTotpSecret, TOTP_ISSUER, totpCode, totpStep, totpUri, verifyTotp } from './totp';

// RFC 6238 appendix B: the SHA1 seed is the ASCII string "12345678901234567890".
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;

describe('totp', () => {
  it.each([
    { at: 59, code: '287082' },
    { at: 1111111109, code: '081804' },
    { at: 1111111111, code: '050471' },
    { at: 1234567890, code: '005924' },
    { at: 2000000000, code: '279037' },
  ])('matches the RFC 6238 SHA1 vector at $at s', ({ at, code }) => {
    expect(totpCode(RFC_SECRET, at * 1000)).toBe(code);
    expect(verifyTotp(RFC_SECRET, code, at * 1000)).toBe(Math.floor(at / 30));
  });

  it('accepts one step of drift either way, not two', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 60_000), now)).toBeNull();
  });

  it('refuses a step at or before the last one used (replay)', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    const code = totpCode(RFC_SECRET, now);
    expect(verifyTotp(RFC_SECRET, code, now, step - 1)).toBe(step);
    expect(verifyTotp(RFC_SECRET, code, now, step)).toBeNull();
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now, step)).toBeNull();
  });

  it.each(['', '12345', '1234567', 'abcdef', '12 34 5a'])('refuses the malformed code %j', (code) => {
    expect(verifyTotp(RFC_SECRET, code, Date.now())).toBeNull();
  });

  it('tolerates spaces typed inside the code', () => {
    const now = Date.now();
    const code = totpCode(RFC_SECRET, now);
    expect(verifyTotp(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(totpStep(now));
  });

  it('makes 160-bit base32 secrets, different each time', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(Secret.fromBase32(a).bytes).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(a);
  });

  it('builds the otpauth URI an authenticator app expects', () => {
    const uri = totpUri('JBSWY3DPEHPK3PXP', 'ana@example.test');
    expect(uri).toBe(
      'otpauth://totp/Back%20office:ana%40example.test?issuer=Back%20office&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
    );
    const parsed = new TOTP({ issuer: TOTP_ISSUER, secret: 'JBSWY3DPEHPK3PXP' });
    expect(parsed.generate({ timestamp: 0 })).toBe(totpCode('JBSWY3DPEHPK3PXP', 0));
  });
});
