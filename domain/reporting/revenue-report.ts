/**
 * @module One company's monthly or quarterly revenue report as an A4 PDF (issue 21 part 6, ADR 056), pure:
 * the company, the period, the time zone its months are in, where the figures came from; then one section
 * per currency (money is never summed across currencies): per month the sessions, energy and revenue in
 * each price perspective (driver/EMP gross and net, sub-operator, owner) with the period's total, the
 * local and roaming split (sessions, energy, driver gross), and the top stations by driver gross revenue.
 * Figures are the report source's sums (reporting.store.ts: the warehouse, or D1); money and energy go
 * through domain/format; the caller gives the texts of one language (`revenueReports[lang].pdf`).
 */
import { LEFT, linesPdf, type PdfCell, type PdfLine } from '../export/pdf-lines';
import { formatDateTime, formatKwh, formatMoney, formatNumber } from '../format/format';
import type { PeriodKind } from './revenue-periods';
import type { TotalsRow } from './totals';

/** The top stations a report lists per currency. */
export const TOP_STATIONS = 10;

/** One station's sums in one currency over the period. */
export interface StationRevenue {
  stationId: number;
  name: string;
  currency: string;
  sessions: number;
  energyWh: number;
  /** Driver (EMP) gross revenue: the ranking. */
  emp: number;
  /** The sub-operator's (CPO's) price. */
  subcpo: number;
}

/** The `pdf` section of the revenueReports area. */
export interface RevenueReportTexts {
  title: string;
  company: string;
  period: string;
  month: string;
  quarter: string;
  timeZone: string;
  generated: string;
  source: string;
  sourceWarehouse: string;
  sourceD1: string;
  currency: string;
  noSessions: string;
  perMonth: string;
  localRoaming: string;
  top: string;
  total: string;
  colMonth: string;
  colSessions: string;
  colEnergy: string;
  colDriverGross: string;
  colDriverNet: string;
  colSubOperator: string;
  colOwner: string;
  colLocal: string;
  colRoaming: string;
  colStation: string;
  page: string;
}

export interface RevenueReportInput {
  texts: RevenueReportTexts;
  companyName: string;
  periodKind: PeriodKind;
  period: string;
  /** The period's months, in order ('YYYY-MM'). */
  months: readonly string[];
  timeZone: string;
  /** The texts' language (dates: month/day/year in English). */
  language: string;
  source: 'warehouse' | 'd1';
  /** All sessions, the local ones and the roaming ones: the source's per month and currency sums. */
  all: readonly TotalsRow[];
  local: readonly TotalsRow[];
  roaming: readonly TotalsRow[];
  /** Per currency, highest first (at most TOP_STATIONS are shown). */
  topStations: readonly StationRevenue[];
  createdAt: Date;
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (all, k: string) => (k in values ? String(values[k]) : all));

/** Right edges of the numeric columns (A4 portrait, 56 pt margins). */
const RIGHT = [175, 250, 325, 395, 467, 539] as const;
/** Characters of a station name that fit before the first numeric column. */
const NAME_CHARS = 38;

const row = (first: string, values: readonly string[], bold = false, x = LEFT): PdfLine => ({
  kind: 'row',
  bold,
  cells: [{ x, text: first }, ...values.map((text, i): PdfCell => ({ x: RIGHT[i] as number, text, right: true }))],
});

type Sums = Omit<TotalsRow, 'month' | 'currency'>;
const ZERO: Sums = { sessions: 0, energyWh: 0, emp: 0, empNet: 0, subcpo: 0, owner: 0 };

function sum(rows: readonly TotalsRow[], currency: string, month?: string): Sums {
  const out = { ...ZERO };
  for (const r of rows) {
    if (r.currency !== currency || (month !== undefined && r.month !== month)) continue;
    out.sessions += r.sessions;
    out.energyWh += r.energyWh;
    out.emp += r.emp;
    out.empNet += r.empNet;
    out.subcpo += r.subcpo;
    out.owner += r.owner;
  }
  return out;
}

