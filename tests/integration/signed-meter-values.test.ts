/**
 * Signed meter values (Eichrecht, issue 23 part 6, ADR 060) end to end: a 1.6 station sends OCMF values
 * signed with a P-256 key (format SignedData in MeterValues and in the StopTransaction's transactionData),
 * a 2.0.1 station sends them as signedMeterValue in TransactionEvent; the API lists them verified (the
 * station's meter key or the value's own), a tampered one invalid, exports the S.A.F.E. XML, keeps at
 * most 50 per session (begin and end always), and answers 404 outside the caller's scope.
 */
import { chargingSessions, sessionSignedValues, stations } from '@db/schema';
import { createUser } from '@db/seed/factories';
import { createRfid } from '@db/seed/rfid-factory';
import { ROLE } from '@domain/permissions/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedStation, type FakeChargePoint } from './fake-charge-point';
import { call, db, login, type Session, unique, type World, world } from './helpers';

interface Listed {
  data: {
    context: string;
    status: string;
    format: string;
    encoding: string | null;
    meter_serial: string | null;
    public_key_source: string;
    readings: { value_wh: number | null }[];
  }[];
  total: number;
}

const hex = (b: ArrayBuffer) => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, '0')).join('');
const b64 = (text: string) => btoa(text);

let keys: CryptoKeyPair;
let spkiHex: string;

/** An OCMF value of meter `serial` reading `kwh` at `at`, signed with the test key. */
async function ocmf(serial: string, kwh: number, at: Date, tx: string): Promise<string> {
  const tm = `${at.toISOString().slice(0, 19)},000+0000 S`;
  const payload = JSON.stringify({
    FV: '1.0',
    GI: 'TEST METER',
    GS: serial,
    PG: 'T1',
    MS: serial,
    IS: true,
    RD: [{ TM: tm, TX: tx, RV: kwh, RI: '1-b:1.8.0', RU: 'kWh', ST: 'G' }],
  });
  const sig = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    keys.privateKey,
    new TextEncoder().encode(payload),
  );
  return `OCMF|${payload}|${JSON.stringify({ SA: 'ECDSA-secp256r1-SHA256', SD: hex(sig) })}`;
}

/** The same value with its reading changed after signing. */
const tampered = (value: string) => value.replace(/"RV":([\d.]+)/, (_m, v) => `"RV":${Number(v) + 1}`);

let w: World;
let admin: Session;
let other: Session;
let otherDriver: Session;
let driver: Session;
let cp16: FakeChargePoint;
let cp201: FakeChargePoint;
let station16: number;
let session16: number;
let session201: number;
let plain: number;
const periodic: string[] = [];

