/**
 * @module One chart of a dashboard from its API answer: the right visx chart per chart id, its table
 * fallback with the same figures, one part per company group when the series is split by group level.
 */
import { BlockStack, Text } from '@shopify/polaris';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { BarList } from './bar-list';
import { ChartCard, type ChartTable } from './chart-card';
import {
  byCurrency,
  type ChartId,
  chartCsvHref,
  type DashboardFilters,
  hasData,
  readEnergy,
  readFaults,
  readRevenue,
  readTopStations,
  readUtilisation,
  splitByGroup,
} from './chart-data';
import { DayChart } from './day-chart';
import { HeatMap } from './heat-map';

/** A chart's answer as the loader passes it on: the API's series, or its error message. */
export type ChartAnswer =
  | {
      ok: true;
      source: 'warehouse' | 'd1';
      series: Readonly<Record<string, unknown>>[];
      /** With a company group level: the groups' names. */
      groups?: { id: number; name: string }[];
    }
  | { ok: false; error: string };

const COLORS = { energy: '#2c6ecb', sessions: '#e07b00', faults: '#d72c0d', minutes: '#6d7175', station: '#47b881' };
const PERSPECTIVES = [
  { key: 'emp', color: '#2c6ecb' },
  { key: 'empNet', color: '#7fa8e0' },
  { key: 'subcpo', color: '#47b881' },
  { key: 'owner', color: '#b98900' },
] as const;

interface Formats {
  t: TFunction;
  language: string;
  currency: string;
}

const kwh = (wh: number, f: Formats) => formatNumber(wh / 1000, { currency: f.currency, maximumFractionDigits: 1 });
const count = (n: number, f: Formats) => formatNumber(n, { currency: f.currency, maximumFractionDigits: 0 });
const dayText = (day: string, f: Formats) => formatDate(`${day}T00:00:00Z`, { timeZone: 'UTC', language: f.language });
/** A day's axis label: the date without its year. */
const dayTick = (day: string, f: Formats) => dayText(day, f).replace(/\/\d{4}$/, '');
const percent = (share: number, f: Formats) =>
  `${formatNumber(share * 100, { currency: f.currency, maximumFractionDigits: 1 })} %`;
const col = (f: Formats, key: string) => tKey(f.t, `dashboard.col.${key}`);