const cut = (name: string) => (name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name);

/** One currency's section: per month, local and roaming, top stations. */
function currencySection(r: RevenueReportInput, currency: string): PdfLine[] {
  const t = r.texts;
  const n = (v: number) => formatNumber(v, { currency });
  const kwh = (wh: number) => formatKwh(wh, currency);
  const money = (v: number) => formatMoney(v, currency);
  const perspectives = (s: Sums) => [
    n(s.sessions),
    kwh(s.energyWh),
    money(s.emp),
    money(s.empNet),
    money(s.subcpo),
    money(s.owner),
  ];
  const split = (l: Sums, o: Sums) => [
    n(l.sessions),
    kwh(l.energyWh),
    money(l.emp),
    n(o.sessions),
    kwh(o.energyWh),
    money(o.emp),
  ];
  const lines: PdfLine[] = [
    { kind: 'heading', text: fill(t.currency, { currency }) },
    { kind: 'text', text: t.perMonth },
    row(t.colMonth, [t.colSessions, t.colEnergy, t.colDriverGross, t.colDriverNet, t.colSubOperator, t.colOwner], true),
    ...r.months.map((m) => row(m, perspectives(sum(r.all, currency, m)))),
    row(t.total, perspectives(sum(r.all, currency)), true),
    { kind: 'text', text: t.localRoaming },
    row(
      t.colMonth,
      [
        `${t.colLocal} ${t.colSessions}`,
        t.colEnergy,
        t.colDriverGross,
        `${t.colRoaming} ${t.colSessions}`,
        t.colEnergy,
        t.colDriverGross,
      ],
      true,
    ),
    ...r.months.map((m) => row(m, split(sum(r.local, currency, m), sum(r.roaming, currency, m)))),
    row(t.total, split(sum(r.local, currency), sum(r.roaming, currency)), true),
  ];
  const top = r.topStations.filter((s) => s.currency === currency).slice(0, TOP_STATIONS);
  if (top.length) {
    lines.push(
      { kind: 'text', text: fill(t.top, { count: TOP_STATIONS }) },
      row(t.colStation, [t.colSessions, t.colEnergy, t.colDriverGross, t.colSubOperator], true),
      ...top.map((s, i) =>
        row(`${i + 1}. ${cut(s.name)}`, [n(s.sessions), kwh(s.energyWh), money(s.emp), money(s.subcpo)]),
      ),
    );
  }
  return lines;
}

/** The report's lines, in order (exported for the tests of its content). */
export function revenueReportLines(r: RevenueReportInput): PdfLine[] {
  const t = r.texts;
  const lines: PdfLine[] = [
    { kind: 'title', text: t.title },
    { kind: 'pair', label: t.company, value: r.companyName },
    {
      kind: 'pair',
      label: t.period,
      value: fill(r.periodKind === 'month' ? t.month : t.quarter, { period: r.period }),
    },
    { kind: 'pair', label: t.timeZone, value: r.timeZone },
    {
      kind: 'pair',
      label: t.generated,
      value: formatDateTime(r.createdAt, { timeZone: r.timeZone, language: r.language }),
    },
    { kind: 'pair', label: t.source, value: r.source === 'warehouse' ? t.sourceWarehouse : t.sourceD1 },
  ];
  const currencies = [...new Set(r.all.map((x) => x.currency))].sort();
  if (currencies.length === 0) lines.push({ kind: 'heading', text: '' }, { kind: 'text', text: t.noSessions });
  for (const currency of currencies) lines.push(...currencySection(r, currency));
  return lines;
}

/**
 * The revenue report as PDF bytes (also what `npm run bench:reporting` times for a big company): the
 * figures are already summed, so the document is a few pages whatever the company's size.
 */
export function renderRevenueReport(r: RevenueReportInput): Uint8Array<ArrayBuffer> {
  return linesPdf(revenueReportLines(r), {
    title: `${r.texts.title} ${r.period}`,
    pageLabel: r.texts.page,
    createdAt: r.createdAt,
  });
}
