/**
 * @module The dashboards' chart queries (routes/dashboard, ADR 055) timed on one source: each chart of
 * the built-in dashboards over October 2026 (a month, as a dashboard's default of 30 days), for the whole
 * network and for one sub-operator, exactly as GET dashboard/{id}/charts/{chartId} runs them.
 */
import { dashboardPeriod } from '@domain/reporting/dashboard';
import { CHART_QUERIES } from '../../workers/api/src/routes/dashboard/dashboard.store';
import type { ReportSource } from '../../workers/api/src/routes/reporting/reporting.store';
import { fmtTimed, timeRuns } from './measure';

const PERIOD = { from: '2026-10-01', to: '2026-10-31' };

export async function benchCharts(
  label: string,
  source: ReportSource,
  size: number,
  companies: readonly (readonly [number, string])[],
  runs: number,
  pgPid: number,
) {
  const now = Date.UTC(2026, 10, 1);
  const period = dashboardPeriod('Europe/Paris', now, PERIOD.from, PERIOD.to);
  if ('problem' in period) throw new Error(`bad bench period: ${period.problem}`);
  for (const [companyId, who] of companies) {
    const filter = { companyId, period, connectorIds: null, stationGroups: null, now };
    for (const [chart, query] of Object.entries(CHART_QUERIES)) {
      try {
        const rows = (await query(source, filter)).length;
        const t = await timeRuns(runs, pgPid, () => query(source, filter));
        console.log(
          `  ${label}, ${size.toLocaleString('en')} sessions, ${chart}, ${who} (${rows} rows): ${fmtTimed(t)}`,
        );
      } catch (err) {
        console.log(
          `  ${label}, ${size.toLocaleString('en')} sessions, ${chart}, ${who}: FAILED (${String(err).slice(0, 160)})`,
        );
      }
    }
  }
}
