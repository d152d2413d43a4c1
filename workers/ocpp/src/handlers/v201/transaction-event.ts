/**
 * @module OCPP 2.0.1 TransactionEvent (blocks E and J) on the 1.6 session path (ADR 058): ONE session
 * per station transactionId, whatever the order, duplication or offline replay of its events.
 * - The first event received for a transactionId opens the session (start-transaction.ts, keyed
 *   `tx:{transactionId}`), from its idToken, EVSE and energy reading; any later event finds it. A
 *   Started received after that corrects the start (time, meter); once closed, it marks the session
 *   for revision instead.
 * - A transaction started without an idToken (cable plugged in first) has no session yet: its start
 *   and readings wait in `transactions201[id].pending` until an event brings the idToken, which opens
 *   the session from that start. Ended without any idToken: a refused session if energy flowed, else none.
 * - A seqNo already received is a duplicate: answered, never applied twice.
 * - Updated (and the Started's own readings) are meter values of the transaction (meter-values.ts,
 *   limits checked); Ended closes and prices it exactly like a StopTransaction (stop-transaction.ts).
 * - chargingState becomes the connector's status (Charging, SuspendedEV, SuspendedEVSE; EVConnected
 *   is Preparing); seqNos, the offline flag and numberOfPhasesUsed are kept in `transactions201`.
 * Events of one object are handled one at a time, so two first events cannot open two sessions.
 */
import { correctSessionStart } from '@db/queries/sessions.store';
import { flattenMeterValues, type MeterValue, numericBase } from '@domain/ocpp/meter-values';
import type { Handler201, HandlerContext } from '../../context';
import type {
  ChargingState,
  IdTokenInfo,
  PendingStart201,
  Transaction201,
  TransactionEventRequest,
} from '../../ocpp201-types';
import type { TransactionState } from '../../storage/store';
import { meterValues as meterValues16 } from '../meter-values';
import { openTransaction } from '../start-transaction';
import { applyStatus } from '../status-notification';
import { stopTransaction } from '../stop-transaction';
import { idTokenInfo, toIdTokenInfo } from './authorize';
import { toMeterValues16 } from './meter-values';

/** How many transactions `transactions201` keeps (the latest by update). */
const KEPT = 50;
const REGISTER = 'Energy.Active.Import.Register';

/** The object's (and D1's) start key of a 2.0.1 transaction: the station's own id for it. */
export const transactionKey = (transactionId: string) => `tx:${transactionId}`;

const STATUS_OF_STATE: Partial<Record<ChargingState, string>> = {
  Charging: 'Charging',
  SuspendedEV: 'SuspendedEV',
  SuspendedEVSE: 'SuspendedEVSE',
  EVConnected: 'Preparing',
};

/** The energy register readings (Wh) of `values` with `context` first, in order. */
function registerReadings(values: readonly MeterValue[], context: string): number[] {
  const samples = flattenMeterValues(values).filter((s) => s.measurand === REGISTER);
  const ordered = [...samples.filter((s) => s.context === context), ...samples.filter((s) => s.context !== context)];
  return ordered.map(numericBase).filter((n): n is number => n !== null);
}

function meterStop(ctx: HandlerContext, tx: TransactionState, values: readonly MeterValue[]): number {
  const ended = registerReadings(values, 'Transaction.End')[0];
  if (ended !== undefined) return Math.round(ended);
  const stored = ctx.store
    .samples(tx.transactionId)
    .filter((s) => s.measurand === REGISTER)
    .map(numericBase)
    .filter((n): n is number => n !== null);
  return Math.round(stored[stored.length - 1] ?? tx.meterStart);
}

/** One event at a time per charge point: the first two events of a transaction must not both open it. */
const queues = new Map<string, Promise<unknown>>();

export const transactionEvent: Handler201<'TransactionEvent'> = (ctx, p) => {
  const turn = (queues.get(ctx.identity) ?? Promise.resolve()).then(() => handle(ctx, p));
  const settled = turn.catch(() => undefined);
  queues.set(ctx.identity, settled);
  void settled.then(() => {
    if (queues.get(ctx.identity) === settled) queues.delete(ctx.identity);
  });
  return turn;
};

