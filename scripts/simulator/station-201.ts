/**
 * @module One simulated OCPP 2.0.1 charging station on ocpp-rpc in strict mode (`ocpp2.0.1`, every
 * request and answer checked against the OCA schemas): boot (honouring Pending and Rejected), status
 * per EVSE, heartbeat, and sessions as TransactionEvent Started → Updated (sampled values, seqNo) →
 * Ended. Each EVSE has one connector (id 1). Commands are answered by ./commands-201.ts.
 */
import { randomUUID } from 'node:crypto';
import { RPCClient } from 'ocpp-rpc';
import { registerCommands201 } from './commands-201';
import type { StationSpec } from './demo-stations';
import { idleReading, type MeterReading, nextReading, type ReadingContext } from './meter';
import { toMeterValue201 } from './meter-201';
import type { StationOptions } from './station';
import type { SimStats } from './stats';
import { type DeviceModel, defaultDeviceModel, intVariable, variable } from './variables-201';

export type ConnectorStatus201 = 'Available' | 'Occupied' | 'Reserved' | 'Unavailable' | 'Faulted';

export interface Transaction201 {
  id: string;
  idToken: { idToken: string; type: string };
  seqNo: number;
  reading: MeterReading;
  stopAt: number;
  remoteStartId?: number;
  timer?: NodeJS.Timeout;
}

export interface Evse {
  id: number;
  status: ConnectorStatus201;
  operative: boolean;
  /** ChangeAvailability answered Scheduled: becomes Inoperative when the transaction ends. */
  scheduledInoperative: boolean;
  energyWh: number;
  tx?: Transaction201;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
type Reply = Record<string, unknown> & { status?: string; idTokenInfo?: { status: string } };

export class SimStation201 {
  readonly client: RPCClient;
  readonly evses: Evse[];
  readonly variables: DeviceModel;
  running = true;
  accepted = false;
  /** Reset OnIdle answered Scheduled: the station reboots when its last transaction ends. */
  resetWhenIdle = false;
  private heartbeatTimer?: NodeJS.Timeout;
  private bootGeneration = 0;
  private isConnected = false;

  constructor(
    readonly spec: StationSpec,
    readonly opts: StationOptions,
    readonly stats: SimStats,
  ) {
    this.variables = defaultDeviceModel({ identity: spec.id, meterIntervalSeconds: opts.meterIntervalSeconds });
    this.evses = Array.from({ length: spec.connectors }, (_, i) => ({
      id: i + 1,
      status: 'Available' as const,
      operative: true,
      scheduledInoperative: false,
      energyWh: Math.floor(Math.random() * 5_000_000),
    }));
    this.client = new RPCClient({
      identity: spec.id,
      endpoint: opts.url,
      password: opts.password ?? null,
      protocols: ['ocpp2.0.1'],
      strictMode: true,
      reconnect: true,
      callTimeoutMs: 30_000,
      backoff: { initialDelay: 1000, maxDelay: 30_000, factor: 2, randomisationFactor: 0.5 },
    } as ConstructorParameters<typeof RPCClient>[0]);
    this.client.on('open', () => {
      if (!this.isConnected) this.stats.connected++;
      this.isConnected = true;
      void this.boot();
    });
    this.client.on('close', () => this.onDisconnect());
    this.client.on('disconnect', () => this.onDisconnect());
    registerCommands201(this);
  }

  private onDisconnect() {
    if (this.isConnected) this.stats.connected--;
    this.isConnected = false;
    if (this.accepted) this.stats.booted--;
    this.accepted = false;
    clearInterval(this.heartbeatTimer);
    this.bootGeneration++;
  }

  error(message: string) {
    this.stats.errors++;
    this.stats.lastError = `${this.spec.id}: ${message}`;
  }

  /** A call whose failure is counted and logged instead of thrown: the simulator keeps going. */
  async call(action: string, payload: Record<string, unknown>): Promise<Reply | undefined> {
    try {
      return (await this.client.call(action, payload)) as Reply;
    } catch (err) {
      if (this.running) this.error(`${action}: ${(err as Error).message}`);
      return undefined;
    }
  }

