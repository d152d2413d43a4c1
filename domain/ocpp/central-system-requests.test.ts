import { describe, expect, it } from 'vitest';
import {
  CENTRAL_SYSTEM_ACTIONS,
  checkCentralSystemRequest,
  OCPP16_CENTRAL_SYSTEM_ACTIONS,
  SECURITY_CENTRAL_SYSTEM_ACTIONS,
} from './central-system-requests';

describe('central system requests', () => {
  it('lists the 19 OCPP 1.6J and 7 Security Whitepaper messages, each with its OCA schema', () => {
    expect(OCPP16_CENTRAL_SYSTEM_ACTIONS).toHaveLength(19);
    expect(SECURITY_CENTRAL_SYSTEM_ACTIONS).toHaveLength(7);
    expect(new Set(CENTRAL_SYSTEM_ACTIONS).size).toBe(26);
    // An empty object is valid for some requests and refused (required fields) by others; never a throw.
    for (const action of CENTRAL_SYSTEM_ACTIONS) expect(() => checkCentralSystemRequest(action, {})).not.toThrow();
  });

  it.each([
    ['UnlockConnector', { connectorId: 99 }],
    ['RemoteStartTransaction', { idTag: 'ANY-TAG' }],
    ['RemoteStopTransaction', { transactionId: 987654321 }],
    ['GetLog', { logType: 'SecurityLog', requestId: 1, log: { remoteLocation: 'ftp://logs.example/in/' } }],
    ['CertificateSigned', { certificateChain: '-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----' }],
    ['ClearCache', {}],
  ] as const)('accepts a valid %s', (action, payload) => {
    expect(checkCentralSystemRequest(action, payload)).toEqual({ ok: true });
  });

  it.each([
    ['UnlockConnector', {}, '/connectorId', 'Required by the OCPP schema'],
    ['UnlockConnector', { connectorId: '1' }, '/connectorId', 'Instance type "string" is invalid. Expected "integer".'],
    ['UnlockConnector', { connectorId: 1, force: true }, '/force', 'Not a field of this OCPP request'],
    ['Reset', { type: 'Warm' }, '/type', 'Instance does not match any of ["Hard","Soft"].'],
    [
      'RemoteStartTransaction',
      {
        idTag: 'A',
        chargingProfile: {
          chargingProfileId: 1,
          stackLevel: 0,
          chargingProfilePurpose: 'TxProfile',
          chargingProfileKind: 'Absolute',
          chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: '16' }] },
        },
      },
      '/chargingProfile/chargingSchedule/chargingSchedulePeriod/0/limit',
      'Instance type "string" is invalid. Expected "number".',
    ],
  ] as const)('refuses %s %j at the failing path', (action, payload, field, message) => {
    const check = checkCentralSystemRequest(action, payload);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.issues[0]).toMatchObject({ field, message });
  });
});
