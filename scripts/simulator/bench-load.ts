/**
 * @module The benchmark's load: K ocpp-rpc clients in strict mode connect and boot (a bounded number
 * in flight), then each sends one MeterValues and one Heartbeat per interval, at random offsets so
 * the rate is steady, for a fixed time. Every CALL→CALLRESULT is timed; failures are counted by kind.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { RPCClient } from 'ocpp-rpc';
import { shardOf } from './bench-ids';
import { type BenchRow, type FdCount, fdCount, treeCpu, treeFdCounts, watchPeakRss } from './bench-measure';
import { idleReading, type MeterReading, nextReading, toMeterValue } from './meter';
import { toMeterValue201 } from './meter-201';

export interface LoadOptions {
  ids: readonly string[];
  password?: string;
  steadySeconds: number;
  intervalSeconds: number;
  inFlight: number;
  /**
   * One untimed round (MeterValues + Heartbeat per charge point) before the timed steady phase. The
   * connection phase of thousands of charge points outlasts workerd's ~10 s eviction delay, so without
   * it the first round wakes every object at once, which a network whose stations keep talking never
   * does. Its failures still count as errors.
   */
  warmUp?: boolean;
  /**
   * MeterValues inside transactions: after its boot, charge point i starts a transaction (untimed) with
   * `idTags[i]`, a driver with limits, and each MeterValues carries its transactionId and a rising
   * energy register (7.4 kW), so the server runs the in-transaction path (samples of the transaction,
   * the limit check against the stored budget, the running price of EUR limits). A start not answered
   * Accepted counts as an error and that charge point sends idle MeterValues.
   */
  idTags?: readonly string[];
  /**
   * The OCPP version the charge points speak (default 1.6). In 2.0.1 (`ocpp2.0.1`, strict mode) they
   * boot with `chargingStation`, send MeterValues with an evseId and numeric sampled values, and a
   * transaction is TransactionEvent Started (untimed) then Updated per interval: timed in the
   * MeterValues column, the message that carries a 2.0.1 transaction's meter values.
   */
  ocpp?: '1.6' | '2.0.1';
}

