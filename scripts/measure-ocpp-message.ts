import { performance } from 'node:perf_hooks';
import { flattenMeterValues } from '../domain/ocpp/meter-values';
import { idleReading, toMeterValue } from '../scripts/simulator/meter';
import { validatePayload } from '../workers/ocpp/src/transport/validation';

const p = {
  connectorId: 1,
  meterValue: [
    toMeterValue(idleReading({ powerType: 'AC', limitW: 22000 } as never, 1234567), 'Sample.Periodic', new Date()),
  ],
};
const text = JSON.stringify([2, 'abc', 'MeterValues', p]);
const N = 20000;
for (const [name, f] of [
  ['validate MeterValues.req', () => validatePayload('MeterValues', 'req', p)],
  ['validate MeterValues.conf', () => validatePayload('MeterValues', 'conf', {})],
  ['validate Heartbeat.req', () => validatePayload('Heartbeat', 'req', {})],
  ['JSON.parse frame', () => JSON.parse(text)],
  ['flattenMeterValues', () => flattenMeterValues(p.meterValue as never)],
] as const) {
  f();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) f();
  console.log(name.padEnd(30), (((performance.now() - t0) * 1000) / N).toFixed(2), 'µs/op');
}
