import { describe, expect, it } from 'vitest';
import { SECRET_MASK, withoutNetworkSecrets } from './network-profile';

const connectionData = {
  ocppVersion: 'OCPP20',
  ocppTransport: 'JSON',
  ocppCsmsUrl: 'wss://csms.example.test/ocpp',
  messageTimeout: 30,
  securityProfile: 2,
  ocppInterface: 'Wireless0',
};

describe('withoutNetworkSecrets', () => {
  it('masks the VPN password and key, the APN password and the SIM PIN, and keeps the rest', () => {
    const sent = {
      configurationSlot: 1,
      connectionData: {
        ...connectionData,
        vpn: { server: 'vpn.example.test', user: 'cp', password: 'vpn-secret', key: 'psk', type: 'IKEv2' },
        apn: { apn: 'iot.example', apnPassword: 'apn-secret', simPin: 1234, apnAuthentication: 'PAP' },
      },
    };
    const kept = withoutNetworkSecrets(sent);
    expect(kept).toEqual({
      configurationSlot: 1,
      connectionData: {
        ...connectionData,
        vpn: { server: 'vpn.example.test', user: 'cp', password: SECRET_MASK, key: SECRET_MASK, type: 'IKEv2' },
        apn: { apn: 'iot.example', apnPassword: SECRET_MASK, simPin: SECRET_MASK, apnAuthentication: 'PAP' },
      },
    });
    expect(JSON.stringify(kept)).not.toMatch(/vpn-secret|apn-secret|psk|1234/);
    // The station still gets the real values: the request itself is not changed.
    expect(sent.connectionData.vpn.password).toBe('vpn-secret');
  });

  it('leaves a profile without secrets, and anything that is not one, as it is', () => {
    const plain = { configurationSlot: 2, connectionData };
    expect(withoutNetworkSecrets(plain)).toEqual(plain);
    expect(withoutNetworkSecrets(null)).toBeNull();
    expect(withoutNetworkSecrets({ key: 'x' })).toEqual({ key: 'x' });
  });
});