  /** ocpp-rpc reconnects only after a first success, so a server still starting is retried here. */
  async connect() {
    while (this.running) {
      try {
        return await this.client.connect();
      } catch (err) {
        this.error(`connect: ${(err as Error).message}`);
        await sleep(10_000);
      }
    }
  }

  bootPayload(reason: string) {
    return {
      reason,
      chargingStation: {
        vendorName: this.spec.vendor,
        model: this.spec.model,
        serialNumber: this.spec.serial,
        firmwareVersion: this.spec.firmware,
      },
    };
  }

  private async boot() {
    const generation = ++this.bootGeneration;
    while (this.running && generation === this.bootGeneration) {
      const reply = await this.call('BootNotification', this.bootPayload('PowerUp'));
      const interval = Number(reply?.interval ?? 0);
      if (reply?.status === 'Accepted') {
        const heartbeat = variable(this.variables, 'OCPPCommCtrlr', 'HeartbeatInterval');
        if (heartbeat && interval > 0) heartbeat.value = String(interval);
        break;
      }
      // Pending: the CSMS may configure us meanwhile; Rejected: stay silent until the interval passes.
      await sleep((interval > 0 ? interval : 30) * 1000);
    }
    if (!this.running || generation !== this.bootGeneration) return;
    this.accepted = true;
    this.stats.booted++;
    for (const e of this.evses) await this.sendStatus(e);
    this.restartHeartbeat();
  }

  restartHeartbeat() {
    clearInterval(this.heartbeatTimer);
    const seconds = intVariable(this.variables, 'OCPPCommCtrlr', 'HeartbeatInterval', 300);
    this.heartbeatTimer = setInterval(() => void this.call('Heartbeat', {}), seconds * 1000);
  }

  evse(id: number): Evse | undefined {
    return this.evses.find((e) => e.id === id);
  }

  async sendStatus(e: Evse) {
    await this.call('StatusNotification', {
      timestamp: new Date().toISOString(),
      connectorStatus: e.status,
      evseId: e.id,
      connectorId: 1,
    });
  }

  async setStatus(e: Evse, status: ConnectorStatus201) {
    e.status = status;
    await this.sendStatus(e);
  }

  private limitW() {
    return { powerType: this.spec.powerType, limitW: this.spec.maxPowerW };
  }

  /** The loop a real site produces: cars arrive at free EVSEs now and then. */
  async runSessions(stopBy: number) {
    while (this.running && Date.now() < stopBy) {
      await sleep(5_000 + Math.random() * 25_000);
      if (!this.accepted) continue;
      const e = pick(this.evses.filter((x) => x.status === 'Available' && x.operative));
      const idToken = pick(this.opts.idTags);
      if (e && idToken) await this.startSession(e, { idToken, type: 'ISO14443' }, {});
    }
  }

  private event(e: Evse, tx: Transaction201, eventType: string, triggerReason: string, extra: object = {}) {
    return this.call('TransactionEvent', {
      eventType,
      timestamp: new Date().toISOString(),
      triggerReason,
      seqNo: tx.seqNo++,
      evse: { id: e.id, connectorId: 1 },
      ...extra,
    });
  }

  async startSession(e: Evse, idToken: Transaction201['idToken'], how: { remoteStartId?: number }) {
    const remote = how.remoteStartId !== undefined;
    const authorizeRemote = variable(this.variables, 'AuthCtrlr', 'AuthorizeRemoteStart')?.value === 'true';
    if (!remote || authorizeRemote) {
      const auth = await this.call('Authorize', { idToken });
      if (auth?.idTokenInfo?.status !== 'Accepted') {
        this.stats.authRejected += auth ? 1 : 0;
        return;
      }
    }
    await this.setStatus(e, 'Occupied');
    const [min, max] = this.opts.sessionSeconds;
    const reading = idleReading(this.limitW(), e.energyWh, 10 + Math.random() * 40);
    const tx: Transaction201 = {
      id: randomUUID(),
      idToken,
      seqNo: 0,
      reading,
      stopAt: Date.now() + (min + Math.random() * (max - min)) * 1000,
      remoteStartId: how.remoteStartId,
    };
    e.tx = tx;
    const started = await this.event(e, tx, 'Started', remote ? 'RemoteStart' : 'Authorized', {
      transactionInfo: {
        transactionId: tx.id,
        chargingState: 'Charging',
        ...(remote ? { remoteStartId: how.remoteStartId } : {}),
      },
      idToken,
      meterValue: [toMeterValue201(reading, 'Transaction.Begin', new Date())],
    });
    this.stats.sessionsStarted++;
    const refused = started?.idTokenInfo && started.idTokenInfo.status !== 'Accepted';
    if (refused && variable(this.variables, 'TxCtrlr', 'StopTxOnInvalidId')?.value === 'true') {
      return this.stopSession(e, 'DeAuthorized', 'Deauthorized');
    }
    this.scheduleMeter(e);
  }