type Action = keyof BenchRow['latencies'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `urls`: the server's OCPP URL, or one per shard; a charge point always goes to the shard its id
 * picks (./bench-ids.ts `shardOf`). `serverPids`: the processes whose memory and descriptors count.
 */
export async function runLoad(
  target: string,
  urls: readonly string[],
  serverPids: readonly number[],
  o: LoadOptions,
): Promise<BenchRow> {
  const peakRss = watchPeakRss(serverPids);
  const errors = new Map<string, number>();
  const fail = (kind: string) => errors.set(kind, (errors.get(kind) ?? 0) + 1);
  const latencies: BenchRow['latencies'] = { BootNotification: [], Heartbeat: [], MeterValues: [] };
  let closing = false;

  const v201 = o.ocpp === '2.0.1';
  const timed = async (
    client: RPCClient,
    action: Action,
    payload: object,
    untimed = false,
    method: string = action,
  ) => {
    const t0 = performance.now();
    try {
      await client.call(method, payload);
      if (!untimed) latencies[action].push(performance.now() - t0);
      return true;
    } catch (err) {
      const e = err as Error & { rpcErrorCode?: string };
      fail(`${action} ${e.rpcErrorCode ?? e.message.slice(0, 60)}`);
      return false;
    }
  };

  const transactions = new Map<
    RPCClient,
    { transactionId: number | string; reading: MeterReading; at: number; seqNo: number }
  >();
  const spec = { powerType: 'AC', limitW: 7_400 } as const;
  const clients = o.ids.map((identity) => {
    const client = new RPCClient({
      identity,
      endpoint: urls[shardOf(identity, urls.length)],
      password: o.password ?? null,
      protocols: [v201 ? 'ocpp2.0.1' : 'ocpp1.6'],
      strictMode: true,
      reconnect: false,
      callTimeoutMs: 30_000,
      // No permessage-deflate offer: ocpp-rpc's server (the baseline) never accepts one and workerd
      // does, so with the ws default the product row alone would deflate and inflate every frame (in
      // workerd and, through the libuv thread pool, in this process), and the rows would not carry the
      // same load. Measured at 200 charge points, 5 s interval: product MeterValues p50/p99 3.04/8.49
      // ms with compression, 2.49/6.31 ms without.
      wsOpts: { perMessageDeflate: false },
    } as ConstructorParameters<typeof RPCClient>[0]);
    client.on('close', ({ code, reason }: { code?: number; reason?: string }) => {
      // 1006 has no close frame: the server dropped the socket, or ocpp-rpc terminated it itself
      // because a WebSocket ping got no pong within its 30 s ping interval (server stalled).
      if (!closing)
        fail(
          code === 1006
            ? 'connection lost (1006: dropped, or no pong to a ping within 30 s)'
            : `connection closed by server (${code} ${reason ?? ''})`.trim(),
        );
    });
    return client;
  });

  // Connect and boot, `inFlight` charge points at a time.
  const connected: RPCClient[] = [];
  let next = 0;
  const cpu0 = treeCpu(serverPids);
  const t0 = performance.now();
  const worker = async () => {
    for (let i = next++; i < clients.length; i = next++) {
      const client = clients[i] as RPCClient;
      // A server out of descriptors may leave the handshake hanging: give up after 60 s.
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          client.connect(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timed out after 60 s')), 60_000);
          }),
        ]);
      } catch (err) {
        fail(`connect ${(err as Error).message.slice(0, 60)}`);
        client.close({ force: true }).catch(() => undefined);
        continue;
      } finally {
        clearTimeout(timer);
      }
      connected.push(client);
      await timed(
        client,
        'BootNotification',
        v201
          ? {
              reason: 'PowerUp',
              chargingStation: {
                vendorName: 'Bench',
                model: 'Load-1',
                serialNumber: client.identity,
                firmwareVersion: '1.0.0',
              },
            }
          : {
              chargePointVendor: 'Bench',
              chargePointModel: 'Load-1',
              chargePointSerialNumber: client.identity,
              firmwareVersion: '1.0.0',
            },
      );
      const idTag = o.idTags?.[i];
      if (idTag !== undefined && v201) await startTransaction201(client, idTag, 1_000_000 + i);
      else if (idTag !== undefined) {
        const meterStart = 1_000_000 + i;
        try {
          const reply = (await client.call('StartTransaction', {
            connectorId: 1,
            idTag,
            meterStart,
            timestamp: new Date().toISOString(),
          })) as { transactionId: number; idTagInfo: { status: string } };
          if (reply.idTagInfo.status === 'Accepted') {
            transactions.set(client, {
              transactionId: reply.transactionId,
              reading: idleReading(spec, meterStart),
              at: performance.now(),
              seqNo: 0,
            });
          } else fail(`StartTransaction ${reply.idTagInfo.status}`);
        } catch (err) {
          const e = err as Error & { rpcErrorCode?: string };
          fail(`StartTransaction ${e.rpcErrorCode ?? e.message.slice(0, 60)}`);
        }
      }
    }
  };
  // 2.0.1: the transaction is the station's own id; Started carries the driver's card and the register.
  async function startTransaction201(client: RPCClient, idTag: string, meterStart: number) {
    const transactionId = `${client.identity}-${Date.now()}`;
    const reading = idleReading(spec, meterStart);
    try {
      const reply = (await client.call('TransactionEvent', {
        eventType: 'Started',
        timestamp: new Date().toISOString(),
        triggerReason: 'Authorized',
        seqNo: 0,
        transactionInfo: { transactionId, chargingState: 'Charging' },
        evse: { id: 1, connectorId: 1 },
        idToken: { idToken: idTag, type: 'ISO14443' },
        meterValue: [toMeterValue201(reading, 'Transaction.Begin', new Date())],
      })) as { idTokenInfo?: { status: string } };
      if (reply.idTokenInfo?.status === 'Accepted') {
        transactions.set(client, { transactionId, reading, at: performance.now(), seqNo: 1 });
      } else fail(`TransactionEvent Started ${reply.idTokenInfo?.status ?? 'without idTokenInfo'}`);
    } catch (err) {
      const e = err as Error & { rpcErrorCode?: string };
      fail(`TransactionEvent Started ${e.rpcErrorCode ?? e.message.slice(0, 60)}`);
    }
  }
  await Promise.all(Array.from({ length: o.inFlight }, worker));
  const connectSeconds = (performance.now() - t0) / 1000;
  const cpu1 = treeCpu(serverPids);
  // Descriptors once everyone is connected and booted: the server processes' and this process's.
  const fds: FdCount[] = [...serverPids.flatMap(treeFdCounts), fdCount(process.pid)].filter(
    (c): c is FdCount => c !== undefined,
  );

  // Steady phase: one MeterValues and one Heartbeat per charge point per interval.
  const idle = idleReading({ powerType: 'AC', limitW: 22_000 }, 1_234_567);
  const meterValue = [
    v201 ? toMeterValue201(idle, 'Sample.Periodic', new Date()) : toMeterValue(idle, 'Sample.Periodic', new Date()),
  ];
  const idleMeterValues = v201 ? { evseId: 1, meterValue } : { connectorId: 1, meterValue };
  // Inside a transaction: the register since the last sample at 7.4 kW, with the transaction's id.
  const meterValuesOf = (client: RPCClient) => {
    const tx = transactions.get(client);
    if (!tx) return idleMeterValues;
    const now = performance.now();
    tx.reading = nextReading(tx.reading, (now - tx.at) / 1000, spec);
    tx.at = now;
    if (v201) {
      return {
        eventType: 'Updated',
        timestamp: new Date().toISOString(),
        triggerReason: 'MeterValuePeriodic',
        seqNo: tx.seqNo++,
        transactionInfo: { transactionId: String(tx.transactionId), chargingState: 'Charging' },
        meterValue: [toMeterValue201(tx.reading, 'Sample.Periodic', new Date())],
      };
    }
    return {
      connectorId: 1,
      transactionId: tx.transactionId,
      meterValue: [toMeterValue(tx.reading, 'Sample.Periodic', new Date())],
    };
  };
  const warmUpMs = o.warmUp ? o.intervalSeconds * 1000 : 0;
  const steadyEnd = performance.now() + warmUpMs + o.steadySeconds * 1000;
  let messages = 0;
  // This process's own stalls (its GC, 5,000 strict-mode clients) delay every reply it times, in
  // both rows alike: measured so that a latency tail can be told apart from one of the server's.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  // Each charge point's first round falls in the first interval: with a warm-up, that interval is
  // untimed, and the steady phase (its rate, CPU and event-loop delay) starts when it ends.
  let s0 = performance.now();
  let cpuSteady = cpu1;
  const warmedUp = sleep(warmUpMs).then(() => {
    s0 = performance.now();
    cpuSteady = treeCpu(serverPids);
    loopDelay.enable();
  });
  await Promise.all(
    connected.map(async (client) => {
      await sleep(Math.random() * o.intervalSeconds * 1000);
      let warm = o.warmUp === true;
      while (performance.now() < steadyEnd && client.state === RPCClient.OPEN) {
        const round = performance.now();
        const method = v201 && transactions.has(client) ? 'TransactionEvent' : 'MeterValues';
        if ((await timed(client, 'MeterValues', meterValuesOf(client), warm, method)) && !warm) messages++;
        if ((await timed(client, 'Heartbeat', {}, warm)) && !warm) messages++;
        warm = false;
        await sleep(Math.max(0, o.intervalSeconds * 1000 - (performance.now() - round)));
      }
    }),
  );
  await warmedUp;
  const steadySeconds = (performance.now() - s0) / 1000;
  loopDelay.disable();
  const cpu2 = treeCpu(serverPids);
  const per = (a: typeof cpu0, b: typeof cpu0, n: number) =>
    serverPids.length > 0 && n > 0
      ? { total: (b.workerd + b.other - a.workerd - a.other) / n, workerd: (b.workerd - a.workerd) / n }
      : undefined;

  // Only sockets still open count as connected at the end (a socket the server closed is not).
  const openAtEnd = connected.filter((c) => c.state === RPCClient.OPEN).length;
  closing = true;
  await Promise.all(clients.map((c) => c.close({ code: 1000 }).catch(() => undefined)));
  return {
    target,
    stations: clients.length,
    connected: connected.length,
    openAtEnd,
    shards: urls.length,
    fds,
    connectPerSecond: connected.length / connectSeconds,
    latencies,
    messagesPerSecond: messages / steadySeconds,
    cpuPerMessageMs: per(cpuSteady, cpu2, messages),
    cpuPerConnectMs: per(cpu0, cpu1, connected.length),
    peakRssBytes: peakRss(),
    // The histogram counts from the timer's due time: 10 ms resolution, so about 10 ms when idle.
    loadLoopDelayMs: {
      p50: loopDelay.percentile(50) / 1e6,
      p99: loopDelay.percentile(99) / 1e6,
      max: loopDelay.max / 1e6,
    },
    errors,
    ...(o.idTags ? { inTransaction: transactions.size } : {}),
  };
}