beforeAll(async () => {
  keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  spkiHex = hex((await crypto.subtle.exportKey('spki', keys.publicKey)) as ArrayBuffer);
  w = await world({ roles: [37], company: { cpms: 'public' } });
  admin = await login(w.email, w.password);
  const stranger = await world({ roles: [37], company: { cpms: 'public' } });
  other = await login(stranger.email, stranger.password);
  const elsewhere = await world({ roles: [ROLE.SELF_CHARGE] });
  otherDriver = await login(elsewhere.email, elsewhere.password);
  const email = `${unique('driver')}@drivers.test`;
  const user = await createUser(
    db,
    { companyId: w.company.id, email, password: w.password, canChargePublic: true, roles: [ROLE.SELF_CHARGE] },
    { iterations: 1000 },
  );
  driver = await login(email, w.password);
  const card = unique('SIG').replace(/-/g, '').slice(0, 20).toUpperCase();
  await createRfid(db, { companyId: w.company.id, uuid: card, userId: user.id });

  const [s16, s201] = await Promise.all([
    connectedStation(w.company.id, { prefix: 'SIG16', status: 'available' }),
    connectedStation(w.company.id, { prefix: 'SIG201', status: 'available', protocol: 'ocpp2.0.1' }),
  ]);
  cp16 = s16.cp;
  cp201 = s201.cp;
  station16 = s16.stationId;
  // The station form's mandatory fields, so the PATCH below checks only the meter key.
  const address = { address: 'Rue de Rivoli', postalCode: '75001', city: 'Paris', country: 'FR' };
  await db
    .update(stations)
    .set({ ...address, latitude: 48.86, longitude: 2.34 })
    .where(eq(stations.id, station16));

  // 1.6: begin in MeterValues, 55 signed periodic readings (the last one tampered), end in transactionData.
  const t0 = Date.now() - 3_600_000;
  const started = (await cp16.call('StartTransaction', {
    connectorId: 1,
    idTag: card,
    meterStart: 1_000_000,
    timestamp: new Date(t0).toISOString(),
  })) as { transactionId: number };
  session16 = started.transactionId;
  const begin = await ocmf('MTR-16', 1000, new Date(t0), 'B');
  const readings = [];
  for (let i = 1; i <= 55; i++) {
    const at = new Date(t0 + i * 60_000);
    const value = await ocmf('MTR-16', 1000 + i / 10, at, 'T');
    periodic.push(i === 55 ? tampered(value) : value);
    readings.push({
      timestamp: at.toISOString(),
      sampledValue: [{ value: periodic[i - 1], format: 'SignedData', context: 'Sample.Periodic' }],
    });
  }
  await cp16.call('MeterValues', {
    connectorId: 1,
    transactionId: session16,
    meterValue: [
      {
        timestamp: new Date(t0).toISOString(),
        sampledValue: [
          { value: '1000000', context: 'Transaction.Begin' },
          { value: begin, format: 'SignedData', context: 'Transaction.Begin' },
        ],
      },
      ...readings,
    ],
  });
  const t1 = t0 + 56 * 60_000;
  await cp16.call('StopTransaction', {
    transactionId: session16,
    meterStop: 1_007_000,
    timestamp: new Date(t1).toISOString(),
    transactionData: [
      {
        timestamp: new Date(t1).toISOString(),
        sampledValue: [
          {
            value: await ocmf('MTR-16', 1007, new Date(t1), 'E'),
            format: 'SignedData',
            context: 'Transaction.End',
          },
        ],
      },
    ],
  });

  // 2.0.1: signedMeterValue (base64, its own public key) in Started and Ended.
  const signed201 = async (kwh: number, at: Date, tx: string) => ({
    signedMeterData: b64(await ocmf('MTR-201', kwh, at, tx)),
    signingMethod: 'ECDSA-secp256r1-SHA256',
    encodingMethod: 'OCMF',
    publicKey: spkiHex,
  });
  const event = async (eventType: string, seqNo: number, kwh: number, context: string) => {
    const at = new Date(t0 + seqNo * 600_000);
    await cp201.call('TransactionEvent', {
      eventType,
      timestamp: at.toISOString(),
      triggerReason: eventType === 'Started' ? 'Authorized' : 'EVCommunicationLost',
      seqNo,
      transactionInfo: {
        transactionId: 'SIG-TX-1',
        ...(eventType === 'Ended' ? { stoppedReason: 'EVDisconnected' } : {}),
      },
      ...(eventType === 'Started'
        ? { idToken: { idToken: card, type: 'ISO14443' }, evse: { id: 1, connectorId: 1 } }
        : {}),
      meterValue: [
        {
          timestamp: at.toISOString(),
          sampledValue: [
            {
              value: kwh * 1000,
              context,
              measurand: 'Energy.Active.Import.Register',
              signedMeterValue: await signed201(kwh, at, context === 'Transaction.Begin' ? 'B' : 'E'),
            },
          ],
        },
      ],
    });
  };
  await event('Started', 0, 500, 'Transaction.Begin');
  await event('Ended', 1, 505, 'Transaction.End');
  const [row] = await db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(and(eq(chargingSessions.stationId, s201.stationId), eq(chargingSessions.startKey, 'tx:SIG-TX-1')));
  session201 = row?.id ?? 0;

  // A session without signed values.
  const none = (await cp16.call('StartTransaction', {
    connectorId: 1,
    idTag: card,
    meterStart: 1_007_000,
    timestamp: new Date().toISOString(),
  })) as { transactionId: number };
  plain = none.transactionId;
});

afterAll(() => {
  cp16?.close();
  cp201?.close();
});

const listed = async (path: string, who: Session) => {
  const res = await call(path, who);
  expect(res.status).toBe(200);
  return (await res.json()) as Listed;
};