  private scheduleMeter(e: Evse) {
    const tx = e.tx;
    if (!tx) return;
    const seconds = intVariable(this.variables, 'SampledDataCtrlr', 'TxUpdatedInterval', 10);
    tx.timer = setTimeout(async () => {
      if (e.tx !== tx) return;
      tx.reading = nextReading(tx.reading, seconds, this.limitW());
      e.energyWh = tx.reading.energyWh;
      if (Date.now() >= tx.stopAt) return void this.stopSession(e, 'EVDisconnected', 'EVDeparted');
      await this.sendUpdate(e, 'MeterValuePeriodic');
      this.scheduleMeter(e);
    }, seconds * 1000);
  }

  /** TransactionEvent Updated with the current reading (periodic, or a TriggerMessage). */
  async sendUpdate(e: Evse, triggerReason: 'MeterValuePeriodic' | 'Trigger') {
    const tx = e.tx;
    if (!tx) return;
    const context: ReadingContext = triggerReason === 'Trigger' ? 'Trigger' : 'Sample.Periodic';
    await this.event(e, tx, 'Updated', triggerReason, {
      transactionInfo: { transactionId: tx.id, chargingState: 'Charging' },
      meterValue: [toMeterValue201(tx.reading, context, new Date())],
    });
  }

  /** MeterValues outside a transaction (a TriggerMessage MeterValues on an idle EVSE). */
  async sendMeterValues(e: Evse) {
    const reading = e.tx?.reading ?? idleReading(this.limitW(), e.energyWh);
    await this.call('MeterValues', { evseId: e.id, meterValue: [toMeterValue201(reading, 'Trigger', new Date())] });
  }

  async stopSession(e: Evse, stoppedReason: string, triggerReason: string) {
    const tx = e.tx;
    if (!tx) return;
    clearTimeout(tx.timer);
    e.tx = undefined;
    await this.event(e, tx, 'Ended', triggerReason, {
      transactionInfo: { transactionId: tx.id, chargingState: 'Idle', stoppedReason },
      meterValue: [toMeterValue201(tx.reading, 'Transaction.End', new Date())],
    });
    this.stats.sessionsStopped++;
    if (!this.running) return;
    if (e.scheduledInoperative) {
      e.scheduledInoperative = false;
      e.operative = false;
    }
    await this.setStatus(e, e.operative ? 'Available' : 'Unavailable');
    if (this.resetWhenIdle && this.evses.every((x) => !x.tx)) {
      this.resetWhenIdle = false;
      await this.reconnect();
    }
  }

  /** Reset and a new BasicAuthPassword: drop the socket, then connect and boot again. */
  async reconnect(password?: string) {
    clearInterval(this.heartbeatTimer);
    await this.client.close({ code: 1000, reason: 'Rebooting' });
    if (password !== undefined) this.client.reconfigure({ password } as Parameters<RPCClient['reconfigure']>[0]);
    if (this.running) await this.client.connect().catch((err: Error) => this.error(`reconnect: ${err.message}`));
  }

  /** Ctrl+C or --duration: stop running sessions the way a station being switched off would. */
  async shutdown() {
    for (const e of this.evses) if (e.tx) await this.stopSession(e, 'Local', 'StopAuthorized');
    this.running = false;
    clearInterval(this.heartbeatTimer);
    await this.client.close({ code: 1000, reason: 'Simulator stopped' }).catch(() => undefined);
  }
}
