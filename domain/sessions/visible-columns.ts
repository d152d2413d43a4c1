/**
 * @module Which columns a session table shows (issue 24 §6: 26 columns scrolled sideways with the
 * sums off-screen): a short default per variant — when, where, who, energy, duration, the variant's
 * own totals, status, needs revision — and the user's choice kept in the URL (`cols`, comma-separated keys). Any
 * key the variant does not have is dropped, the variant's order is kept, and an empty or unusable
 * choice falls back to the default, so a link never shows an empty table.
 */
import { columnsOf, type SessionVariant } from './variants';

const DEFAULTS: Record<SessionVariant, readonly string[]> = {
  fleet: [
    'cdr_start',
    'user_email',
    'corporate_group_name',
    'station_name',
    'cdr_consumed_energy',
    'cdr_time',
    'emp_price_net_total',
    'status',
    'cdr_needs_revision',
  ],
  fleet_mps: [
    'cdr_start',
    'user_email',
    'station_name',
    'cdr_consumed_energy',
    'cdr_time',
    'emp_price_total',
    'status',
    'cdr_needs_revision',
  ],
  subcpo_groups: [
    'cdr_start',
    'corporate_group_name',
    'station_name',
    'connector_evse_id',
    'cdr_consumed_energy',
    'cdr_time',
    'subcpo_price_total',
    'status',
    'cdr_needs_revision',
  ],
  subcpo_mps: [
    'cdr_start',
    'station_name',
    'connector_evse_id',
    'cdr_consumed_energy',
    'cdr_time',
    'emp_price_total',
    'subcpo_price_total',
    'status',
    'cdr_needs_revision',
  ],
  owner_groups: [
    'cdr_start',
    'station_name',
    'connector_evse_id',
    'cdr_consumed_energy',
    'cdr_time',
    'owner_price_total',
    'status',
    'cdr_needs_revision',
  ],
  owner_mps: [
    'cdr_start',
    'station_name',
    'connector_evse_id',
    'cdr_consumed_energy',
    'cdr_time',
    'emp_price_total',
    'owner_price_total',
    'status',
    'cdr_needs_revision',
  ],
  emp: [
    'cdr_start',
    'user_email',
    'station_name',
    'cdr_consumed_energy',
    'cdr_time',
    'emp_price_net_total',
    'emp_price_total',
    'status',
    'cdr_needs_revision',
  ],
  multiflow: [
    'cdr_start',
    'station_name',
    'connector_evse_id',
    'cdr_consumed_energy',
    'cdr_time',
    'emp_price_total',
    'subcpo_price_total',
    'owner_price_total',
    'status',
    'cdr_needs_revision',
  ],
};

/** The variant's default columns, in the variant's order. */
export function defaultColumns(v: SessionVariant): string[] {
  const wanted = new Set(DEFAULTS[v]);
  return columnsOf(v)
    .map((c) => c.key)
    .filter((k) => wanted.has(k));
}

/** The columns a `cols` URL value selects for the variant (its order), or the default. */
export function chosenColumns(param: string | null | undefined, v: SessionVariant): string[] {
  const asked = new Set((param ?? '').split(',').map((k) => k.trim()));
  const keys = columnsOf(v)
    .map((c) => c.key)
    .filter((k) => asked.has(k));
  return keys.length > 0 ? keys : defaultColumns(v);
}

/** The `cols` URL value of a choice: '' when it is the default (the URL stays short). */
export function columnsParam(keys: readonly string[], v: SessionVariant): string {
  const chosen = chosenColumns(keys.join(','), v);
  const standard = defaultColumns(v);
  return chosen.length === standard.length && chosen.every((k, i) => k === standard[i]) ? '' : chosen.join(',');
}
