/**
 * @module The monthly revenue PDF row of `npm run bench:reporting`: the figures the revenue reports job
 * reads (workers/cron/src/revenue-reports.ts: totals all/local/roaming and the top stations from the
 * report source) for the network's root company, then `renderRevenueReport`; wall time, CPU of this
 * process and of PostgreSQL, and the peak RSS of this process sampled every 10 ms
 * (`process.memoryUsage().rss`, as bench-export-memory does). Baseline: RSS before the row.
 */
import { reportMonths } from '@domain/co2/periods';
import { renderRevenueReport, TOP_STATIONS } from '@domain/reporting/revenue-report';
import { revenueReports } from '@i18n/areas/revenue-reports';
import type { ReportSource } from '../../workers/api/src/routes/reporting/reporting.store';
import { topStations } from '../../workers/cron/src/revenue-reports.store';
import { cpuMeter, fmtMs } from './measure';

const mib = (b: number) => `${(b / 1_048_576).toFixed(0)} MiB`;

export async function benchPdf(source: ReportSource, pgPid: number, companyId: number, month: string, size: number) {
  const months = reportMonths('Europe/Paris', month, month) ?? [];
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const meter = cpuMeter(pgPid);
    const t0 = performance.now();
    const filter = { companyId, months };
    const [all, local, roaming, top] = await Promise.all([
      source.totals({ ...filter, kind: 'all' }),
      source.totals({ ...filter, kind: 'local' }),
      source.totals({ ...filter, kind: 'roaming' }),
      topStations(source, companyId, months[0]?.start ?? 0, months.at(-1)?.end ?? 0, TOP_STATIONS),
    ]);
    const t1 = performance.now();
    const queries = meter.read();
    const pdf = renderRevenueReport({
      texts: revenueReports.en.pdf,
      companyName: 'Bench network',
      periodKind: 'month',
      period: month,
      months: [month],
      timeZone: 'Europe/Paris',
      language: 'en',
      source: source.name,
      all,
      local,
      roaming,
      topStations: top,
      createdAt: new Date(),
    });
    const t2 = performance.now();
    const total = meter.read();
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(
      `  ${month}, root company, ${source.name} at ${size.toLocaleString('en')} sessions: figures ${fmtMs(t1 - t0)} (CPU Node+workerd ${fmtMs(queries.node)}, PostgreSQL ${fmtMs(queries.pg)}), ` +
        `render ${fmtMs(t2 - t1)} (CPU ${fmtMs(total.node - queries.node)}), ${(pdf.byteLength / 1024).toFixed(1)} KiB; ` +
        `peak RSS ${mib(peak)} (baseline before the row ${mib(before)}, +${mib(peak - before)})`,
    );
  } finally {
    clearInterval(sampler);
  }
}
