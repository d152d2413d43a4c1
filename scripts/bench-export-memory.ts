/**
 * `npm run bench:export-memory`: the memory bound of the streamed session exports, without D1, so the
 * figure does not depend on the machine's load. Writes the emp variant (the widest text columns,
 * with long station names and addresses that wrap in the PDF) for 10,000 and 100,000 generated rows
 * as PDF and XLSX, and prints per run: time, file size, peak heap after a forced GC (sampled every
 * 50 chunks: the memory the export really keeps), peak heap used and peak RSS. Baseline in the same
 * run: generating the rows without writing anything. Bounded memory means the 100,000-row figures
 * are about the 10,000-row ones, not ten times them. Needs `--expose-gc` (the npm script passes it).
 * Options: --rows 10000,100000
 */

import { sessions } from '@i18n/areas/sessions';
import type { Cell } from '../domain/export/cells';
import { sessionPdfStream } from '../domain/export/pdf-sessions';
import { xlsxStream } from '../domain/export/xlsx';
import { exportCells, exportColumns, exportTextsIn } from '../domain/sessions/export-rows';
import { columnsOf } from '../domain/sessions/variants';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('Run with node --expose-gc (npm run bench:export-memory does).');
  process.exit(2);
}
const arg = process.argv.indexOf('--rows');
const COUNTS = (arg > 0 ? (process.argv[arg + 1] ?? '') : '10000,100000').split(',').map(Number);

const en = sessions.en;
const cols = columnsOf('emp');
const texts = exportTextsIn('en');
const STREETS = [
  'Boulevard Haussmann',
  'Zone Industrielle des Trois Fontaines',
  'Rue de la Gare',
  'Avenue du Général Leclerc',
];
const T0 = Date.UTC(2026, 0, 1);

/** One generated session in the shape `exportRows` yields (display values of the emp variant). */
function* generate(n: number): Generator<Record<string, Cell>> {
  for (let i = 0; i < n; i++) {
    const row: Record<string, Cell> = { id: i + 1, pricing_status: 'priced', currency: 'EUR', start_method: 'RFID' };
    for (const col of cols) {
      const k = col.key;
      if (col.kind === 'datetime')
        row[k] = new Date(T0 + i * 600_000 + (k.includes('end') ? 3_600_000 : 0)).toISOString();
      else if (col.kind === 'money') row[k] = 100 + (i % 5000);
      else if (col.kind === 'energy') row[k] = 1000 + ((i * 37) % 60_000);
      else if (col.kind === 'flag') row[k] = i % 7 === 0 ? 1 : 0;
      else if (col.kind === 'status') row[k] = 'closed';
      else if (k.includes('station') || k.includes('address') || k.includes('location'))
        row[k] = `${(i % 200) + 1} ${STREETS[i % STREETS.length]} – Parking Centre Commercial ${i % 97} Nord`;
      else if (k.includes('email')) row[k] = `driver.${i % 5000}@fleet-company-${i % 40}.example`;
      else if (col.kind === 'text') row[k] = `FR*VOL*E${String(100000 + i)}`;
      else row[k] = (i % 1000) / 10;
    }
    yield row;
  }
}

interface Figures {
  ms: number;
  bytes: number;
  liveHeap: number;
  heap: number;
  rss: number;
}

async function measure(source: () => ReadableStream<Uint8Array> | null, n: number): Promise<Figures> {
  gc?.();
  const base = process.memoryUsage();
  let liveHeap = base.heapUsed;
  let heap = base.heapUsed;
  let rss = base.rss;
  const t = performance.now();
  let bytes = 0;
  let chunks = 0;
  const sample = (forceGc: boolean) => {
    if (forceGc) gc?.();
    const m = process.memoryUsage();
    if (forceGc) liveHeap = Math.max(liveHeap, m.heapUsed);
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  };
  const stream = source();
  if (stream) {
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength; // the bytes are dropped, as a response body sent to the browser is
      chunks++;
      sample(chunks % 50 === 0);
    }
  } else {
    let i = 0;
    for (const _ of generate(n)) if (++i % 1000 === 0) sample(i % 50_000 === 0);
  }
  const ms = performance.now() - t;
  sample(true);
  const over = (v: number) => v - base.heapUsed;
  return { ms, bytes, liveHeap: over(liveHeap), heap: over(heap), rss };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const line = (label: string, f: Figures) =>
  `  ${label.padEnd(28)} ${`${f.ms.toFixed(0)} ms`.padStart(9)}  file ${mb(f.bytes).padStart(9)}  live heap +${mb(f.liveHeap).padStart(8)}  peak heap +${mb(f.heap).padStart(8)}  peak RSS ${mb(f.rss).padStart(9)}`;

console.log(
  `Export memory (emp variant, ${cols.length} columns, generated rows; heap figures are above the heap before each run)`,
);
for (const n of COUNTS) {
  const label = n.toLocaleString('en');
  console.log(line(`baseline: generate ${label}`, await measure(() => null, n)));
  console.log(
    line(
      `PDF ${label} rows`,
      await measure(
        () =>
          sessionPdfStream(
            cols,
            generate(n),
            {
              ...texts,
              title: `Sessions · ${en.variant.emp}`,
              intro: ['Memory benchmark'],
              page: 'Page {{page}} of {{pages}}',
              sums: en.sums,
              notes: (c) => [`${c.rows} sessions in this document.`],
            },
            { currency: 'EUR' },
          ),
        n,
      ),
    ),
  );
  console.log(
    line(
      `XLSX ${label} rows`,
      await measure(() => {
        function* rows() {
          for (const r of generate(n)) yield exportCells(r, cols, texts);
        }
        return xlsxStream(exportColumns(cols, texts), rows(), { sheetName: 'Sessions' });
      }, n),
    ),
  );
}
