/** @module Availability bars (visx): percentage axis, period axis, a tooltip per bar; the table beside it carries the same figures. */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { TooltipWithBounds, useTooltip } from '@visx/tooltip';
import { useEffect, useRef, useState } from 'react';

export interface ChartBar {
  label: string;
  /** 0..1, or null for no data. */
  value: number | null;
  detail: string;
}

const HEIGHT = 280;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 48 };

function Bars({ width, bars, label, noData }: { width: number; bars: ChartBar[]; label: string; noData: string }) {
  const { showTooltip, hideTooltip, tooltipOpen, tooltipData, tooltipLeft, tooltipTop } = useTooltip<ChartBar>();
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: bars.map((b) => b.label), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, 1], range: [innerHeight, 0] });
  // Every label when they fit, else every n-th.
  const step = Math.max(1, Math.ceil(bars.length / Math.max(1, Math.floor(innerWidth / 36))));
  return (
    <div style={{ position: 'relative' }}>
      <svg width={width} height={HEIGHT} role="img" aria-label={label}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          <GridRows scale={y} width={innerWidth} numTicks={5} stroke="#e3e3e3" />
          {bars.map((b) => {
            const left = x(b.label) ?? 0;
            const value = b.value ?? 0;
            const top = y(value);
            return (
              <Bar
                key={b.label}
                data-testid="kpi-bar"
                data-value={b.value ?? ''}
                x={left}
                y={b.value === null ? innerHeight - 2 : top}
                width={x.bandwidth()}
                height={b.value === null ? 2 : innerHeight - top}
                fill={b.value === null ? '#c9c9c9' : '#29845a'}
                tabIndex={0}
                aria-label={`${b.label}: ${b.value === null ? noData : `${Math.round(value * 1000) / 10} %`}`}
                onMouseMove={() => showTooltip({ tooltipData: b, tooltipLeft: left + MARGIN.left, tooltipTop: top })}
                onFocus={() => showTooltip({ tooltipData: b, tooltipLeft: left + MARGIN.left, tooltipTop: top })}
                onMouseLeave={hideTooltip}
                onBlur={hideTooltip}
              />
            );
          })}
          <AxisLeft scale={y} numTicks={5} tickFormat={(v) => `${Math.round(Number(v) * 100)} %`} />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={bars.filter((_, i) => i % step === 0).map((b) => b.label)}
          />
        </Group>
      </svg>
      {tooltipOpen && tooltipData ? (
        <TooltipWithBounds left={tooltipLeft} top={tooltipTop}>
          <strong>{tooltipData.label}</strong>
          <div>{tooltipData.value === null ? noData : `${Math.round(tooltipData.value * 1000) / 10} %`}</div>
          <div>{tooltipData.detail}</div>
        </TooltipWithBounds>
      ) : null}
    </div>
  );
}

/** Follows its container's width (server render and first paint use a typical card width). */
export function AvailabilityChart(props: { bars: ChartBar[]; label: string; noData: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(720);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(240, Math.floor(element.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div data-testid="kpi-chart" ref={ref} style={{ width: '100%', minHeight: HEIGHT }}>
      <Bars width={width} {...props} />
    </div>
  );
}
