/**
 * @module Figures per day (visx): one or more bar series side by side per day on the left axis, and an
 * optional line on the right axis (energy bars + sessions line, revenue per perspective, faults +
 * fault minutes). Sized to its container; its title is the SVG's accessible name.
 */

import { InlineStack, Text } from '@shopify/polaris';
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';

export interface DaySeries {
  key: string;
  label: string;
  color: string;
  /** One figure per day, in the order of `days`. */
  values: number[];
}

const HEIGHT = 280;
const MARGIN = { top: 12, right: 56, bottom: 32, left: 64 };
/** At most this many day labels under the axis. */
const MAX_TICKS = 8;

/** Every n-th day's label (the first always), so labels do not overlap. */
export const sparseTicks = (days: readonly string[]) => {
  const step = Math.max(1, Math.ceil(days.length / MAX_TICKS));
  return days.filter((_, i) => i % step === 0);
};

export function DayChart(props: {
  title: string;
  days: string[];
  bars: DaySeries[];
  line?: DaySeries;
  formatBar: (value: number) => string;
  formatLine?: (value: number) => string;
  formatDay: (day: string) => string;
}) {
  const { title, days, bars, line } = props;
  const formatLine = props.formatLine ?? props.formatBar;
  return (
    <>
      <ParentSize>
        {({ width }) => {
          if (width < 10) return null;
          const innerW = width - MARGIN.left - MARGIN.right;
          const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
          const x = scaleBand({ domain: days, range: [0, innerW], padding: 0.2 });
          const inner = scaleBand({ domain: bars.map((b) => b.key), range: [0, x.bandwidth()], padding: 0.05 });
          const y = scaleLinear({
            domain: [0, Math.max(1, ...bars.flatMap((b) => b.values))],
            range: [innerH, 0],
            nice: true,
          });
          const yLine = scaleLinear({
            domain: [0, Math.max(1, ...(line?.values ?? []))],
            range: [innerH, 0],
            nice: true,
          });
          const mid = (day: string) => (x(day) ?? 0) + x.bandwidth() / 2;
          return (
            <svg width={width} height={HEIGHT} role="img" aria-label={title} data-testid="dashboard-chart">
              <title>{title}</title>
              <Group left={MARGIN.left} top={MARGIN.top}>
                {days.map((day, i) => (
                  <Group key={day} left={x(day) ?? 0}>
                    {bars.map((b) => {
                      const value = b.values[i] ?? 0;
                      const top = y(value) ?? innerH;
                      return (
                        <Bar
                          key={b.key}
                          x={inner(b.key) ?? 0}
                          y={top}
                          width={inner.bandwidth()}
                          height={innerH - top}
                          fill={b.color}
                          rx={1}
                        >
                          <title>{`${props.formatDay(day)} · ${b.label}: ${props.formatBar(value)}`}</title>
                        </Bar>
                      );
                    })}
                  </Group>
                ))}
                {line ? (
                  <LinePath
                    data={days.map((day, i) => ({ day, value: line.values[i] ?? 0 }))}
                    x={(d) => mid(d.day)}
                    y={(d) => yLine(d.value) ?? innerH}
                    stroke={line.color}
                    strokeWidth={2}
                  />
                ) : null}
                <AxisLeft scale={y} numTicks={5} tickFormat={(v) => props.formatBar(Number(v))} />
                {line ? (
                  <AxisRight left={innerW} scale={yLine} numTicks={5} tickFormat={(v) => formatLine(Number(v))} />
                ) : null}
                <AxisBottom top={innerH} scale={x} tickValues={sparseTicks(days)} tickFormat={props.formatDay} />
              </Group>
            </svg>
          );
        }}
      </ParentSize>
      <Legend items={[...bars, ...(line ? [line] : [])]} />
    </>
  );
}

/** A colour swatch and label per series. */
export function Legend({ items }: { items: { key: string; label: string; color: string }[] }) {
  return (
    <InlineStack gap="300">
      {items.map((item) => (
        <InlineStack key={item.key} gap="100" blockAlign="center">
          <span aria-hidden style={{ display: 'inline-block', width: 12, height: 12, background: item.color }} />
          <Text as="span" variant="bodySm">
            {item.label}
          </Text>
        </InlineStack>
      ))}
    </InlineStack>
  );
}
