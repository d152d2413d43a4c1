import type { SignedCheck } from '@domain/metering/signed-values';
import { describe, expect, it } from 'vitest';
import { cdrSignedData } from './cdr-signed-data';
import { SignedData } from './cdrs';

const check = (format: SignedCheck['format'], wh: number, publicKey: string | null = 'ab12'): SignedCheck => ({
  format,
  status: 'valid',
  message: '',
  meterSerial: 'M1',
  publicKey,
  readings: [{ time: '2026-05-01T10:00:00.000Z', valueWh: wh, reason: 'B', status: 'G' }],
  signatureAlgorithm: 'ECDSA-secp256r1-SHA256',
});

describe('cdrSignedData', () => {
  it('maps begin, intermediate and end readings of one format with the key they were checked with', () => {
    const data = cdrSignedData([
      { context: 'Transaction.Begin', text: 'OCMF|b', check: check('OCMF', 1000, null) },
      { context: 'Sample.Periodic', text: 'OCMF|p', check: check('OCMF', 1500) },
      { context: 'Transaction.End', text: 'OCMF|e', check: check('OCMF', 2000) },
      { context: 'Transaction.End', text: 'AP;x', check: check('ALFEN', 2000) },
    ]);
    expect(SignedData.parse(data)).toEqual({
      encoding_method: 'OCMF',
      public_key: 'ab12',
      signed_values: [
        { nature: 'Start', plain_data: 'meter M1: 2026-05-01T10:00:00.000Z 1000 Wh B', signed_data: 'OCMF|b' },
        { nature: 'Intermediate', plain_data: 'meter M1: 2026-05-01T10:00:00.000Z 1500 Wh B', signed_data: 'OCMF|p' },
        { nature: 'End', plain_data: 'meter M1: 2026-05-01T10:00:00.000Z 2000 Wh B', signed_data: 'OCMF|e' },
      ],
    });
  });

  it('names Alfen as OCPI does, and sends nothing without a value of a known format', () => {
    const alfen = cdrSignedData([{ context: 'Transaction.End', text: 'AP;x', check: check('ALFEN', 1) }]);
    expect(alfen?.encoding_method).toBe('Alfen Eichrecht');
    expect(cdrSignedData([{ context: 'Transaction.End', text: '<x/>', check: check('unknown', 1) }])).toBeUndefined();
    expect(cdrSignedData([])).toBeUndefined();
  });
});
