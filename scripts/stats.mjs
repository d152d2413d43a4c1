// `npm run stats [-- --base REV] [--json]`: the code-shape counts of issue 16 ("one shape for every
// API resource"), for the working tree and, with --base, for another revision checked out beside it
// (a temporary git worktree), printed side by side:
//   1. product source files over 300 lines (outside the named exceptions below);
//   2. imports that climb more than two folders (`../../../`), product and tests;
//   3. product files that hold SQL but are not a resource's `*.store.ts` (outside the exceptions);
//   4. hand-typed API responses in the app: `api.send<T>(…)` with a type argument written by hand;
//   5. duplicated blocks, by jscpd (at least 6 lines / 60 tokens), over product code.
// Each count lists its files with --verbose.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

/** Folders of product code; tests are counted apart where a count says so. */
const PRODUCT = ['app/', 'workers/', 'domain/', 'drizzle/', 'i18n/'];
const TESTS = ['tests/'];
const isTest = (f) => f.startsWith('tests/') || /\.test\.tsx?$/.test(f);
const isProduct = (f) => PRODUCT.some((p) => f.startsWith(p)) && !isTest(f);

/** Named exceptions, each with why. */
const LONG_FILE_EXCEPTIONS = [
  [/^(domain\/)?i18n\//, 'message catalogs: data, one block per language (i18n/, before ADR 042 domain/i18n/)'],
  [/\.d\.ts$/, 'generated type declarations'],
];
const SQL_EXCEPTIONS = [
  [/^drizzle\/schema\//, 'the schema'],
  [/^drizzle\/seed\//, 'the demo seed'],
  [/^workers\/ocpp\/src\/storage\//, "the ChargePoint object's own SQLite store"],
];

function sourceFiles(dir) {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .split('\n')
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !f.includes('node_modules/') && existsSync(join(dir, f)));
}

const SQL_PATTERNS = [
  /\bdb\s*\.\s*(select|insert|update|delete|query|batch|run|all|get)\b/,
  /\.\$client\s*\.\s*prepare\(/,
  /\benv\.DB\.prepare\(/,
  /\bsql\s*(<[^>]*>)?\s*`/,
  /['"`]\s*(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM|WITH RECURSIVE)\b/,
];

function measure(dir) {
  const files = sourceFiles(dir);
  const text = new Map(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
  const lines = (f) => text.get(f).split('\n').length;

  const long = files.filter((f) => isProduct(f) && lines(f) > 300);
  const longCounted = long.filter((f) => !LONG_FILE_EXCEPTIONS.some(([re]) => re.test(f)));

  const climbing = [];
  for (const f of files) {
    if (!isProduct(f) && !TESTS.some((p) => f.startsWith(p)) && !isTest(f)) continue;
    for (const line of text.get(f).split('\n')) {
      if (/^\s*(import|export)\b.*from\s+['"](\.\.\/){3,}/.test(line) || /import\(\s*['"](\.\.\/){3,}/.test(line)) {
        climbing.push(f);
      }
    }
  }

  const sqlFiles = files.filter(
    (f) =>
      isProduct(f) &&
      !f.endsWith('.store.ts') &&
      !SQL_EXCEPTIONS.some(([re]) => re.test(f)) &&
      SQL_PATTERNS.some((re) => re.test(text.get(f))),
  );

  const handTyped = [];
  for (const f of files) {
    if (!f.startsWith('app/')) continue;
    const n = (text.get(f).match(/\.send<[^>(]+>\s*\(/g) ?? []).length;
    for (let i = 0; i < n; i++) handTyped.push(f);
  }

  return {
    files: files.length,
    longFiles: { count: longCounted.length, files: longCounted, exceptions: long.length - longCounted.length },
    climbingImports: { count: climbing.length, files: [...new Set(climbing)] },
    sqlOutsideStores: { count: sqlFiles.length, files: sqlFiles },
    handTypedResponses: { count: handTyped.length, files: [...new Set(handTyped)] },
    duplicates: duplicates(dir),
  };
}

/** jscpd over product code (not tests): clones and duplicated lines. */
function duplicates(dir) {
  const out = mkdtempSync(join(tmpdir(), 'jscpd-'));
  const jscpd = join(root, 'node_modules', 'jscpd', 'bin', 'jscpd');
  const run = spawnSync(
    process.execPath,
    [
      jscpd,
      '--silent',
      '--min-lines',
      '6',
      '--min-tokens',
      '60',
      '--format',
      'typescript,tsx',
      '--ignore',
      '**/*.test.ts,**/*.test.tsx,**/node_modules/**,domain/i18n/**,i18n/**,**/*.d.ts',
      '--reporters',
      'json',
      '--output',
      out,
      ...PRODUCT.map((p) => join(dir, p)).filter((p) => existsSync(p)),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  try {
    const report = JSON.parse(readFileSync(join(out, 'jscpd-report.json'), 'utf8'));
    const total = report.statistics.total;
    return {
      count: total.clones,
      duplicatedLines: total.duplicatedLines,
      percentage: Number(total.percentage),
      files: report.duplicates
        .slice(0, 20)
        .map(
          (d) =>
            `${relative(dir, d.firstFile.name)}:${d.firstFile.start}-${d.firstFile.end} ~ ${relative(dir, d.secondFile.name)}:${d.secondFile.start}-${d.secondFile.end}`,
        ),
    };
  } catch (error) {
    throw new Error(`jscpd failed: ${run.stderr || run.stdout || error}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function withBase(rev, fn) {
  const dir = mkdtempSync(join(tmpdir(), 'stats-base-'));
  execFileSync('git', ['worktree', 'add', '--detach', dir, rev], { cwd: root, stdio: 'ignore' });
  try {
    return fn(dir);
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
  }
}

const now = measure(root);
const baseRev = option('--base');
const base = baseRev ? withBase(baseRev, measure) : null;

if (flag('--json')) {
  console.log(JSON.stringify({ base: base && { rev: baseRev, ...base }, now }, null, 2));
} else {
  const rows = [
    ['product files over 300 lines', (m) => m.longFiles.count],
    ['imports climbing more than two folders', (m) => m.climbingImports.count],
    ['product files with SQL outside *.store.ts', (m) => m.sqlOutsideStores.count],
    ['hand-typed API responses in app/ (api.send<T>)', (m) => m.handTypedResponses.count],
    ['duplicated blocks (jscpd, ≥ 6 lines)', (m) => `${m.duplicates.count} (${m.duplicates.percentage}% of lines)`],
  ];
  const head = base ? ['', `base ${baseRev}`, 'now'] : ['', 'now'];
  const table = rows.map(([name, get]) =>
    base ? [name, String(get(base)), String(get(now))] : [name, String(get(now))],
  );
  const width = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
  const fmt = (r) => r.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join('  ');
  console.log(fmt(head));
  for (const r of table) console.log(fmt(r));
  console.log(
    `\nExceptions: ${LONG_FILE_EXCEPTIONS.map(([re, why]) => `${re.source} (${why})`).join('; ')}; SQL: ${SQL_EXCEPTIONS.map(([re, why]) => `${re.source} (${why})`).join('; ')}.`,
  );
  if (flag('--verbose')) {
    for (const [name, key] of [
      ['Files over 300 lines', 'longFiles'],
      ['Files with climbing imports', 'climbingImports'],
      ['SQL outside stores', 'sqlOutsideStores'],
      ['Hand-typed responses', 'handTypedResponses'],
      ['Duplicated blocks (first 20)', 'duplicates'],
    ]) {
      console.log(`\n${name}:`);
      for (const f of now[key].files) console.log(`  ${f}`);
    }
  }
}
