/**
 * @module Charging sessions of a simulated charge point: cars arriving at free connectors,
 * Authorize → StartTransaction → periodic MeterValues → StopTransaction with transactionData, and
 * the status changes around them (Preparing, Charging, Finishing, then Available or Unavailable).
 */
import { effectiveLimitW } from './charging-profiles';
import { intValue } from './configuration';
import { idleReading, nextReading, toMeterValue } from './meter';
import type { Connector, SimStation } from './station';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

/** The loop a real site produces: cars arrive at free connectors now and then. */
export async function runSessions(st: SimStation, stopBy: number) {
  while (st.running && Date.now() < stopBy) {
    await sleep(5_000 + Math.random() * 25_000);
    if (!st.accepted) continue;
    const free = st.connectors.filter((c) => c.status === 'Available' && c.operative);
    const c = pick(free);
    const idTag = pick(st.opts.idTags);
    if (c && idTag) await startSession(st, c, idTag, { remote: false });
  }
}

export async function startSession(st: SimStation, c: Connector, idTag: string, how: { remote: boolean }) {
  await st.setStatus(c, 'Preparing');
  const authorizeRemote = st.config.get('AuthorizeRemoteTxRequests')?.value === 'true';
  if (!how.remote || authorizeRemote) {
    const auth = await st.call('Authorize', { idTag });
    if (auth?.idTagInfo?.status !== 'Accepted') {
      st.stats.authRejected += auth ? 1 : 0;
      return st.setStatus(c, c.reservation ? 'Reserved' : 'Available');
    }
  }
  const reading = idleReading(meterSpec(st, c), c.energyWh, 10 + Math.random() * 40);
  const reservationId = c.reservation?.idTag === idTag ? c.reservation.id : undefined;
  const timestamp = new Date();
  const start = await st.call('StartTransaction', {
    connectorId: c.id,
    idTag,
    meterStart: Math.floor(c.energyWh),
    timestamp: timestamp.toISOString(),
    ...(reservationId !== undefined ? { reservationId } : {}),
  });
  if (!start || typeof start.transactionId !== 'number')
    return st.setStatus(c, c.reservation ? 'Reserved' : 'Available');
  if (c.reservation) clearTimeout(c.reservation.timer);
  c.reservation = undefined;
  const [min, max] = st.opts.sessionSeconds;
  c.tx = {
    id: start.transactionId,
    idTag,
    reading,
    begin: toMeterValue(reading, 'Transaction.Begin', timestamp),
    stopAt: Date.now() + (min + Math.random() * (max - min)) * 1000,
  };
  st.stats.sessionsStarted++;
  // The system may refuse the idTag in StartTransaction: stop at once, as StopTransactionOnInvalidId says.
  if (start.idTagInfo?.status !== 'Accepted') return stopSession(st, c, 'DeAuthorized');
  await st.setStatus(c, 'Charging');
  scheduleMeter(st, c);
}

export function meterSpec(st: SimStation, c: Connector) {
  const limitW = effectiveLimitW(st.profiles, c.id, st.spec.maxPowerW, Date.now());
  return { powerType: st.spec.powerType, limitW };
}

function scheduleMeter(st: SimStation, c: Connector) {
  const tx = c.tx;
  if (!tx) return;
  const seconds = intValue(st.config, 'MeterValueSampleInterval', st.opts.meterIntervalSeconds);
  tx.timer = setTimeout(async () => {
    if (c.tx !== tx) return;
    tx.reading = nextReading(tx.reading, seconds, meterSpec(st, c));
    c.energyWh = tx.reading.energyWh;
    if (Date.now() >= tx.stopAt) return void stopSession(st, c, 'EVDisconnected');
    await sendMeterValues(st, c, 'Sample.Periodic');
    scheduleMeter(st, c);
  }, seconds * 1000);
}

export async function sendMeterValues(st: SimStation, c: Connector, context: 'Sample.Periodic' | 'Trigger') {
  const reading = c.tx?.reading ?? idleReading(meterSpec(st, c), c.energyWh);
  await st.call('MeterValues', {
    connectorId: c.id,
    ...(c.tx ? { transactionId: c.tx.id } : {}),
    meterValue: [toMeterValue(reading, context, new Date())],
  });
}

export async function stopSession(st: SimStation, c: Connector, reason: string) {
  const tx = c.tx;
  if (!tx) return;
  clearTimeout(tx.timer);
  c.tx = undefined;
  const at = new Date();
  await st.call('StopTransaction', {
    transactionId: tx.id,
    idTag: tx.idTag,
    meterStop: Math.floor(tx.reading.energyWh),
    timestamp: at.toISOString(),
    reason,
    transactionData: [tx.begin, toMeterValue(tx.reading, 'Transaction.End', at)],
  });
  st.stats.sessionsStopped++;
  if (!st.running) return;
  await st.setStatus(c, 'Finishing');
  if (c.scheduledInoperative) {
    c.scheduledInoperative = false;
    c.operative = false;
  }
  await st.setStatus(c, c.operative ? 'Available' : 'Unavailable');
}