/** The chart and its table for one part of the series (all of it, or one company group's rows). */
function part(chartId: ChartId, series: Readonly<Record<string, unknown>>[], title: string, f: Formats) {
  switch (chartId) {
    case 'energy-sessions': {
      const rows = readEnergy(series);
      const days = rows.map((r) => r.day);
      const energy = {
        key: 'energy',
        label: col(f, 'energy'),
        color: COLORS.energy,
        values: rows.map((r) => r.energyWh / 1000),
      };
      const sessions = {
        key: 'sessions',
        label: col(f, 'sessions'),
        color: COLORS.sessions,
        values: rows.map((r) => r.sessions),
      };
      return {
        chart: (
          <DayChart
            title={title}
            days={days}
            bars={[energy]}
            line={sessions}
            formatBar={(v) => formatNumber(v, { currency: f.currency, maximumFractionDigits: 1 })}
            formatLine={(v) => count(v, f)}
            formatDay={(d) => dayTick(d, f)}
          />
        ),
        table: {
          headings: [col(f, 'day'), col(f, 'energy'), col(f, 'sessions')],
          types: ['text', 'numeric', 'numeric'],
          rows: rows.map((r) => [dayText(r.day, f), kwh(r.energyWh, f), count(r.sessions, f)]),
        } satisfies ChartTable,
      };
    }
    case 'revenue': {
      const currencies = byCurrency(readRevenue(series));
      return {
        chart: (
          <BlockStack gap="400">
            {currencies.map(({ currency, rows }) => (
              <DayChart
                key={currency}
                title={`${title} (${currency})`}
                days={rows.map((r) => r.day)}
                bars={PERSPECTIVES.map((p) => ({ ...p, label: col(f, p.key), values: rows.map((r) => r[p.key]) }))}
                formatBar={(v) => formatMoney(v, currency)}
                formatDay={(d) => dayTick(d, f)}
              />
            ))}
          </BlockStack>
        ),
        table: {
          headings: [col(f, 'day'), ...PERSPECTIVES.map((p) => col(f, p.key))],
          types: ['text', 'numeric', 'numeric', 'numeric', 'numeric'],
          rows: currencies.flatMap(({ currency, rows }) =>
            rows.map((r) => [dayText(r.day, f), ...PERSPECTIVES.map((p) => formatMoney(r[p.key], currency))]),
          ),
        } satisfies ChartTable,
      };
    }
    case 'utilisation': {
      const rows = readUtilisation(series);
      const weekday = (w: number) => tKey(f.t, `dashboard.weekday.${w}`);
      return {
        chart: (
          <HeatMap
            title={title}
            rows={rows}
            weekday={weekday}
            percent={(s) => percent(s, f)}
            legend={(low, high) => f.t('dashboard.legend', { low, high })}
          />
        ),
        table: {
          headings: [col(f, 'weekday'), col(f, 'hour'), col(f, 'occupied')],
          types: ['text', 'numeric', 'numeric'],
          rows: rows.map((r) => [weekday(r.weekday), `${r.hour}:00`, percent(r.occupiedShare, f)]),
        } satisfies ChartTable,
      };
    }
    case 'top-stations': {
      const rows = readTopStations(series);
      const href = (name: string) => `/connectors/stations?${new URLSearchParams({ q: name }).toString()}`;
      return {
        chart: (
          <BarList
            title={title}
            color={COLORS.station}
            items={rows.map((r) => ({
              key: String(r.stationId),
              label: r.name || `#${r.stationId}`,
              href: href(r.name),
              value: r.energyWh,
              caption: `${kwh(r.energyWh, f)} kWh · ${count(r.sessions, f)} ${col(f, 'sessions')} · ${formatMoney(r.revenueEmp, r.currency)}`,
            }))}
          />
        ),
        table: {
          headings: [col(f, 'station'), col(f, 'energy'), col(f, 'sessions'), col(f, 'revenueEmp')],
          types: ['text', 'numeric', 'numeric', 'numeric'],
          rows: rows.map((r) => [
            r.name || `#${r.stationId}`,
            kwh(r.energyWh, f),
            count(r.sessions, f),
            formatMoney(r.revenueEmp, r.currency),
          ]),
        } satisfies ChartTable,
      };
    }
    case 'faults': {
      const rows = readFaults(series);
      return {
        chart: (
          <DayChart
            title={title}
            days={rows.map((r) => r.day)}
            bars={[{ key: 'faults', label: col(f, 'faults'), color: COLORS.faults, values: rows.map((r) => r.faults) }]}
            line={{
              key: 'minutes',
              label: col(f, 'faultMinutes'),
              color: COLORS.minutes,
              values: rows.map((r) => r.faultMinutes),
            }}
            formatBar={(v) => count(v, f)}
            formatDay={(d) => dayTick(d, f)}
          />
        ),
        table: {
          headings: [col(f, 'day'), col(f, 'faults'), col(f, 'faultMinutes')],
          types: ['text', 'numeric', 'numeric'],
          rows: rows.map((r) => [dayText(r.day, f), count(r.faults, f), count(r.faultMinutes, f)]),
        } satisfies ChartTable,
      };
    }
  }
}

export function DashboardChart(props: {
  dashboardId: string;
  chartId: ChartId;
  answer: ChartAnswer;
  filters: DashboardFilters;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const f: Formats = { t, language: i18n.language, currency: props.currency };
  const title = tKey(t, `dashboard.chart.${props.chartId}`);
  const series = props.answer.ok ? props.answer.series : [];
  const currencies = props.chartId === 'revenue' ? byCurrency(readRevenue(series)).map((c) => c.currency) : [];
  const unit = tKey(t, `dashboard.unit.${props.chartId}`, { currency: currencies.join(', ') || props.currency });
  const parts = splitByGroup(series.map((row) => ({ ...row, groupId: row.groupId as number | null | undefined })));
  const drawn = parts.map((p) => ({ ...p, ...part(props.chartId, p.rows, title, f) }));
  const groupName = (id: number | null | undefined) =>
    id === null
      ? t('dashboard.ungrouped')
      : ((props.answer.ok ? props.answer.groups : undefined)?.find((g) => g.id === id)?.name ??
        t('dashboard.group', { id: String(id) }));
  const split = parts.some((p) => p.groupId !== undefined);
  return (
    <ChartCard
      title={title}
      unit={unit}
      source={props.answer.ok ? props.answer.source : null}
      csvHref={chartCsvHref(props.dashboardId, props.chartId, props.filters)}
      empty={props.answer.ok && !hasData(props.chartId, series)}
      error={props.answer.ok ? null : props.answer.error}
      table={{
        headings: [...(split ? [t('dashboard.col.group')] : []), ...(drawn[0]?.table.headings ?? [])],
        types: [...(split ? (['text'] as const) : []), ...(drawn[0]?.table.types ?? [])],
        rows: drawn.flatMap((d) => d.table.rows.map((r) => (split ? [groupName(d.groupId), ...r] : r))),
      }}
    >
      <BlockStack gap="400">
        {drawn.map((d) => (
          <BlockStack key={String(d.groupId)} gap="200">
            {d.groupId === undefined ? null : (
              <Text as="h3" variant="headingSm">
                {groupName(d.groupId)}
              </Text>
            )}
            {d.chart}
          </BlockStack>
        ))}
      </BlockStack>
    </ChartCard>
  );
}