async function handle(ctx: HandlerContext, p: TransactionEventRequest): Promise<{ idTokenInfo?: IdTokenInfo }> {
  const id = p.transactionInfo.transactionId;
  const key = transactionKey(id);
  const known = ctx.store.get('transactions201')?.[id];
  const duplicate = known?.seqNos.includes(p.seqNo) ?? false;
  const values = toMeterValues16(p.meterValue ?? []);
  let info: IdTokenInfo | undefined;
  let tx = ctx.store.transactionByStartKey(key);
  const pending = known?.pending;
  if (!tx && known?.endedUnopened) {
    // It ended without an idToken and without energy: a late event (offline replay) opens nothing.
    const connectorNumber = p.evse?.id ?? 1;
    const late = p.idToken ? await idTokenInfo(ctx, p.idToken, { connectorNumber, purpose: 'authorize' }) : undefined;
    remember(ctx, id, null, p, known);
    return late ? { idTokenInfo: late } : {};
  }
  if (!tx && !p.idToken) {
    // Plugged in first (triggerReason CablePluggedIn…): no one to charge yet. The start is kept and
    // the session opens with the event that brings the idToken (ADR 058 addendum).
    const held = duplicate ? pending : holdStart(pending, p, values);
    const ended = p.eventType === 'Ended';
    // Energy flowed and no idToken ever came: kept as a refused session, like an unknown card's.
    const unpaid = ended && !duplicate && held !== undefined && deliveredWh(held) > 0;
    if (!unpaid) {
      if (!duplicate && !ended) await showChargingState(ctx, held?.evseId ?? 1, p);
      remember(ctx, id, null, p, known, ended ? { endedUnopened: true } : held ? { pending: held } : {});
      return {};
    }
  }
  if (!tx) {
    // The start is the one kept while waiting for the idToken, unless this event is earlier (or the Started).
    const begin = pending ? holdStart(pending, p, []) : undefined;
    const start = await openTransaction(
      ctx,
      {
        // A station that names no EVSE in the first event it sends has one (ADR 058).
        connectorId: begin?.evseId ?? p.evse?.id ?? 1,
        idTag: p.idToken?.type === 'NoAuthorization' ? '' : (p.idToken?.idToken ?? ''),
        meterStart: Math.round(
          (p.eventType === 'Started' ? registerReadings(values, 'Transaction.Begin')[0] : undefined) ??
            begin?.meterStart ??
            registerReadings(values, 'Transaction.Begin')[0] ??
            0,
        ),
        timestamp: begin?.startedAt ?? p.timestamp,
        ...(p.reservationId !== undefined ? { reservationId: p.reservationId } : {}),
      },
      key,
      // E05: started offline, so already charging; a refusal stops it (StopTxOnInvalidId) and is marked so.
      { startedOffline: p.offline === true || known?.offline === true },
    );
    if (p.idToken) info = toIdTokenInfo(start.idTagInfo, ctx.now);
    tx = ctx.store.transactionByStartKey(key);
    if (!tx) throw new Error(`transaction ${id} could not be stored`);
    // The readings sent before the idToken came are the session's too.
    if (pending && pending.meterValues.length > 0) {
      const earlier = { connectorId: tx.connectorId, transactionId: tx.transactionId, meterValue: pending.meterValues };
      await meterValues16(ctx, earlier);
    }
  } else if (p.eventType === 'Started' && known && !known.started) {
    await correctStart(ctx, tx, p, values);
  }
  if (!duplicate && p.eventType === 'Ended') {
    const reply = await stopTransaction(ctx, {
      transactionId: tx.transactionId,
      meterStop: meterStop(ctx, tx, values),
      timestamp: p.timestamp,
      reason: p.transactionInfo.stoppedReason ?? 'Local',
      transactionData: values,
      ...(p.idToken && p.idToken.type !== 'NoAuthorization' ? { idTag: p.idToken.idToken } : {}),
    });
    if (p.idToken && !info && reply.idTagInfo) info = toIdTokenInfo(reply.idTagInfo, ctx.now);
  } else if (!duplicate && values.length > 0) {
    await meterValues16(ctx, { connectorId: tx.connectorId, transactionId: tx.transactionId, meterValue: values });
  }
  if (p.idToken && !info) {
    const purpose = p.eventType === 'Ended' ? 'stop' : 'authorize';
    info = await idTokenInfo(ctx, p.idToken, { connectorNumber: tx.connectorId, purpose });
  }
  if (!duplicate && p.eventType !== 'Ended') await showChargingState(ctx, tx.connectorId, p);
  remember(ctx, id, tx.transactionId, p, known);
  return info ? { idTokenInfo: info } : {};
}

