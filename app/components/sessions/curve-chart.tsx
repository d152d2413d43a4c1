/**
 * @module A time-series line chart (visx) for the session detail: x is time shown in CET, y one
 * measured quantity from the recorded meter curve. Points with no value are skipped, not drawn as 0.
 */

import { formatDecimal } from '@domain/format/format';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleLinear, scaleTime } from '@visx/scale';
import { AreaClosed, LinePath } from '@visx/shape';

export interface Point {
  at: number;
  value: number;
}

const MARGIN = { top: 12, right: 16, bottom: 32, left: 56 };
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function Chart({
  points,
  width,
  height,
  label,
  color,
}: {
  points: Point[];
  width: number;
  height: number;
  label: string;
  color: string;
}) {
  const innerW = Math.max(10, width - MARGIN.left - MARGIN.right);
  const innerH = Math.max(10, height - MARGIN.top - MARGIN.bottom);
  const first = points[0]?.at ?? 0;
  const last = points.at(-1)?.at ?? first + 1;
  const x = scaleTime({
    domain: [new Date(first), new Date(last === first ? first + 60_000 : last)],
    range: [0, innerW],
  });
  const max = Math.max(...points.map((p) => p.value), 0);
  const y = scaleLinear({ domain: [0, max > 0 ? max * 1.1 : 1], range: [innerH, 0], nice: true });
  return (
    <svg width={width} height={height} role="img" aria-label={label}>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <GridRows scale={y} width={innerW} stroke="#e3e3e3" numTicks={4} />
        <AreaClosed
          data={points}
          x={(p) => x(new Date(p.at))}
          y={(p) => y(p.value)}
          yScale={y}
          fill={color}
          fillOpacity={0.12}
        />
        <LinePath data={points} x={(p) => x(new Date(p.at))} y={(p) => y(p.value)} stroke={color} strokeWidth={2} />
        <AxisLeft scale={y} numTicks={4} tickFormat={(v) => formatDecimal(Number(v), Number(v) >= 10 ? 0 : 1)} />
        <AxisBottom
          top={innerH}
          scale={x}
          numTicks={Math.min(6, Math.floor(innerW / 70))}
          tickFormat={(d) => timeFormat.format(d as Date)}
        />
      </Group>
    </svg>
  );
}

export function CurveChart(props: { points: Point[]; label: string; color?: string; height?: number }) {
  const height = props.height ?? 220;
  return (
    <div style={{ width: '100%', height }} data-testid={`chart-${props.label}`}>
      <ParentSize>
        {({ width }) =>
          width > 0 ? (
            <Chart
              points={props.points}
              width={width}
              height={height}
              label={props.label}
              color={props.color ?? '#2c6ecb'}
            />
          ) : null
        }
      </ParentSize>
    </div>
  );
}

/** Series of column `index` of the recorded curve ([ms, W, Wh, A, V, SoC]), scaled. */
export function series(curve: (number | null)[][], index: number, scale = 1): Point[] {
  const out: Point[] = [];
  for (const p of curve) {
    const at = p[0];
    const v = p[index];
    if (typeof at === 'number' && typeof v === 'number' && Number.isFinite(v)) out.push({ at, value: v * scale });
  }
  return out;
}
