/**
 * The charge point side of the built-in CA's tests, strict: what the system sends and answers is
 * checked against the official OCA 1.6 schemas (those ocpp-rpc ships).
 */
import { runInDurableObject } from 'cloudflare:test';
import { type Schema, Validator } from '@cfworker/json-schema';
import schemas from 'ocpp-rpc/lib/schemas/ocpp1_6.json';
import { expect } from 'vitest';
import type { IssuedRecord } from '../../workers/ocpp/src/certificates/issued';
import type { ChargePoint } from '../../workers/ocpp/src/charge-point';
import { forgetCached, stub, type TestCharger } from './helpers';

export function strict(action: string, kind: 'req' | 'conf', payload: unknown): void {
  const schema = (schemas as Schema[]).find((s) => s.$id === `urn:${action}.${kind}`);
  if (!schema) throw new Error(`no schema for ${action}.${kind}`);
  const result = new Validator(schema, '7', true).validate(payload);
  expect(result.errors).toEqual([]);
}

export async function signCertificate(cp: TestCharger, csr: string): Promise<unknown> {
  strict('SignCertificate', 'req', { csr });
  const reply = await cp.ok('SignCertificate', { csr });
  strict('SignCertificate', 'conf', reply);
  return reply;
}

/** The CertificateSigned CALL the system sends next, checked against its schema. */
export async function certificateSigned(cp: TestCharger): Promise<{ id: string; chain: string }> {
  const call = await cp.next((f) => f[0] === 2 && f[2] === 'CertificateSigned');
  strict('CertificateSigned', 'req', call[3]);
  return { id: String(call[1]), chain: (call[3] as { certificateChain: string }).certificateChain };
}

export function answer(cp: TestCharger, id: string, status: 'Accepted' | 'Rejected'): void {
  strict('CertificateSigned', 'conf', { status });
  cp.sendRaw(JSON.stringify([3, id, { status }]));
}

/** The newest issued certificate once its delivery has settled (the answer is stored after it arrives). */
export async function settled(identity: string) {
  for (let i = 0; i < 100; i += 1) {
    const now = await stub(identity).certificates();
    if (now.issued[0]?.status !== 'Pending') return now;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the CertificateSigned answer was never recorded');
}

/**
 * Time passing for the newest record's delivery: its deadline is moved `ms` into the past, as
 * storage would hold it that much later (a test cannot wait the 35 s).
 */
export async function deadlinePassed(identity: string, ms = 1000): Promise<IssuedRecord> {
  return runInDurableObject(stub(identity), (instance: ChargePoint, state) => {
    const row = state.storage.sql
      .exec<{ value: string }>("SELECT value FROM kv WHERE key = 'issuedCertificates'")
      .one();
    const [newest, ...rest] = JSON.parse(row.value) as IssuedRecord[];
    if (!newest) throw new Error('nothing issued');
    const moved = { ...newest, deliverBy: Date.now() - ms };
    state.storage.sql.exec(
      "UPDATE kv SET value = ? WHERE key = 'issuedCertificates'",
      JSON.stringify([moved, ...rest]),
    );
    forgetCached(instance);
    return moved;
  });
}
