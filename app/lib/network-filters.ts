/** @module The filters the connector list and the station list share, read from and written to the URL. */
import { POWER_TYPES } from '../../domain/stations/statuses';
import {
  type GroupIds,
  groupApiFields,
  NO_GROUPS,
  readGroupParams,
  writeGroupParams,
} from '../components/company-groups/company-group-picker';

export interface NetworkFilters {
  q: string;
  status: string[];
  city: string[];
  power: string | null;
  operator: number | null;
  owner: number | null;
  /** A company group at any level: `group` in older links, kept working (the picker replaces it). */
  group: number | null;
  /** One company group per level, `group1`..`group4` in the URL, combined with AND. */
  groups: GroupIds;
}

/** No filter at all ("clear all"). */
export const NO_NETWORK_FILTERS: NetworkFilters = {
  q: '',
  status: [],
  city: [],
  power: null,
  operator: null,
  owner: null,
  group: null,
  groups: NO_GROUPS,
};

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);
const id = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export function readNetworkFilters(p: URLSearchParams): NetworkFilters {
  const power = p.get('power');
  return {
    q: p.get('q')?.slice(0, 100) ?? '',
    status: list(p.get('status')),
    city: list(p.get('city')),
    power: power && (POWER_TYPES as readonly string[]).includes(power) ? power : null,
    operator: id(p.get('operator')),
    owner: id(p.get('owner')),
    group: id(p.get('group')),
    groups: readGroupParams(p),
  };
}

/** Sets the given filters on `params` (those not given stay out of the URL). */
export function writeNetworkFilters(f: NetworkFilters, params: URLSearchParams): URLSearchParams {
  if (f.q) params.set('q', f.q);
  if (f.status.length) params.set('status', f.status.join(','));
  if (f.city.length) params.set('city', f.city.join(','));
  if (f.power) params.set('power', f.power);
  if (f.operator) params.set('operator', String(f.operator));
  if (f.owner) params.set('owner', String(f.owner));
  if (f.group) params.set('group', String(f.group));
  writeGroupParams(f.groups, params);
  return params;
}

/** The API body fields of the filters (only those given). */
export function networkApiFilters(f: NetworkFilters) {
  return {
    ...(f.q ? { keyword: f.q } : {}),
    ...(f.status.length ? { status: f.status } : {}),
    ...(f.city.length ? { city: f.city } : {}),
    ...(f.power ? { power_type: f.power as (typeof POWER_TYPES)[number] } : {}),
    ...(f.operator ? { operator_id: f.operator } : {}),
    ...(f.owner ? { owner_id: f.owner } : {}),
    ...(f.group ? { group_id: f.group } : {}),
    ...groupApiFields(f.groups),
  };
}

/** The page number in the URL (zero-based; anything else reads as the first page). */
export const readPage = (p: URLSearchParams) => Math.max(0, Number.parseInt(p.get('page') ?? '0', 10) || 0);
