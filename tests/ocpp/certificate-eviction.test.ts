/**
 * CertificateSigned delivery across the loss of the object (ADR 014, addendum 2): whenever the object
 * restarts between the Accepted SignCertificate and the charge point's answer, the issued record ends
 * in a truthful final state, never Pending for ever; an eviction cannot come in between at all. The
 * charge point side is strict (OCA 1.6 schemas).
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChargePoint } from '../../workers/ocpp/src/charge-point';
import cpEcCsr from '../fixtures/ca/cp-ec.csr?raw';
import { answer, certificateSigned, deadlinePassed, settled, signCertificate } from './certificate-helpers';
import { aStation, connect, forgetCached, stub, type TestCharger } from './helpers';

/** The CN of the fixture CSR: the charge point must have this identity. */
const IDENTITY = 'CP-CA-1';

const newest = async () => (await stub(IDENTITY).certificates()).issued[0];

/**
 * A command the charge point leaves unanswered: the object's outbox sends one CALL at a time, so a
 * CertificateSigned issued meanwhile waits in memory, unsent (what an eviction right after the
 * SignCertificate reply leaves behind).
 */
async function blockOutbox(cp: TestCharger): Promise<void> {
  // Ends with the restart below (the RPC fails with it).
  void stub(IDENTITY)
    .sendCommand('GetConfiguration', {}, 60_000)
    .catch(() => null);
  await cp.next((f) => f[0] === 2 && f[2] === 'GetConfiguration');
}

/**
 * A restart of the object (deploy, reset, crash): its memory is lost and its sockets are dropped.
 * `evictDurableObject` cannot stand for it here: it refuses an object that awaits an answer.
 */
async function restart(cp: TestCharger): Promise<void> {
  await expect(
    runInDurableObject(stub(IDENTITY), (_i: ChargePoint, state) => state.abort('test restart')),
  ).rejects.toThrow('test restart');
  for (let i = 0; i < 100 && !cp.closed; i += 1) await new Promise((r) => setTimeout(r, 20));
  expect(cp.closed?.code).toBe(1006);
}

describe('CertificateSigned delivery when the ChargePoint object is evicted', () => {
  beforeAll(async () => {
    await aStation({ uid: IDENTITY });
  });

  it('arms the alarm for the delivery before SignCertificate is answered', async () => {
    const cp = await connect(IDENTITY);
    expect(await signCertificate(cp, cpEcCsr)).toEqual({ status: 'Accepted' });
    const record = await newest();
    expect(record?.deliverBy).toEqual(expect.any(Number));
    const alarm = await runInDurableObject(stub(IDENTITY), (_i: ChargePoint, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm as number).toBeLessThanOrEqual(record?.deliverBy as number);
    answer(cp, (await certificateSigned(cp)).id, 'Accepted');
    expect((await settled(IDENTITY)).issued[0]).toMatchObject({ status: 'Accepted', deliverBy: null });
    cp.close();
  });

  it('answered, then evicted: the answer and the message that carried it are kept', async () => {
    const cp = await connect(IDENTITY);
    await signCertificate(cp, cpEcCsr);
    const { id } = await certificateSigned(cp);
    expect(await newest()).toMatchObject({ status: 'Pending', messageId: id, sentAt: expect.any(String) });
    answer(cp, id, 'Accepted');
    const { serial } = (await settled(IDENTITY)).issued[0] ?? {};
    // (While the answer is awaited, evictDurableObject waits for it: the wait keeps the object in memory.)
    await evictDurableObject(stub(IDENTITY));
    expect(await newest()).toMatchObject({ serial, status: 'Accepted', messageId: id, error: null, deliverBy: null });
    cp.close();
  });

  it('restarted after sending it, never answered: the alarm records Timeout and why, and does not send it again', async () => {
    const cp = await connect(IDENTITY);
    await signCertificate(cp, cpEcCsr);
    await certificateSigned(cp);
    await restart(cp);
    const again = await connect(IDENTITY);
    const { serial, sentAt } = await deadlinePassed(IDENTITY);
    expect(sentAt).toEqual(expect.any(String));
    expect(await runDurableObjectAlarm(stub(IDENTITY))).toBe(true);
    expect(await newest()).toMatchObject({
      serial,
      status: 'Timeout',
      error: `No answer recorded: the central system restarted while waiting for it (sent ${sentAt})`,
      answeredAt: expect.any(String),
      deliverBy: null,
    });
    expect(await again.nothingWithin(300)).toBe(true);
    again.close();
  });

  it('restarted before sending it, charge point reconnected: the alarm sends it once and records the answer', async () => {
    const cp = await connect(IDENTITY);
    await blockOutbox(cp);
    await signCertificate(cp, cpEcCsr);
    expect(await cp.nothingWithin(300)).toBe(true);
    await restart(cp);
    const again = await connect(IDENTITY);
    const unsent = await deadlinePassed(IDENTITY);
    expect(unsent).toMatchObject({ status: 'Pending', sentAt: null, messageId: null });

    const alarm = runDurableObjectAlarm(stub(IDENTITY));
    const { id, chain } = await certificateSigned(again);
    expect(chain.startsWith(unsent.certificate)).toBe(true);
    answer(again, id, 'Rejected');
    expect(await alarm).toBe(true);
    expect(await newest()).toMatchObject({ serial: unsent.serial, status: 'Rejected', messageId: id, deliverBy: null });
    expect(await again.nothingWithin(300)).toBe(true);
    again.close();
  });

  it('restarted before sending it, charge point not back: the alarm records Offline and why', async () => {
    const cp = await connect(IDENTITY);
    await blockOutbox(cp);
    await signCertificate(cp, cpEcCsr);
    await restart(cp);
    const { serial } = await deadlinePassed(IDENTITY);
    expect(await runDurableObjectAlarm(stub(IDENTITY))).toBe(true);
    expect(await newest()).toMatchObject({
      serial,
      status: 'Offline',
      error: 'Not sent: the central system restarted before sending it and the charge point is not connected',
      sentAt: null,
    });
  });

  it('a Pending record stored before deadlines were kept: the alarm records Timeout, never re-sends it', async () => {
    const cp = await connect(IDENTITY);
    await blockOutbox(cp);
    await signCertificate(cp, cpEcCsr);
    await restart(cp);
    const again = await connect(IDENTITY);
    const legacy = await runInDurableObject(stub(IDENTITY), (instance: ChargePoint, state) => {
      const row = state.storage.sql
        .exec<{ value: string }>("SELECT value FROM kv WHERE key = 'issuedCertificates'")
        .one();
      const [newest, ...rest] = JSON.parse(row.value) as Record<string, unknown>[];
      // The shape the first addendum stored: no deadline, no sentAt, no messageId.
      const { deliverBy: _d, sentAt: _s, messageId: _m, ...old } = newest ?? {};
      state.storage.sql.exec(
        "UPDATE kv SET value = ? WHERE key = 'issuedCertificates'",
        JSON.stringify([old, ...rest]),
      );
      forgetCached(instance);
      return old;
    });
    expect(await runDurableObjectAlarm(stub(IDENTITY))).toBe(true);
    expect(await newest()).toMatchObject({
      serial: legacy.serial,
      status: 'Timeout',
      error: 'No answer recorded (issued before delivery deadlines were kept)',
    });
    expect(await again.nothingWithin(300)).toBe(true);
    again.close();
  });
});
