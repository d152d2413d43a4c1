import { describe, expect, it } from 'vitest';
import { normalizedPublicKey, spkiBytes } from './meter-public-key';
import { capturedSigned } from './signed-capture';

describe('capturedSigned', () => {
  it('takes 1.6 SignedData values and 2.0.1 signedMeterValue, and nothing else', () => {
    const values = [
      {
        timestamp: '2026-05-01T10:00:00Z',
        sampledValue: [
          { value: '1000', context: 'Transaction.Begin' },
          { value: 'OCMF|{}|{}', format: 'SignedData', context: 'Transaction.Begin' },
          { value: '', format: 'SignedData' },
        ],
      },
      {
        timestamp: '2026-05-01T11:00:00Z',
        sampledValue: [
          {
            value: '2000',
            context: 'Transaction.End',
            measurand: 'Energy.Active.Import.Register',
            signed: { signedMeterData: 'T0NNRg==', signingMethod: '', encodingMethod: 'OCMF', publicKey: 'abcd' },
          },
        ],
      },
      { timestamp: 'not a time', sampledValue: [{ value: 'x', format: 'SignedData' }] },
    ];
    expect(capturedSigned(values)).toEqual([
      {
        at: Date.parse('2026-05-01T10:00:00Z'),
        context: 'Transaction.Begin',
        measurand: 'Energy.Active.Import.Register',
        encoding: null,
        signedData: 'OCMF|{}|{}',
        publicKey: null,
        signingMethod: null,
      },
      {
        at: Date.parse('2026-05-01T11:00:00Z'),
        context: 'Transaction.End',
        measurand: 'Energy.Active.Import.Register',
        encoding: 'base64',
        signedData: 'T0NNRg==',
        publicKey: 'abcd',
        signingMethod: null,
      },
    ]);
  });

  it('gives nothing for plain readings (no write on the hot path)', () => {
    expect(capturedSigned([{ timestamp: '2026-05-01T10:00:00Z', sampledValue: [{ value: '12' }] }])).toEqual([]);
  });
});

describe('the meter public key setting', () => {
  const p256 =
    '3059301306072a8648ce3d020106082a8648ce3d03010703420004' +
    '6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296' +
    '4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5';

  it('accepts a DER SPKI as hex, base64 or PEM', () => {
    const bytes = spkiBytes(p256);
    expect(bytes?.length).toBe(91);
    const base64 = btoa(String.fromCharCode(...(bytes ?? [])));
    expect(spkiBytes(base64)).toEqual(bytes);
    const pem = `-----BEGIN PUBLIC KEY-----\n${base64.slice(0, 64)}\n${base64.slice(64)}\n-----END PUBLIC KEY-----\n`;
    expect(spkiBytes(pem)).toEqual(bytes);
    expect(normalizedPublicKey(pem)).toBe(base64);
  });

  it('refuses what is not an SPKI', () => {
    for (const bad of ['', 'abcd', 'zz', p256.slice(0, -2), `${p256}00`, `04${'11'.repeat(64)}`]) {
      expect(spkiBytes(bad), bad).toBeNull();
    }
  });
});
