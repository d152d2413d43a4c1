/**
 * OCPP 2.0.1 block M (ADR 058 addendum): Get15118EVCertificate and GetCertificateStatus are answered
 * Failed with a statusInfo that says why, for each certificate authority set-up (ADR 014): none
 * (NoCA), external or built-in (this CA issues charging station certificates only).
 */
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../workers/ocpp/src/context';
import { get15118EVCertificate, getCertificateStatus } from '../../workers/ocpp/src/handlers/v201/blocks';

const ctxWith = (env: Record<string, string>) => ({ env }) as unknown as HandlerContext;
const EV = { iso15118SchemaVersion: 'urn:iso:15118:2:2013:MsgDef', action: 'Install' as const, exiRequest: 'AA==' };
const OCSP = {
  ocspRequestData: {
    hashAlgorithm: 'SHA256',
    issuerNameHash: 'aa',
    issuerKeyHash: 'bb',
    serialNumber: '01',
    responderURL: 'http://ocsp.example.test',
  },
};

describe('ISO 15118 certificate requests', () => {
  it('fail with NoCA when no certificate authority is configured', async () => {
    const ctx = ctxWith({});
    const noCa = { reasonCode: 'NoCA', additionalInfo: 'ISO 15118 certificate management is not configured' };
    expect(await get15118EVCertificate(ctx, EV)).toEqual({ status: 'Failed', exiResponse: '', statusInfo: noCa });
    expect(await getCertificateStatus(ctx, OCSP)).toEqual({ status: 'Failed', statusInfo: noCa });
  });

  it('fail as not supported with an external or built-in CA, which issues charging station certificates only', async () => {
    for (const env of [
      { OCPP_CA_CERTIFICATE_CHAIN: '-----BEGIN CERTIFICATE-----' } as Record<string, string>,
      { OCPP_CA_CERTIFICATE_CHAIN: '-----BEGIN CERTIFICATE-----', OCPP_CA_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----' },
    ]) {
      const answer = await getCertificateStatus(ctxWith(env), OCSP);
      expect(answer).toMatchObject({ status: 'Failed', statusInfo: { reasonCode: 'NotSupported' } });
      expect(answer.statusInfo?.additionalInfo).toMatch(/issues charging station certificates only$/);
      expect((answer.statusInfo?.additionalInfo ?? '').length).toBeLessThanOrEqual(512);
    }
  });
});
