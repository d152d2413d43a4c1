// `npm test`: type checking, lint and format check, the production build, then every vitest
// project (unit in Node, workers and ocpp inside workerd, e2e in Debian's Chromium). Ends with
// one plain "N passed, N failed" line counted from vitest's JSON report.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { bin, childEnv, runNode } from './lib.mjs';

const started = Date.now();
const step = (name) => console.log(`\n▸ ${name}`);

step('Type checking');
runNode(bin.tsc, ['-p', 'tsconfig.json', '--noEmit']);
step('Lint and format check (biome)');
runNode(bin.biome, ['ci', '--colors=off', '.']);
step('Building the web app and the ocpp worker');
runNode(bin.remix, ['vite:build'], { quiet: true });
runNode(bin.wrangler, ['deploy', '--dry-run', '-c', 'workers/ocpp/wrangler.toml', '--outdir', '../../dist/ocpp'], {
  quiet: true,
});

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `\n✖ End-to-end tests need Debian's Chromium at ${chromium}: apt-get install -y chromium (see README).`,
  );
  process.exit(1);
}

step('Tests: unit, workers, ocpp, e2e (vitest)');
mkdirSync('tests/.tmp', { recursive: true });
const report = 'tests/.tmp/vitest-report.json';
const run = spawnSync(
  process.execPath,
  [bin.vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: ['ignore', 'inherit', 'inherit'], env: childEnv },
);
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests;
  skipped = json.numPendingTests + json.numTodoTests;
}
console.log(`\nnpm test took ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
