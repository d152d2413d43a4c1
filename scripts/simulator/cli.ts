/**
 * @module `npm run simulate`: N simulated OCPP 1.6J charge points (or 2.0.1 stations with
 * `--ocpp 2.0.1`) against a local server, with a live summary, stopping on Ctrl+C or after
 * --duration. Options: see ./args.ts and docs/simulator.md.
 */
import { parseArgs } from './args';
import { stationSpecs } from './demo-stations';
import { SimStation } from './station';
import { SimStation201 } from './station-201';
import { newStats, summaryLine } from './stats';

function options() {
  try {
    return parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`simulate: ${(err as Error).message}`);
    process.exit(2);
    throw err;
  }
}
const opts = options();

const stats = newStats();
const started = Date.now();
const stopBy = started + opts.durationSeconds * 1000;
// Sessions last a minute to five, shorter in short runs so that some complete before the end.
const longest = Math.min(300, Math.max(20, opts.durationSeconds / 3));
const stationOptions = {
  url: opts.url,
  password: opts.password,
  idTags: opts.idTags,
  meterIntervalSeconds: opts.meterIntervalSeconds,
  sessionSeconds: [Math.min(60, longest / 2), longest] as [number, number],
};
const stations = stationSpecs(opts.stations, opts.ids).map((spec) =>
  opts.ocpp === '2.0.1' ? new SimStation201(spec, stationOptions, stats) : new SimStation(spec, stationOptions, stats),
);

console.log(
  `Simulating ${stations.length} OCPP ${opts.ocpp} charge point(s) against ${opts.url} for ${opts.durationSeconds} s` +
    ` (${stations
      .slice(0, 5)
      .map((s) => s.spec.id)
      .join(', ')}${stations.length > 5 ? ', …' : ''}).` +
    (opts.password ? '' : ' No --password: connecting without basic auth.'),
);

const live = process.stdout.isTTY;
const print = () => {
  const line = summaryLine(stats, stations.length, (Date.now() - started) / 1000);
  if (live) process.stdout.write(`\r\x1b[2K${line}`);
  else console.log(line);
};
const ticker = setInterval(print, live ? 1000 : 10_000);

let stopping = false;
async function stop(why: string) {
  if (stopping) return;
  stopping = true;
  clearInterval(ticker);
  clearTimeout(deadline);
  print();
  console.log(`\n${why}: stopping sessions and closing connections …`);
  // A second Ctrl+C, or a server that stops answering, must not keep the process alive.
  setTimeout(() => process.exit(1), 15_000).unref();
  await Promise.all(stations.map((s) => s.shutdown()));
  print();
  console.log('');
  process.exit(stats.errors > 0 ? 1 : 0);
}
const deadline = setTimeout(() => void stop('Duration reached'), opts.durationSeconds * 1000);
process.on('SIGINT', () => void stop('Interrupted'));
process.on('SIGTERM', () => void stop('Terminated'));

// Connect in small waves so a thousand charge points do not all open sockets in the same tick.
for (const [i, station] of stations.entries()) {
  if (stopping) break;
  void station.connect();
  void station.runSessions(stopBy);
  if (i % 50 === 49) await new Promise((r) => setTimeout(r, 100));
}
