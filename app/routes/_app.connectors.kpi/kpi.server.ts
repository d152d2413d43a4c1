/** @module Reads the availability KPI for a year (twelve monthly calls), a month or a day. */
import { type AppLoadContext, data } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { forbidden, type Me } from '../../lib/session.server';
import type { Period } from './period';

export interface KpiBar {
  /** Start of the bar's period (ISO), shown in the company's time zone. */
  start: string;
  availability: number | null;
  inServiceHours: number;
}

export interface KpiResult {
  timeZone: string;
  availability: number | null;
  connectors: number;
  bars: KpiBar[];
}

/** The year's availability weighs each month by its in-service hours, like the API does for days. */
function weighted(bars: KpiBar[]): number | null {
  let hours = 0;
  let available = 0;
  for (const b of bars) {
    if (b.availability === null) continue;
    hours += b.inServiceHours;
    available += b.availability * b.inServiceHours;
  }
  return hours > 0 ? available / hours : null;
}

export async function loadAvailability(
  request: Request,
  context: AppLoadContext,
  me: Me,
  period: Period,
): Promise<KpiResult> {
  const api = createApi(request, context);
  const kpi = api.client.api.kpi.availability;
  const monthOf = (m: number) =>
    api.send(kpi[':year'][':month'].$get({ param: { year: String(period.year), month: String(m) } }));
  const fail = (status: number, message?: string): never => {
    if (status === 403) forbidden(me, message);
    throw data({ status }, { status: Math.max(status, 500) });
  };

  if (period.view === 'year') {
    const months = await Promise.all(Array.from({ length: 12 }, (_, i) => monthOf(i + 1)));
    const bars: KpiBar[] = [];
    let connectors = 0;
    let timeZone = me.company.timeZone;
    for (const m of months) {
      if (!m.ok) return fail(m.status, m.error['error-msg']);
      timeZone = m.data.timeZone;
      connectors = Math.max(connectors, m.data.connectors);
      const hours = m.data.buckets.reduce((sum, b) => sum + b.inServiceHours, 0);
      bars.push({
        start: m.data.from,
        availability: m.data.availability,
        inServiceHours: Math.round(hours * 100) / 100,
      });
    }
    return { timeZone, availability: weighted(bars), connectors, bars };
  }
  const result =
    period.view === 'month'
      ? await monthOf(period.month)
      : await api.send(
          kpi[':year'][':month'][':day'].$get({
            param: { year: String(period.year), month: String(period.month), day: String(period.day) },
          }),
        );
  if (!result.ok) return fail(result.status, result.error['error-msg']);
  const { timeZone, availability, connectors, buckets } = result.data;
  return {
    timeZone,
    availability,
    connectors,
    bars: buckets.map((b) => ({ start: b.start, availability: b.availability, inServiceHours: b.inServiceHours })),
  };
}
