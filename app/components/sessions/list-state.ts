/** @module Session list state kept in the URL: variant, place, filters, sort, page, demo mode, chosen columns. */
import { SESSION_VARIANTS, type SessionVariant } from '@domain/sessions/variants';
import { ZoneClock } from '@domain/time/zone-clock';

export const PAGE_SIZE = 25;
export const PLACES = ['roaming', 'work', 'home'] as const;
export type Place = (typeof PLACES)[number];

export interface SessionListState {
  variant: SessionVariant | null;
  place: Place;
  q: string;
  from: string;
  to: string;
  station: string;
  group: string;
  user: string;
  corporateGroup: string;
  status: 'in_progress' | 'closed' | null;
  revision: 'yes' | 'no' | null;
  sort: string;
  direction: 'asc' | 'desc';
  page: number;
  demo: boolean;
  /** Chosen columns (comma-separated keys; '' = the variant's default), domain/sessions/visible-columns.ts. */
  cols: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

export function readState(url: URL): SessionListState {
  const p = url.searchParams;
  const variant = p.get('variant');
  const place = p.get('place');
  const status = p.get('status');
  const revision = p.get('revision');
  const [sort = 'cdr_start', direction = 'desc'] = (p.get('sort') ?? '').split(' ');
  const page = Number(p.get('page') ?? 0);
  const id = (k: string) => (ID.test(p.get(k) ?? '') ? (p.get(k) as string) : '');
  return {
    variant: (SESSION_VARIANTS as readonly string[]).includes(variant ?? '') ? (variant as SessionVariant) : null,
    place: (PLACES as readonly string[]).includes(place ?? '') ? (place as Place) : 'roaming',
    q: (p.get('q') ?? '').slice(0, 100),
    from: DATE.test(p.get('from') ?? '') ? (p.get('from') as string) : '',
    to: DATE.test(p.get('to') ?? '') ? (p.get('to') as string) : '',
    station: id('station'),
    group: id('group'),
    user: id('user'),
    corporateGroup: id('corporate_group'),
    status: status === 'in_progress' || status === 'closed' ? status : null,
    revision: revision === 'yes' || revision === 'no' ? revision : null,
    sort: /^[a-z_]{1,40}$/.test(sort) ? sort : 'cdr_start',
    direction: direction === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 0 && page < 1_000_000 ? page : 0,
    demo: p.get('demo') === '1',
    cols: /^[a-z0-9_,]{1,800}$/.test(p.get('cols') ?? '') ? (p.get('cols') as string) : '',
  };
}

export function writeState(s: SessionListState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.variant) p.set('variant', s.variant);
  if (s.place !== 'roaming') p.set('place', s.place);
  if (s.q) p.set('q', s.q);
  if (s.from) p.set('from', s.from);
  if (s.to) p.set('to', s.to);
  if (s.station) p.set('station', s.station);
  if (s.group) p.set('group', s.group);
  if (s.user) p.set('user', s.user);
  if (s.corporateGroup) p.set('corporate_group', s.corporateGroup);
  if (s.status) p.set('status', s.status);
  if (s.revision) p.set('revision', s.revision);
  if (s.sort !== 'cdr_start' || s.direction !== 'desc') p.set('sort', `${s.sort} ${s.direction}`);
  if (s.page) p.set('page', String(s.page));
  if (s.demo) p.set('demo', '1');
  if (s.cols) p.set('cols', s.cols);
  return p;
}

const paris = new ZoneClock('Europe/Paris');
/** Midnight of a CET calendar day as a UTC instant (ISO). */
export function cetMidnight(day: string): string {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  const naive = Date.UTC(y, m - 1, d);
  return new Date(naive - paris.offsetAt(naive - 3_600_000)).toISOString();
}

/** The API filter body of a list state. */
export function filterBody(s: SessionListState) {
  return {
    ...(s.variant ? { variant: s.variant } : {}),
    ...(s.q ? { keyword: s.q } : {}),
    ...(s.from ? { from: cetMidnight(s.from) } : {}),
    ...(s.to ? { to: cetMidnight(s.to) } : {}),
    ...(s.station ? { station_id: Number(s.station) } : {}),
    ...(s.group ? { group_id: Number(s.group) } : {}),
    ...(s.user ? { user_id: Number(s.user) } : {}),
    ...(s.corporateGroup ? { corporate_group_id: Number(s.corporateGroup) } : {}),
    ...(s.status ? { status: s.status } : {}),
    ...(s.revision ? { needs_revision: s.revision === 'yes' } : {}),
    sort: s.sort,
    direction: s.direction,
    page: s.page,
    items_per_page: PAGE_SIZE,
    demo: s.demo,
  };
}