describe('signed meter values of a session', () => {
  it('keeps 50 per session: the begin, the end and the latest periodic readings', async () => {
    const rows = await db
      .select({ context: sessionSignedValues.context, data: sessionSignedValues.signedData })
      .from(sessionSignedValues)
      .where(eq(sessionSignedValues.sessionId, session16));
    expect(rows).toHaveLength(50);
    expect(rows.filter((r) => r.context === 'Transaction.Begin')).toHaveLength(1);
    expect(rows.filter((r) => r.context === 'Transaction.End')).toHaveLength(1);
    const kept = rows.filter((r) => r.context === 'Sample.Periodic').map((r) => r.data);
    expect(kept).toEqual(expect.arrayContaining(periodic.slice(-48)));
    expect(kept).not.toContain(periodic[0]);
  });

  it('without a key: No public key; with the station’s meter key: verified, the tampered one invalid', async () => {
    const before = await listed(`/sessions/${session16}/signed-meter-values`, admin);
    expect(new Set(before.data.map((v) => v.status))).toEqual(new Set(['no_public_key']));

    const bad = await call(`/stations/${station16}/detail`, {
      ...admin,
      method: 'PATCH',
      json: { meterPublicKey: 'abcd' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'meterPublicKey' });
    const set = await call(`/stations/${station16}/detail`, {
      ...admin,
      method: 'PATCH',
      json: { meterPublicKey: spkiHex.toUpperCase() },
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ meterPublicKey: spkiHex.toUpperCase() });

    const body = await listed(`/sessions/${session16}/signed-meter-values`, admin);
    expect(body.total).toBe(50);
    expect(body.data[0]).toMatchObject({
      context: 'Transaction.Begin',
      format: 'OCMF',
      status: 'valid',
      meter_serial: 'MTR-16',
      public_key_source: 'station',
      readings: [{ value_wh: 1_000_000 }],
    });
    expect(body.data.at(-1)).toMatchObject({ context: 'Transaction.End', status: 'valid' });
    const invalid = body.data.filter((v) => v.status === 'invalid');
    expect(invalid).toHaveLength(1);
    expect(invalid[0]?.readings[0]?.value_wh).toBe(1_006_500); // 1005.5 kWh signed, 1006.5 shown
    expect(body.data.filter((v) => v.status === 'valid')).toHaveLength(49);
  });

  it('verifies a 2.0.1 signedMeterValue with the key it carries', async () => {
    const body = await listed(`/sessions/${session201}/signed-meter-values`, admin);
    expect(body.data.map((v) => [v.context, v.status, v.public_key_source, v.meter_serial])).toEqual([
      ['Transaction.Begin', 'valid', 'value', 'MTR-201'],
      ['Transaction.End', 'valid', 'value', 'MTR-201'],
    ]);
    // encodingMethod names the format ("OCMF"): the value is stored as what it is, base64.
    expect(body.data.map((v) => [v.format, v.encoding])).toEqual([
      ['OCMF', 'base64'],
      ['OCMF', 'base64'],
    ]);
  });

  it('exports the S.A.F.E. XML as a download', async () => {
    const res = await call(`/sessions/${session201}/signed-meter-values/safe`, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="session-${session201}-signed-meter-values.xml"`,
    );
    const xml = await res.text();
    expect(xml.match(/<value /g)).toHaveLength(2);
    expect(xml).toContain('context="Transaction.Begin"');
    expect(xml).toContain('OCMF|{');
    expect(xml).toContain(`<publicKey encoding="hex">`);
  });

  it('a session without signed values lists none and has nothing to export', async () => {
    expect(await listed(`/sessions/${plain}/signed-meter-values`, admin)).toEqual({ data: [], total: 0 });
    const res = await call(`/sessions/${plain}/signed-meter-values/safe`, admin);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NO_SIGNED_METER_VALUES' });
  });

  it('the driver sees and exports their own session’s values', async () => {
    const body = await listed(`/my-sessions/${session201}/signed-meter-values`, driver);
    expect(body.data.map((v) => v.status)).toEqual(['valid', 'valid']);
    const res = await call(`/my-sessions/${session201}/signed-meter-values/safe`, driver);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('MTR-201');
  });

  it('another company’s operator and another driver get 404', async () => {
    for (const [path, who] of [
      [`/sessions/${session16}/signed-meter-values`, other],
      [`/sessions/${session16}/signed-meter-values/safe`, other],
      [`/my-sessions/${session201}/signed-meter-values`, otherDriver],
      [`/my-sessions/${session201}/signed-meter-values/safe`, otherDriver],
    ] as const) {
      const res = await call(path, who);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    }
  });
});
