/** @module A bar per period (visx), sized to its container: the fleet user KPI and the customer group overview. */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';

export interface BarDatum {
  period: string;
  value: number;
}

const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 32, left: 48 };

export function BarChart({
  data,
  color,
  title,
  format,
  tick = (p) => p,
}: {
  data: BarDatum[];
  color: string;
  /** The chart's accessible name. */
  title: string;
  format: (value: number) => string;
  tick?: (period: string) => string;
}) {
  return (
    <ParentSize>
      {({ width }) => {
        if (width < 10) return null;
        const innerW = width - MARGIN.left - MARGIN.right;
        const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
        const x = scaleBand({ domain: data.map((d) => d.period), range: [0, innerW], padding: 0.25 });
        const max = Math.max(1, ...data.map((d) => d.value));
        const y = scaleLinear({ domain: [0, max], range: [innerH, 0], nice: true });
        return (
          <svg width={width} height={HEIGHT} role="img" aria-label={title}>
            <title>{title}</title>
            <Group left={MARGIN.left} top={MARGIN.top}>
              {data.map((d) => {
                const h = innerH - (y(d.value) ?? innerH);
                return (
                  <Bar
                    key={d.period}
                    data-testid="bar"
                    data-value={d.value}
                    x={x(d.period) ?? 0}
                    y={innerH - h}
                    width={x.bandwidth()}
                    height={h}
                    fill={color}
                    rx={2}
                  >
                    <title>{`${d.period}: ${format(d.value)}`}</title>
                  </Bar>
                );
              })}
              <AxisLeft scale={y} numTicks={5} tickFormat={(v) => format(Number(v))} />
              <AxisBottom top={innerH} scale={x} tickFormat={tick} />
            </Group>
          </svg>
        );
      }}
    </ParentSize>
  );
}
