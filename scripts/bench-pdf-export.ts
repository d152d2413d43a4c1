/**
 * The PDF row of `npm run bench:sessions`: time and peak memory (RSS sampled every 20 ms) of a
 * streamed PDF export of the same rows as the XLSX export, printed next to it.
 */

import { sessions } from '@i18n/areas/sessions';
import { sessionPdfStream } from '../domain/export/pdf-sessions';
import { exportTextsIn } from '../domain/sessions/export-rows';
import { columnsOf } from '../domain/sessions/variants';
import { exportRows } from '../workers/api/src/routes/sessions/list/list.export.store';
import type { Scope, SessionQuery } from '../workers/api/src/routes/sessions/sessions.store';

export async function benchPdfExport(
  d1: D1Database,
  scope: Scope,
  q: SessionQuery,
  max: number,
  log: (line: string) => void,
): Promise<void> {
  const en = sessions.en;
  const cols = columnsOf(q.variant);
  const texts = {
    ...exportTextsIn('en'),
    title: `Sessions · ${en.variant[q.variant]}`,
    intro: ['Benchmark export'],
    page: 'Page {{page}} of {{pages}}',
    sums: en.sums,
    notes: (n: { rows: number }) => [`${n.rows} sessions in this document.`],
  };
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t = performance.now();
  const reader = sessionPdfStream(cols, exportRows(d1, scope, q, max, false), texts, { currency: 'EUR' }).getReader();
  let bytes = 0;
  let pages = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    pages++;
  }
  const took = performance.now() - t;
  clearInterval(sample);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  log(
    `  PDF streamed:  ${took.toFixed(1).padStart(7)} ms, ${mb(bytes)} file (${pages.toLocaleString('en')} chunks), peak RSS ${mb(peak)} (RSS before export ${mb(rssBefore)})`,
  );
}
