/**
 * An OCPP 2.0.1 charging station for tests inside workerd, strict like ocpp-rpc's strictMode: every
 * CALL it sends and every answer it gives must pass the OCA 2.0.1 schemas, and so must every reply
 * it receives, or the test fails. (ocpp-rpc itself compiles its schemas with code generation, which
 * workerd forbids; these are the same OCA schemas, read by an interpreting validator.)
 */
import { SELF } from 'cloudflare:test';
import { validatePayload } from '../../workers/ocpp/src/transport/validation';
import { basic, PASSWORD, TestCharger } from './helpers';

type Frame = [number, string, ...unknown[]];

export function upgradeOffering(uid: string, protocols: string, password = PASSWORD): Promise<Response> {
  return SELF.fetch(`http://localhost/ocpp/${encodeURIComponent(uid)}`, {
    headers: { upgrade: 'websocket', 'sec-websocket-protocol': protocols, authorization: basic(uid, password) },
  });
}

function strict(action: string, kind: 'req' | 'conf', payload: unknown): void {
  const check = validatePayload(action, kind, payload, 'ocpp2.0.1');
  if (!check.ok) throw new Error(`${action}.${kind} breaks the OCPP 2.0.1 schema: ${check.description}`);
}

export class Station201 {
  constructor(readonly cp: TestCharger) {}

  /** Sends a schema-valid CALL; the CALLRESULT payload, checked against the .conf schema. */
  async ok<T = Record<string, unknown>>(action: string, payload: unknown): Promise<T> {
    strict(action, 'req', payload);
    const f = await this.cp.call(action, payload);
    if (f[0] !== 3) throw new Error(`${action} answered ${JSON.stringify(f)}`);
    strict(action, 'conf', f[2]);
    return f[2] as T;
  }

  /** The next CALL the CSMS sends, checked against its 2.0.1 .req schema. */
  async command(): Promise<{ id: string; action: string; payload: Record<string, unknown> }> {
    const f = (await this.cp.next((x: Frame) => x[0] === 2)) as [number, string, string, Record<string, unknown>];
    strict(f[2], 'req', f[3]);
    return { id: f[1], action: f[2], payload: f[3] };
  }

  /** Answers a CALL the CSMS sent; the answer must be valid 2.0.1 too. */
  answer(call: { id: string; action: string }, payload: unknown): void {
    strict(call.action, 'conf', payload);
    this.cp.sendRaw(JSON.stringify([3, call.id, payload]));
  }

  close(): void {
    this.cp.close();
  }
}

export async function connect201(uid: string, protocols = 'ocpp2.0.1'): Promise<Station201> {
  const res = await upgradeOffering(uid, protocols);
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade answered ${res.status}: ${await res.text()}`);
  if (res.headers.get('sec-websocket-protocol') !== 'ocpp2.0.1') throw new Error('ocpp2.0.1 not negotiated');
  res.webSocket.accept();
  return new Station201(new TestCharger(res.webSocket));
}

/** A meter value as a 2.0.1 station sends it: the register in Wh, the power in kW as W × 10³ (a multiplier). */
export function reading(at: string, wh: number, w: number | null, context = 'Sample.Periodic') {
  const sampledValue: Record<string, unknown>[] = [
    { value: wh, context, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
  ];
  if (w !== null) {
    sampledValue.push({
      value: w / 1000,
      context,
      measurand: 'Power.Active.Import',
      unitOfMeasure: { unit: 'W', multiplier: 3 },
    });
  }
  return { timestamp: at, sampledValue };
}

/** A TransactionEvent of `txId`: a Started names the world's card and EVSE 1. */
export function txEvent(
  w: { idTag: string },
  txId: string,
  eventType: 'Started' | 'Updated' | 'Ended',
  seqNo: number,
  extra: Record<string, unknown> = {},
) {
  return {
    eventType,
    timestamp: new Date(Date.UTC(2026, 10, 21, 8, 0, 0)).toISOString(),
    triggerReason:
      eventType === 'Started' ? 'Authorized' : eventType === 'Ended' ? 'EVCommunicationLost' : 'MeterValuePeriodic',
    seqNo,
    transactionInfo: { transactionId: txId },
    ...(eventType === 'Started'
      ? { idToken: { idToken: w.idTag, type: 'ISO14443' }, evse: { id: 1, connectorId: 1 } }
      : {}),
    ...extra,
  };
}