/** chargingState becomes the connector's status (Ended leaves it to the StatusNotification). */
async function showChargingState(ctx: HandlerContext, connectorId: number, p: TransactionEventRequest): Promise<void> {
  const state = p.transactionInfo.chargingState;
  const status = state ? STATUS_OF_STATE[state] : undefined;
  if (!status) return;
  const at = { connectorId, status, errorCode: 'NoError', timestamp: p.timestamp };
  await applyStatus(ctx, at, { closeOnAvailable: false });
}

/** How many readings a transaction waiting for its idToken keeps (the latest). */
const PENDING_READINGS = 100;

/** The start of a transaction without an idToken so far, with this event's EVSE, time and readings. */
function holdStart(
  pending: PendingStart201 | undefined,
  p: TransactionEventRequest,
  values: MeterValue[],
): PendingStart201 {
  const reading = registerReadings(values, 'Transaction.Begin')[0];
  const started = p.eventType === 'Started';
  const earlier = pending === undefined || started || Date.parse(p.timestamp) < Date.parse(pending.startedAt);
  return {
    evseId: p.evse?.id ?? pending?.evseId ?? 1,
    startedAt: earlier ? p.timestamp : (pending?.startedAt ?? p.timestamp),
    meterStart:
      (started && reading !== undefined) || pending?.meterStart == null ? (reading ?? null) : pending.meterStart,
    meterValues: [...(pending?.meterValues ?? []), ...values].slice(-PENDING_READINGS),
  };
}

/** The energy (Wh) a transaction without an idToken delivered: its last register reading over its first. */
function deliveredWh(held: PendingStart201): number {
  const readings = flattenMeterValues(held.meterValues)
    .filter((s) => s.measurand === REGISTER)
    .map(numericBase)
    .filter((n): n is number => n !== null);
  const last = readings[readings.length - 1];
  return last === undefined || held.meterStart === null ? 0 : last - held.meterStart;
}

/** A Started received after a later event of its transaction: its start is the transaction's. */
async function correctStart(
  ctx: HandlerContext,
  tx: TransactionState,
  p: TransactionEventRequest,
  values: readonly MeterValue[],
): Promise<void> {
  const startedAt = Date.parse(p.timestamp);
  const meterStart = Math.round(registerReadings(values, 'Transaction.Begin')[0] ?? tx.meterStart);
  if (!tx.closed) ctx.store.correctStart(tx.transactionId, meterStart, startedAt);
  const start = { startAt: new Date(startedAt), meterStartWh: meterStart };
  await correctSessionStart(ctx.db, ctx.stationId, tx.transactionId, start);
}

function remember(
  ctx: HandlerContext,
  id: string,
  sessionId: number | null,
  p: TransactionEventRequest,
  known: Transaction201 | undefined,
  waiting: Pick<Transaction201, 'pending' | 'endedUnopened'> = {},
): void {
  const all = ctx.store.get('transactions201') ?? {};
  all[id] = {
    sessionId,
    ...(waiting.pending ? { pending: waiting.pending } : {}),
    ...(waiting.endedUnopened || known?.endedUnopened ? { endedUnopened: true } : {}),
    started: (known?.started ?? false) || p.eventType === 'Started',
    seqNos: known?.seqNos.includes(p.seqNo) ? known.seqNos : [...(known?.seqNos ?? []), p.seqNo],
    offline: (known?.offline ?? false) || p.offline === true,
    numberOfPhasesUsed: p.numberOfPhasesUsed ?? known?.numberOfPhasesUsed ?? null,
    chargingState: p.transactionInfo.chargingState ?? known?.chargingState ?? null,
    updatedAt: ctx.now.getTime(),
  };
  const latest = Object.entries(all)
    .sort(([, a], [, b]) => b.updatedAt - a.updatedAt)
    .slice(0, KEPT);
  ctx.store.put('transactions201', Object.fromEntries(latest));
}
