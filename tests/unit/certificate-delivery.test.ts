/** How the charge point's answer to CertificateSigned is recorded with the certificate (ADR 014 addendum). */
import { describe, expect, it } from 'vitest';
import { deliveryStatus } from '../../workers/ocpp/src/certificates/issued';

describe('deliveryStatus', () => {
  it.each([
    { result: { status: 'accepted', reply: { status: 'Accepted' } }, expected: { status: 'Accepted', error: null } },
    { result: { status: 'accepted', reply: { status: 'Rejected' } }, expected: { status: 'Rejected', error: null } },
    {
      result: { status: 'rejected', code: 'NotImplemented', description: 'No CertificateSigned here' },
      expected: { status: 'Error', error: 'NotImplemented: No CertificateSigned here' },
    },
    { result: { status: 'timeout' }, expected: { status: 'Timeout', error: null } },
    { result: { status: 'offline' }, expected: { status: 'Offline', error: null } },
  ] as const)('records $result.status as $expected.status', ({ result, expected }) => {
    expect(deliveryStatus(result)).toEqual(expected);
  });
});
