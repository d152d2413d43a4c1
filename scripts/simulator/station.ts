/**
 * @module One simulated OCPP 1.6J charge point on ocpp-rpc in strict mode: boot (honouring Pending
 * and Rejected), status, heartbeat, triggers and reconnects. Sessions live in ./sessions.ts; commands
 * from the central system are answered by ./commands.ts and ./commands-firmware-security.ts.
 */
import { RPCClient } from 'ocpp-rpc';
import type { InstalledProfile } from './charging-profiles';
import { registerCoreCommands, registerReservationAndLocalList, registerSmartCharging } from './commands';
import { registerFirmwareAndSecurity } from './commands-firmware-security';
import { defaultConfiguration, intValue } from './configuration';
import type { StationSpec } from './demo-stations';
import type { MeterReading, MeterValue } from './meter';
import { runSessions, sendMeterValues, startSession, stopSession } from './sessions';
import type { SimStats } from './stats';

export type ConnectorStatus =
  | 'Available'
  | 'Preparing'
  | 'Charging'
  | 'SuspendedEV'
  | 'SuspendedEVSE'
  | 'Finishing'
  | 'Reserved'
  | 'Unavailable'
  | 'Faulted';

export interface Transaction {
  id: number;
  idTag: string;
  reading: MeterReading;
  begin: MeterValue;
  stopAt: number;
  timer?: NodeJS.Timeout;
}

export interface Connector {
  id: number;
  status: ConnectorStatus;
  operative: boolean;
  /** ChangeAvailability answered Scheduled: becomes Inoperative when the transaction ends. */
  scheduledInoperative: boolean;
  energyWh: number;
  tx?: Transaction;
  reservation?: { id: number; idTag: string; timer: NodeJS.Timeout };
}

export interface StationOptions {
  url: string;
  password?: string;
  idTags: string[];
  meterIntervalSeconds: number;
  /** Session length bounds in seconds. */
  sessionSeconds: [number, number];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Reply = Record<string, unknown> & { status?: string; idTagInfo?: { status: string } };

export class SimStation {
  readonly client: RPCClient;
  readonly connectors: Connector[];
  readonly config: ReturnType<typeof defaultConfiguration>;
  profiles: InstalledProfile[] = [];
  localList = { version: 0, entries: new Map<string, unknown>() };
  firmwareVersion: string;
  running = true;
  accepted = false;
  private heartbeatTimer?: NodeJS.Timeout;
  private bootGeneration = 0;

  constructor(
    readonly spec: StationSpec,
    readonly opts: StationOptions,
    readonly stats: SimStats,
  ) {
    this.firmwareVersion = spec.firmware;
    this.config = defaultConfiguration(spec.connectors, opts.meterIntervalSeconds);
    this.connectors = Array.from({ length: spec.connectors }, (_, i) => ({
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
      protocols: ['ocpp1.6'],
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
    registerCoreCommands(this);
    registerReservationAndLocalList(this);
    registerSmartCharging(this);
    registerFirmwareAndSecurity(this);
    this.client.on('disconnect', () => this.onDisconnect());
  }

  private isConnected = false;
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

  private async boot() {
    const generation = ++this.bootGeneration;
    while (this.running && generation === this.bootGeneration) {
      const reply = await this.call('BootNotification', {
        chargePointVendor: this.spec.vendor,
        chargePointModel: this.spec.model,
        chargePointSerialNumber: this.spec.serial,
        firmwareVersion: this.firmwareVersion,
      });
      const interval = Number(reply?.interval ?? 0);
      if (reply?.status === 'Accepted') {
        const heartbeat = this.config.get('HeartbeatInterval');
        if (heartbeat && interval > 0) heartbeat.value = String(interval);
        break;
      }
      // Pending: the system may configure us meanwhile; Rejected: stay silent until the interval passes.
      await sleep((interval > 0 ? interval : 30) * 1000);
    }
    if (!this.running || generation !== this.bootGeneration) return;
    this.accepted = true;
    this.stats.booted++;
    for (const c of [0, ...this.connectors.map((x) => x.id)]) await this.sendStatus(c);
    this.restartHeartbeat();
  }

  restartHeartbeat() {
    clearInterval(this.heartbeatTimer);
    const seconds = intValue(this.config, 'HeartbeatInterval', 300);
    this.heartbeatTimer = setInterval(() => void this.call('Heartbeat', {}), seconds * 1000);
  }

  connector(id: number): Connector | undefined {
    return this.connectors.find((c) => c.id === id);
  }

  async sendStatus(connectorId: number) {
    const c = this.connector(connectorId);
    const stationStatus = this.connectors.every((x) => !x.operative) ? 'Unavailable' : 'Available';
    await this.call('StatusNotification', {
      connectorId,
      errorCode: 'NoError',
      status: c ? c.status : stationStatus,
      timestamp: new Date().toISOString(),
    });
  }

  async setStatus(c: Connector, status: ConnectorStatus) {
    c.status = status;
    await this.sendStatus(c.id);
  }

  runSessions = (stopBy: number) => runSessions(this, stopBy);
  startSession = (c: Connector, idTag: string, how: { remote: boolean }) => startSession(this, c, idTag, how);
  stopSession = (c: Connector, reason: string) => stopSession(this, c, reason);
  sendMeterValues = (c: Connector, context: 'Sample.Periodic' | 'Trigger') => sendMeterValues(this, c, context);

  /** TriggerMessage and ExtendedTriggerMessage: send the requested message once, now. */
  async trigger(message: string, connectorId?: number) {
    const targets = connectorId ? this.connectors.filter((c) => c.id === connectorId) : this.connectors;
    if (message === 'BootNotification') {
      await this.call('BootNotification', {
        chargePointVendor: this.spec.vendor,
        chargePointModel: this.spec.model,
        chargePointSerialNumber: this.spec.serial,
        firmwareVersion: this.firmwareVersion,
      });
    } else if (message === 'Heartbeat') await this.call('Heartbeat', {});
    else if (message === 'MeterValues') for (const c of targets) await this.sendMeterValues(c, 'Trigger');
    else if (message === 'StatusNotification') {
      if (connectorId === undefined || connectorId === 0) await this.sendStatus(0);
      for (const c of connectorId === 0 ? [] : targets) await this.sendStatus(c.id);
    }
  }

  /** No diagnostics upload or firmware update is running when triggered out of the blue. */
  async sendIdleStatus(message: 'DiagnosticsStatusNotification' | 'FirmwareStatusNotification') {
    await this.call(message, { status: 'Idle' });
  }

  /** Reset and reconnects with a new AuthorizationKey: drop the socket, then connect and boot again. */
  async reconnect(password?: string) {
    clearInterval(this.heartbeatTimer);
    await this.client.close({ code: 1000, reason: 'Rebooting' });
    if (password !== undefined) this.client.reconfigure({ password } as Parameters<RPCClient['reconfigure']>[0]);
    if (this.running) await this.client.connect().catch((err: Error) => this.error(`reconnect: ${err.message}`));
  }

  /** Ctrl+C or --duration: stop running sessions the way a charge point being switched off would. */
  async shutdown() {
    for (const c of this.connectors) if (c.tx) await this.stopSession(c, 'Local');
    this.running = false;
    clearInterval(this.heartbeatTimer);
    for (const c of this.connectors) clearTimeout(c.reservation?.timer);
    await this.client.close({ code: 1000, reason: 'Simulator stopped' }).catch(() => undefined);
  }
}
