/** The maintenance page's reservation and network profile forms become valid OCPP requests (ADR 058 addendum). */
import { describe, expect, it } from 'vitest';
import { requestOf } from '../../app/lib/station-card-requests';
import { checkCentralSystemRequest } from '../../domain/ocpp/central-system-requests';
import { checkCsms201Request } from '../../domain/ocpp/csms-requests-201';

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const NOW = new Date('2026-11-27T12:00:00Z');

describe('station card requests', () => {
  it('makes a ReserveNow with a reservation id of ours, valid for OCPP 1.6', () => {
    const { action, json } = requestOf(
      'reserve',
      form({ connectorId: '0', idTag: ' CARD42 ', expiryDate: '2026-11-27T14:00:00.000Z' }),
      NOW,
    );
    expect(action).toBe('ReserveNow');
    expect(json).toEqual({
      connectorId: 0,
      idTag: 'CARD42',
      expiryDate: '2026-11-27T14:00:00.000Z',
      reservationId: NOW.getTime() / 1000,
    });
    expect(checkCentralSystemRequest('ReserveNow', json)).toEqual({ ok: true });
    const cancel = requestOf('cancel-reservation', form({ reservationId: '1764244800' }), NOW);
    expect(cancel).toEqual({ action: 'CancelReservation', json: { reservationId: 1764244800 } });
  });

  it('makes a SetNetworkProfile valid for OCPP 2.0.1, with the APN only when one is given', () => {
    const fields = {
      configurationSlot: '2',
      ocppCsmsUrl: 'wss://csms.example.test/ocpp',
      securityProfile: '3',
      ocppInterface: 'Wireless0',
      messageTimeout: '45',
      apn: '',
      apnAuthentication: 'AUTO',
      apnUserName: '',
      apnPassword: '',
    };
    const plain = requestOf('set-network-profile', form(fields), NOW);
    expect(plain.json).toEqual({
      configurationSlot: 2,
      connectionData: {
        ocppVersion: 'OCPP20',
        ocppTransport: 'JSON',
        ocppCsmsUrl: 'wss://csms.example.test/ocpp',
        messageTimeout: 45,
        securityProfile: 3,
        ocppInterface: 'Wireless0',
      },
    });
    expect(checkCsms201Request('SetNetworkProfile', plain.json)).toEqual({ ok: true });
    const cellular = requestOf(
      'set-network-profile',
      form({ ...fields, apn: 'iot.example', apnAuthentication: 'PAP', apnPassword: 'secret' }),
      NOW,
    );
    expect(cellular.json.connectionData).toMatchObject({
      apn: { apn: 'iot.example', apnAuthentication: 'PAP', apnPassword: 'secret' },
    });
    expect(checkCsms201Request('SetNetworkProfile', cellular.json)).toEqual({ ok: true });
  });
});
