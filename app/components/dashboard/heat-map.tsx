/**
 * @module The utilisation heat map (visx): 7 weekdays × 24 hours, each cell's colour its occupied share
 * (light: free, dark: busy), an empty cell where the period has no such hour, and a colour legend.
 */
import { InlineStack, Text } from '@shopify/polaris';
import { AxisLeft, AxisTop } from '@visx/axis';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { heatGrid, type UtilisationRow } from './chart-data';

const LOW = '#e8f1fb';
const HIGH = '#0b4f9c';
const MARGIN = { top: 24, right: 8, bottom: 8, left: 44 };
const CELL_HEIGHT = 26;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

export function HeatMap(props: {
  title: string;
  rows: readonly UtilisationRow[];
  weekday: (weekday: number) => string;
  percent: (share: number) => string;
  legend: (low: string, high: string) => string;
}) {
  const { grid, max } = heatGrid(props.rows);
  const color = scaleLinear({ domain: [0, max], range: [LOW, HIGH] });
  const height = MARGIN.top + MARGIN.bottom + CELL_HEIGHT * 7;
  return (
    <>
      <ParentSize>
        {({ width }) => {
          if (width < 10) return null;
          const x = scaleBand({ domain: HOURS, range: [0, width - MARGIN.left - MARGIN.right], padding: 0.06 });
          const y = scaleBand({ domain: WEEKDAYS, range: [0, CELL_HEIGHT * 7], padding: 0.06 });
          return (
            <svg width={width} height={height} role="img" aria-label={props.title} data-testid="dashboard-chart">
              <title>{props.title}</title>
              <Group left={MARGIN.left} top={MARGIN.top}>
                {WEEKDAYS.map((weekday) =>
                  HOURS.map((hour) => {
                    const share = grid[weekday - 1]?.[hour] ?? null;
                    return (
                      <rect
                        key={`${weekday}-${hour}`}
                        x={x(hour) ?? 0}
                        y={y(weekday) ?? 0}
                        width={x.bandwidth()}
                        height={y.bandwidth()}
                        fill={share === null ? 'none' : color(share)}
                        stroke={share === null ? '#d0d4d9' : 'none'}
                        rx={2}
                      >
                        <title>{`${props.weekday(weekday)} ${hour}:00 · ${share === null ? '—' : props.percent(share)}`}</title>
                      </rect>
                    );
                  }),
                )}
                <AxisTop scale={x} tickValues={HOURS.filter((h) => h % 3 === 0)} hideAxisLine hideTicks />
                <AxisLeft scale={y} tickFormat={(v) => props.weekday(Number(v))} hideAxisLine hideTicks />
              </Group>
            </svg>
          );
        }}
      </ParentSize>
      <InlineStack gap="200" blockAlign="center">
        <span
          aria-hidden
          style={{
            display: 'inline-block',
            width: 120,
            height: 12,
            background: `linear-gradient(to right, ${LOW}, ${HIGH})`,
          }}
        />
        <Text as="span" variant="bodySm">
          {props.legend(props.percent(0), props.percent(max))}
        </Text>
      </InlineStack>
    </>
  );
}
