import { describe, expect, it } from 'vitest';
import { certificateSignedChain } from './chain';

const CERT = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----';
const CA = '-----BEGIN CERTIFICATE-----\nBBBB\n-----END CERTIFICATE-----';

describe('certificateSignedChain', () => {
  it('appends the configured chain to the certificate, each trimmed, ending with a newline', () => {
    expect(certificateSignedChain(`  ${CERT}\n\n`, `\n${CA}  \n`)).toEqual({
      ok: true,
      certificateChain: `${CERT}\n${CA}\n`,
    });
  });

  it.each([undefined, '', '  \n '])('refuses without a configured chain (%j)', (configured) => {
    expect(certificateSignedChain(CERT, configured)).toEqual({ ok: false, reason: 'no-authority' });
  });

  it('refuses a chain longer than 10,000 characters, accepts exactly 10,000', () => {
    const fits = 'x'.repeat(10_000 - CERT.length - 2);
    expect(certificateSignedChain(CERT, fits)).toMatchObject({ ok: true });
    expect(certificateSignedChain(CERT, `${fits}x`)).toEqual({ ok: false, reason: 'too-long' });
  });
});
