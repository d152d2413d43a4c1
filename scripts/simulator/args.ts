/** @module Command-line options of `npm run simulate`, parsed without a library (pure, unit-tested). */
import { DEMO_OCPP_PASSWORD } from '../../drizzle/seed/demo';
import { DEMO_RFIDS } from '../../drizzle/seed/demo-rfids';

export interface SimulatorOptions {
  stations: number;
  url: string;
  password?: string;
  ids: string[];
  idTags: string[];
  durationSeconds: number;
  meterIntervalSeconds: number;
  allowRemote: boolean;
  /** The OCPP version the simulated stations speak (`--ocpp`). */
  ocpp: '1.6' | '2.0.1';
}

const DEFAULTS: SimulatorOptions = {
  stations: 3,
  url: 'ws://127.0.0.1:8787/ocpp',
  ids: [],
  // The demo cards a public demo station accepts, so default sessions really start.
  idTags: DEMO_RFIDS.filter((r) => r.expected === 'Accepted').map((r) => r.uuid),
  durationSeconds: 600,
  meterIntervalSeconds: 10,
  allowRemote: false,
  ocpp: '1.6',
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

function positive(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} needs a positive number, got ${value}`);
  return n;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** OCPP 1.6J stations (./station.ts) or OCPP 2.0.1 stations (./station-201.ts, ADR 058 addendum). */
export function ocppVersion(value: string | undefined): '1.6' | '2.0.1' {
  if (value === '1.6' || value === '2.0.1') return value;
  throw new Error(`--ocpp must be 1.6 or 2.0.1, got ${value ?? 'nothing'}`);
}

export function parseArgs(argv: readonly string[]): SimulatorOptions {
  const opts: SimulatorOptions = { ...DEFAULTS, password: process.env.OCPP_PASSWORD || DEMO_OCPP_PASSWORD };
  let stationsGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? '').split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--stations':
        opts.stations = Math.floor(positive('stations', value()));
        stationsGiven = true;
        break;
      case '--url':
        opts.url = value() ?? opts.url;
        break;
      case '--password':
        opts.password = value();
        break;
      case '--ids':
        opts.ids = list(value());
        break;
      case '--id-tags':
        opts.idTags = list(value());
        break;
      case '--duration':
        opts.durationSeconds = positive('duration', value());
        break;
      case '--meter-interval':
        opts.meterIntervalSeconds = positive('meter-interval', value());
        break;
      case '--allow-remote':
        opts.allowRemote = true;
        break;
      case '--ocpp':
        opts.ocpp = ocppVersion(value());
        break;
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
  if (!stationsGiven && opts.ids.length > 0) opts.stations = opts.ids.length;
  if (opts.idTags.length === 0) throw new Error('--id-tags needs at least one tag');
  if (!/^wss?:\/\//.test(opts.url)) throw new Error(`--url must be ws:// or wss://, got ${opts.url}`);
  // A load generator pointed at someone else's server by a typo is worse than a refusal.
  if (!opts.allowRemote && !isLoopbackUrl(opts.url)) {
    throw new Error(`${opts.url} is not a loopback address; pass --allow-remote to target it deliberately`);
  }
  return opts;
}
