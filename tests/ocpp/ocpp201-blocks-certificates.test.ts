/**
 * OCPP 2.0.1 blocks A and M (issue 23 part 2, ADR 058 addendum) against the ocpp project's built-in CA
 * (ADR 014 addendum): SignCertificate of a charging station certificate is signed and delivered with a
 * 2.0.1 CertificateSigned; a V2G certificate and the ISO 15118 requests (Get15118EVCertificate,
 * GetCertificateStatus) are refused clearly, since this CA issues charging station certificates only;
 * SecurityEventNotification is kept and filed under Security in the station log.
 */
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StationLogEntry } from '../../domain/ocpp/station-log';
import caPem from '../fixtures/ca/ca-ec.pem?raw';
import csr201 from '../fixtures/ca/cp-201.csr?raw';
import wrongCnCsr from '../fixtures/ca/cp-wrong-cn.csr?raw';
import { aStation, stub } from './helpers';
import { connect201 } from './helpers-201';

/** The CN of tests/fixtures/ca/cp-201.csr. */
const IDENTITY = 'CP-201-CA';
const NOT_CONFIGURED = 'ISO 15118 certificate management is not configured';

describe('certificates on a 2.0.1 station', () => {
  it('signs a charging station CSR with the built-in CA and delivers it with CertificateSigned', async () => {
    await aStation({ uid: IDENTITY });
    const cs = await connect201(IDENTITY);
    expect(await cs.ok('SignCertificate', { csr: csr201, certificateType: 'ChargingStationCertificate' })).toEqual({
      status: 'Accepted',
    });
    const call = await cs.command();
    expect(call.action).toBe('CertificateSigned');
    const [leafPem] =
      String(call.payload.certificateChain).match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ??
      [];
    const leaf = new X509Certificate(leafPem ?? '');
    expect(leaf.verify(new X509Certificate(caPem).publicKey)).toBe(true);
    expect(leaf.subject).toContain(`CN=${IDENTITY}`);
    cs.answer(call, { status: 'Accepted' });
    let issued = (await stub(IDENTITY).certificates()).issued[0];
    for (let i = 0; i < 100 && issued?.status === 'Pending'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      issued = (await stub(IDENTITY).certificates()).issued[0];
    }
    expect(issued).toMatchObject({ serial: leaf.serialNumber, status: 'Accepted' });

    // A CSR naming another station is refused, saying why.
    const refused = await cs.ok<{ status: string; statusInfo?: { reasonCode: string } }>('SignCertificate', {
      csr: wrongCnCsr,
    });
    expect(refused).toMatchObject({ status: 'Rejected', statusInfo: { reasonCode: 'InvalidCSR' } });
    cs.close();
  });

  it('refuses V2G certificates and the ISO 15118 requests with a statusInfo saying why', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const v2g = await cs.ok('SignCertificate', { csr: csr201, certificateType: 'V2GCertificate' });
    expect(v2g).toEqual({
      status: 'Rejected',
      statusInfo: { reasonCode: 'NotSupported', additionalInfo: `${NOT_CONFIGURED} (V2G certificates)` },
    });
    const refusal = {
      reasonCode: 'NotSupported',
      additionalInfo: `${NOT_CONFIGURED}: the certificate authority here issues charging station certificates only`,
    };
    const ev = await cs.ok('Get15118EVCertificate', {
      iso15118SchemaVersion: 'urn:iso:15118:2:2013:MsgDef',
      action: 'Install',
      exiRequest: 'gJgCAAAAAA==',
    });
    expect(ev).toEqual({ status: 'Failed', exiResponse: '', statusInfo: refusal });
    const ocsp = await cs.ok('GetCertificateStatus', {
      ocspRequestData: {
        hashAlgorithm: 'SHA256',
        issuerNameHash: 'a'.repeat(64),
        issuerKeyHash: 'b'.repeat(64),
        serialNumber: '01AB',
        responderURL: 'http://ocsp.example.test',
      },
    });
    expect(ocsp).toEqual({ status: 'Failed', statusInfo: refusal });
    const log = (await stub(w.uid).frameLog({ limit: 200, eventType: 'Security' })) as StationLogEntry[];
    const actions = log.map((e) => e.action);
    expect(actions).toContain('Get15118EVCertificate');
    expect(actions).toContain('GetCertificateStatus');
    cs.close();
  });

  it('installs, lists and deletes certificates with the 2.0.1 requests', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const send = async (action: string, payload: object, answer: object) => {
      const pending = stub(w.uid).sendCommand(action, payload);
      const call = await cs.command();
      cs.answer(call, answer);
      return { call, result: await pending };
    };
    const install = await send(
      'InstallCertificate',
      { certificateType: 'CentralSystemRootCertificate', certificate: caPem },
      { status: 'Accepted' },
    );
    expect([install.call.action, install.call.payload]).toEqual([
      'InstallCertificate',
      { certificateType: 'CSMSRootCertificate', certificate: caPem },
    ]);
    expect(install.result).toEqual({ status: 'accepted', reply: { status: 'Accepted' } });
    const hash = { hashAlgorithm: 'SHA256', issuerNameHash: 'aa11', issuerKeyHash: 'bb22', serialNumber: '01ab' };
    const ids = await send(
      'GetInstalledCertificateIds',
      { certificateType: 'CentralSystemRootCertificate' },
      {
        status: 'Accepted',
        certificateHashDataChain: [{ certificateType: 'CSMSRootCertificate', certificateHashData: hash }],
      },
    );
    expect(ids.call.payload).toEqual({ certificateType: ['CSMSRootCertificate'] });
    expect(ids.result).toEqual({
      status: 'accepted',
      reply: {
        status: 'Accepted',
        certificateHashData: [hash],
        certificateHashDataChain: [{ certificateType: 'CSMSRootCertificate', certificateHashData: hash }],
      },
    });
    const none = await send(
      'GetInstalledCertificateIds',
      { certificateType: 'ManufacturerRootCertificate' },
      {
        status: 'NotFound',
      },
    );
    expect(none.result).toEqual({ status: 'accepted', reply: { status: 'NotFound' } });
    const deleted = await send('DeleteCertificate', { certificateHashData: hash }, { status: 'Accepted' });
    expect([deleted.call.action, deleted.call.payload]).toEqual(['DeleteCertificate', { certificateHashData: hash }]);
    cs.close();
  });

  it('keeps a SecurityEventNotification and files it under Security in the station log', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const timestamp = new Date().toISOString();
    expect(
      await cs.ok('SecurityEventNotification', { type: 'InvalidFirmwareSignature', timestamp, techInfo: 'fw v2' }),
    ).toEqual({});
    const log = (await stub(w.uid).frameLog({ limit: 200, eventType: 'Security' })) as StationLogEntry[];
    expect(log.map((e) => e.action)).toContain('SecurityEventNotification');
    cs.close();
  });
});
