/**
 * @module The URL state of /my-sessions (month, station, status, page) and the API body it asks for: the
 * list page and its PDF download read the same state, so the PDF holds exactly the filtered list.
 */
import { listUrl, oneOf, pageNumber, positiveId, yearMonth } from '../../lib/list-url';

export const MY_SESSIONS_PAGE_SIZE = 20;
export const MY_SESSION_STATUSES = ['in_progress', 'closed'] as const;

export const mySessionsUrl = listUrl({
  month: yearMonth(),
  station: positiveId(),
  status: oneOf(MY_SESSION_STATUSES),
  page: pageNumber(100_000),
});

export type MySessionsState = ReturnType<typeof mySessionsUrl.read>;

/** The month's first instant and the next month's, in the product's zone (Paris: UTC+1 or +2). */
function monthPeriod(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  // The API takes instants with an offset; midnight in Paris is written with its offset of that date.
  const at = (ym: string) => {
    const probe = new Date(`${ym}-01T12:00:00Z`);
    const offset = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', timeZoneName: 'longOffset' })
      .formatToParts(probe)
      .find((p) => p.type === 'timeZoneName')
      ?.value.replace('GMT', '');
    return `${ym}-01T00:00:00${offset || '+00:00'}`;
  };
  return { from: at(month), to: at(next) };
}

/** The POST /my-sessions body of a state. */
export function mySessionsBody(state: MySessionsState, format: 'json' | 'pdf' = 'json') {
  return {
    ...(state.month ? monthPeriod(state.month) : {}),
    ...(state.station ? { station_id: state.station } : {}),
    ...(state.status ? { status: state.status } : {}),
    page: state.page,
    items_per_page: MY_SESSIONS_PAGE_SIZE,
    format,
  };
}
