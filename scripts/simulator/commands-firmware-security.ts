/**
 * @module Answers to Firmware Management (GetDiagnostics, UpdateFirmware) and the Security
 * Whitepaper's commands (ExtendedTriggerMessage, GetLog, SignedUpdateFirmware, InstallCertificate,
 * GetInstalledCertificateIds, DeleteCertificate, CertificateSigned), each followed by the status
 * notifications a real charge point sends. See ./transfers.ts for what is really transferred.
 */
import {
  type CertificateHashData,
  firmwareSignatureValid,
  hashData,
  makeCsr,
  matchesKey,
  parseCertificate,
  sameHash,
} from './certificates';
import { later, on } from './commands';
import type { SimStation } from './station';
import { diagnosticsText, download, upload } from './transfers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const whenDue = (iso: string | undefined) =>
  Math.min(Math.max(0, Date.parse(iso ?? '') - Date.now() || 0), 2 ** 31 - 1);

interface Installed {
  certificateType: 'CentralSystemRootCertificate' | 'ManufacturerRootCertificate';
  hash: CertificateHashData;
}

export function registerFirmwareAndSecurity(st: SimStation) {
  const installed: Installed[] = [];
  let pendingKey: string | undefined;

  on(st, 'GetDiagnostics', ({ location, startTime, stopTime }) => {
    const fileName = `${st.spec.id}-diagnostics-${Date.now()}.txt`;
    later(async () => {
      await st.call('DiagnosticsStatusNotification', { status: 'Uploading' });
      const ok = await upload(location, fileName, diagnosticsText(st.spec.id, startTime, stopTime));
      await st.call('DiagnosticsStatusNotification', { status: ok ? 'Uploaded' : 'UploadFailed' });
    });
    return { fileName };
  });

  on(st, 'UpdateFirmware', ({ location, retrieveDate }) => {
    setTimeout(async () => {
      const send = (status: string) => st.call('FirmwareStatusNotification', { status });
      await send('Downloading');
      const file = await download(location);
      if (!file) return void (await send('DownloadFailed'));
      await send('Downloaded');
      await send('Installing');
      await sleep(1000);
      st.firmwareVersion = `${st.spec.firmware}+${file.byteLength}b`;
      await send('Installed');
      await st.reconnect(); // a new firmware boots, so the system sees its version in BootNotification
    }, whenDue(retrieveDate));
    return {};
  });

  on(st, 'ExtendedTriggerMessage', ({ requestedMessage, connectorId }) => {
    if (connectorId !== undefined && connectorId !== 0 && !st.connector(connectorId)) return { status: 'Rejected' };
    if (requestedMessage === 'SignChargePointCertificate') {
      const made = makeCsr(st.spec.id, st.spec.vendor);
      if (!made) return { status: 'NotImplemented' };
      pendingKey = made.keyPem;
      later(() => st.call('SignCertificate', { csr: made.csrPem }));
    } else if (requestedMessage === 'FirmwareStatusNotification') {
      later(() => st.call('SignedFirmwareStatusNotification', { status: 'Idle' }));
    } else if (requestedMessage === 'LogStatusNotification') {
      later(() => st.call('LogStatusNotification', { status: 'Idle' }));
    } else later(() => st.trigger(requestedMessage, connectorId));
    return { status: 'Accepted' };
  });

  on(st, 'CertificateSigned', ({ certificateChain }) => ({
    status: pendingKey && matchesKey(certificateChain, pendingKey) ? 'Accepted' : 'Rejected',
  }));

  on(st, 'GetLog', ({ log, requestId }) => {
    const filename = `${st.spec.id}-log-${requestId}.txt`;
    later(async () => {
      await st.call('LogStatusNotification', { status: 'Uploading', requestId });
      const text = diagnosticsText(st.spec.id, log.oldestTimestamp, log.latestTimestamp);
      const ok = await upload(log.remoteLocation, filename, text);
      await st.call('LogStatusNotification', { status: ok ? 'Uploaded' : 'UploadFailure', requestId });
    });
    return { status: 'Accepted', filename };
  });

  on(st, 'SignedUpdateFirmware', ({ requestId, firmware }) => {
    const signer = parseCertificate(firmware.signingCertificate);
    if (!signer) return { status: 'InvalidCertificate' };
    setTimeout(async () => {
      const send = (status: string) => st.call('SignedFirmwareStatusNotification', { status, requestId });
      await send('Downloading');
      const file = await download(firmware.location);
      if (!file) return void (await send('DownloadFailed'));
      await send('Downloaded');
      if (!firmwareSignatureValid(file, firmware.signature, signer)) {
        await st.call('SecurityEventNotification', {
          type: 'InvalidFirmwareSignature',
          timestamp: new Date().toISOString(),
        });
        return void (await send('InvalidSignature'));
      }
      await send('SignatureVerified');
      await sleep(whenDue(firmware.installDateTime));
      await send('Installing');
      st.firmwareVersion = `${st.spec.firmware}+signed-${requestId}`;
      await send('Installed');
      await st.reconnect();
    }, whenDue(firmware.retrieveDateTime));
    return { status: 'Accepted' };
  });

  on(st, 'InstallCertificate', ({ certificateType, certificate }) => {
    const cert = parseCertificate(certificate);
    if (!cert) return { status: 'Rejected' };
    if (installed.length >= 10) return { status: 'Failed' };
    const hash = hashData(cert);
    if (!installed.some((c) => sameHash(c.hash, hash))) installed.push({ certificateType, hash });
    return { status: 'Accepted' };
  });

  on(st, 'GetInstalledCertificateIds', ({ certificateType }) => {
    const found = installed.filter((c) => c.certificateType === certificateType).map((c) => c.hash);
    return found.length > 0 ? { status: 'Accepted', certificateHashData: found } : { status: 'NotFound' };
  });

  on(st, 'DeleteCertificate', ({ certificateHashData }) => {
    const index = installed.findIndex((c) => sameHash(c.hash, certificateHashData));
    if (index < 0) return { status: 'NotFound' };
    installed.splice(index, 1);
    return { status: 'Accepted' };
  });
}
