/**
 * OCPP 2.0.1 blocks D (local authorization list), H (reservation), L (firmware) and P (DataTransfer)
 * (issue 23 part 2, ADR 058 addendum): the back office's commands, sent in their 1.6 form as the API
 * sends them, reach a strict 2.0.1 station in their 2.0.1 form; what the station reports is recorded
 * where 1.6's is.
 */
import { describe, expect, it } from 'vitest';
import type { StationLogEntry } from '../../domain/ocpp/station-log';
import { aStation, connect, stub } from './helpers';
import { connect201, type Station201 } from './helpers-201';

const EXPIRY = '2026-11-30T18:00:00.000Z';

/** Sends `action` through the object's command path; checks the CALL the station gets; answers it. */
async function roundTrip(
  uid: string,
  cs: Station201,
  action: string,
  payload: object,
  answer: object,
): Promise<{ call: { action: string; payload: Record<string, unknown> }; result: unknown }> {
  const pending = stub(uid).sendCommand(action, payload);
  const call = await cs.command();
  cs.answer(call, answer);
  return { call, result: await pending };
}

describe('blocks D, H, L, P on a 2.0.1 station', () => {
  it('sends the local authorization list and its version query in the 2.0.1 form', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const full = await roundTrip(
      w.uid,
      cs,
      'SendLocalList',
      {
        listVersion: 3,
        updateType: 'Full',
        localAuthorizationList: [
          { idTag: 'CARD-1', idTagInfo: { status: 'Accepted', expiryDate: EXPIRY, parentIdTag: 'FLEET-9' } },
          { idTag: 'CARD-2', idTagInfo: { status: 'Blocked' } },
        ],
      },
      { status: 'Accepted' },
    );
    expect(full.call).toEqual({
      id: expect.any(String),
      action: 'SendLocalList',
      payload: {
        versionNumber: 3,
        updateType: 'Full',
        localAuthorizationList: [
          {
            idToken: { idToken: 'CARD-1', type: 'ISO14443' },
            idTokenInfo: {
              status: 'Accepted',
              cacheExpiryDateTime: EXPIRY,
              groupIdToken: { idToken: 'FLEET-9', type: 'Central' },
            },
          },
          { idToken: { idToken: 'CARD-2', type: 'ISO14443' }, idTokenInfo: { status: 'Blocked' } },
        ],
      },
    });
    expect(full.result).toEqual({ status: 'accepted', reply: { status: 'Accepted' } });

    // A differential removal (no idTagInfo) and a version the station does not expect.
    const removal = await roundTrip(
      w.uid,
      cs,
      'SendLocalList',
      { listVersion: 5, updateType: 'Differential', localAuthorizationList: [{ idTag: 'CARD-2' }] },
      { status: 'VersionMismatch' },
    );
    expect(removal.call.payload).toEqual({
      versionNumber: 5,
      updateType: 'Differential',
      localAuthorizationList: [{ idToken: { idToken: 'CARD-2', type: 'ISO14443' } }],
    });
    expect(removal.result).toEqual({ status: 'accepted', reply: { status: 'VersionMismatch' } });

    // Clearing the list: 2.0.1 has no empty list, the field is left out.
    const cleared = await roundTrip(
      w.uid,
      cs,
      'SendLocalList',
      { listVersion: 6, updateType: 'Full', localAuthorizationList: [] },
      { status: 'Accepted' },
    );
    expect(cleared.call.payload).toEqual({ versionNumber: 6, updateType: 'Full' });

    const version = await roundTrip(w.uid, cs, 'GetLocalListVersion', {}, { versionNumber: 6 });
    expect([version.call.action, version.call.payload]).toEqual(['GetLocalListVersion', {}]);
    expect(version.result).toEqual({ status: 'accepted', reply: { versionNumber: 6, listVersion: 6 } });
    cs.close();
  });

  it('reserves, cancels and follows reservations: ReservationStatusUpdate marks them expired or removed', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const reserve = (reservationId: number, connectorId: number, extra: object = {}) => ({
      connectorId,
      expiryDate: EXPIRY,
      idTag: w.idTag,
      reservationId,
      ...extra,
    });
    const first = await roundTrip(w.uid, cs, 'ReserveNow', reserve(41, 2), { status: 'Accepted' });
    expect([first.call.action, first.call.payload]).toEqual([
      'ReserveNow',
      { id: 41, expiryDateTime: EXPIRY, idToken: { idToken: w.idTag, type: 'ISO14443' }, evseId: 2 },
    ]);
    expect(first.result).toEqual({ status: 'accepted', reply: { status: 'Accepted' } });
    // The whole station (connector 0) for a group; the station is busy: nothing is recorded.
    const busy = await roundTrip(w.uid, cs, 'ReserveNow', reserve(42, 0, { parentIdTag: 'FLEET-9' }), {
      status: 'Occupied',
    });
    expect(busy.call.payload).toEqual({
      id: 42,
      expiryDateTime: EXPIRY,
      idToken: { idToken: w.idTag, type: 'ISO14443' },
      groupIdToken: { idToken: 'FLEET-9', type: 'Central' },
    });
    expect(busy.result).toEqual({ status: 'accepted', reply: { status: 'Occupied' } });
    await roundTrip(w.uid, cs, 'ReserveNow', reserve(43, 1), { status: 'Accepted' });
    await roundTrip(w.uid, cs, 'ReserveNow', reserve(44, 1), { status: 'Accepted' });

    expect(await cs.ok('ReservationStatusUpdate', { reservationId: 41, reservationUpdateStatus: 'Expired' })).toEqual(
      {},
    );
    const cancel = await roundTrip(w.uid, cs, 'CancelReservation', { reservationId: 43 }, { status: 'Accepted' });
    expect([cancel.call.action, cancel.call.payload]).toEqual(['CancelReservation', { reservationId: 43 }]);
    // A transaction on reservation 44 uses it.
    await cs.ok('TransactionEvent', {
      eventType: 'Started',
      timestamp: new Date().toISOString(),
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId: 'TX-RESERVED' },
      idToken: { idToken: w.idTag, type: 'ISO14443' },
      evse: { id: 1, connectorId: 1 },
      reservationId: 44,
    });

    const byId = Object.fromEntries((await stub(w.uid).state()).reservations.map((r) => [r.id, r]));
    expect(Object.keys(byId).sort()).toEqual(['41', '43', '44']);
    expect(byId[41]).toMatchObject({ connectorId: 2, idTag: w.idTag, expiryDate: EXPIRY, status: 'Expired' });
    expect(byId[43]).toMatchObject({ connectorId: 1, status: 'Cancelled' });
    expect(byId[44]).toMatchObject({ connectorId: 1, status: 'Used' });

    // Removed by the station (it may drop a reservation itself).
    await roundTrip(w.uid, cs, 'ReserveNow', reserve(45, 2), { status: 'Accepted' });
    await cs.ok('ReservationStatusUpdate', { reservationId: 45, reservationUpdateStatus: 'Removed' });
    const [latest] = (await stub(w.uid).state()).reservations;
    expect(latest).toMatchObject({ id: 45, status: 'Removed' });
    cs.close();
  });

  it('follows the reservations of a 1.6 station too: accepted, then used by the StartTransaction naming it', async () => {
    const w = await aStation();
    const cp = await connect(w.uid);
    const reserve = stub(w.uid).sendCommand('ReserveNow', {
      connectorId: 1,
      expiryDate: EXPIRY,
      idTag: w.idTag,
      reservationId: 61,
    });
    const call = await cp.next((f) => f[0] === 2 && f[2] === 'ReserveNow');
    cp.sendRaw(JSON.stringify([3, call[1], { status: 'Accepted' }]));
    expect(await reserve).toEqual({ status: 'accepted', reply: { status: 'Accepted' } });
    expect((await stub(w.uid).state()).reservations[0]).toMatchObject({ id: 61, connectorId: 1, status: 'Reserved' });
    await cp.ok('StartTransaction', {
      connectorId: 1,
      idTag: w.idTag,
      meterStart: 0,
      timestamp: new Date().toISOString(),
      reservationId: 61,
    });
    expect((await stub(w.uid).state()).reservations[0]).toMatchObject({ id: 61, status: 'Used' });
    cp.close();
  });

  it('sends firmware updates as 2.0.1 UpdateFirmware and records FirmwareStatusNotification like 1.6', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    const location = 'https://files.example.test/firmware/v2.bin';
    const plain = await roundTrip(
      w.uid,
      cs,
      'UpdateFirmware',
      { location, retrieveDate: EXPIRY, retries: 3, retryInterval: 120 },
      { status: 'Accepted' },
    );
    expect(plain.call.action).toBe('UpdateFirmware');
    expect(plain.call.payload).toEqual({
      requestId: expect.any(Number),
      retries: 3,
      retryInterval: 120,
      firmware: { location, retrieveDateTime: EXPIRY },
    });
    expect(plain.result).toEqual({ status: 'accepted', reply: { status: 'Accepted' } });
    const requestId = plain.call.payload.requestId as number;
    await cs.ok('FirmwareStatusNotification', { status: 'Downloading', requestId });
    expect((await stub(w.uid).commandProgress()).firmware).toMatchObject({ status: 'Downloading', requestId });
    await cs.ok('FirmwareStatusNotification', { status: 'InstallVerificationFailed', requestId });
    expect((await stub(w.uid).commandProgress()).firmware).toMatchObject({ status: 'InstallVerificationFailed' });

    // Signed firmware (the Security Whitepaper's SignedUpdateFirmware): field for field.
    const firmware = {
      location,
      retrieveDateTime: EXPIRY,
      installDateTime: EXPIRY,
      signingCertificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
      signature: 'c2lnbmF0dXJl',
    };
    const signed = await roundTrip(
      w.uid,
      cs,
      'SignedUpdateFirmware',
      { requestId: 77, retries: 2, firmware },
      { status: 'InvalidCertificate' },
    );
    expect([signed.call.action, signed.call.payload]).toEqual([
      'UpdateFirmware',
      { requestId: 77, retries: 2, firmware },
    ]);
    expect(signed.result).toEqual({ status: 'accepted', reply: { status: 'InvalidCertificate' } });
    cs.close();
  });

  it('answers DataTransfer like 1.6 and sends the DataTransfer command as it is', async () => {
    const w = await aStation();
    const cs = await connect201(w.uid);
    // No vendor is configured in the tests (OCPP_DATA_TRANSFER_VENDORS): unknown, like 1.6.
    expect(await cs.ok('DataTransfer', { vendorId: 'com.acme', messageId: 'Hello', data: { any: ['json'] } })).toEqual({
      status: 'UnknownVendorId',
    });
    const out = await roundTrip(
      w.uid,
      cs,
      'DataTransfer',
      { vendorId: 'com.acme', messageId: 'Ping', data: 'hello' },
      { status: 'Accepted', data: { pong: true } },
    );
    expect([out.call.action, out.call.payload]).toEqual([
      'DataTransfer',
      { vendorId: 'com.acme', messageId: 'Ping', data: 'hello' },
    ]);
    expect(out.result).toEqual({ status: 'accepted', reply: { status: 'Accepted', data: { pong: true } } });
    const log = (await stub(w.uid).frameLog({ limit: 200, eventType: 'DataTransfer' })) as StationLogEntry[];
    expect(log.length).toBeGreaterThanOrEqual(2);
    cs.close();
  });
});
