/**
 * @module The eight session table variants of spec 2 section 7.15 and the columns each audience may
 * see. Column keys are the CDR field names of the spec; the API returns only a variant's columns and
 * the screens and exports render exactly those. "groups" variants hold sessions of identified
 * customers (RFID, app, fleet cards); "MPS" variants hold sessions paid through the mobility payment
 * service (QR or payment terminal) — see docs/decisions/013-sessions-variants.md.
 */
import type { CompanyKind } from '../permissions/permissions';

export const SESSION_VARIANTS = [
  'fleet',
  'fleet_mps',
  'subcpo_groups',
  'subcpo_mps',
  'owner_groups',
  'owner_mps',
  'emp',
  'multiflow',
] as const;
export type SessionVariant = (typeof SESSION_VARIANTS)[number];

export const FLEET_VARIANTS = ['fleet', 'fleet_mps'] as const satisfies readonly SessionVariant[];
export const NETWORK_VARIANTS = [
  'emp',
  'multiflow',
  'subcpo_groups',
  'subcpo_mps',
  'owner_groups',
  'owner_mps',
] as const satisfies readonly SessionVariant[];

export type ColumnKind = 'text' | 'datetime' | 'energy' | 'seconds' | 'minutes' | 'money' | 'flag' | 'power' | 'status';
export type Party = 'emp' | 'subcpo' | 'owner';

export interface SessionColumn {
  key: string;
  kind: ColumnKind;
  /** Summed in the footer (over the whole filtered list, not only the page). */
  sum?: boolean;
  /** Price columns belong to a party; QR sessions show only the provider's (emp) prices. */
  party?: Party;
  /** Sortable by the API. */
  sort?: boolean;
  /**
   * A driver's personal data (plate, employee number, cost centre): in the fleet variants only for
   * callers who may export the fleet's users (`fleet:users:export`; issue 24, least privilege).
   */
  personal?: boolean;
}

const c = (key: string, kind: ColumnKind, extra: Partial<SessionColumn> = {}): SessionColumn => ({
  key,
  kind,
  ...extra,
});
const money = (key: string, party: Party) => c(key, 'money', { sum: true, party, sort: key.endsWith('_total') });

const START = c('cdr_start', 'datetime', { sort: true });
const END = c('cdr_end', 'datetime', { sort: true });
const STATION = [c('station_name', 'text', { sort: true }), c('station_city', 'text'), c('connector_evse_id', 'text')];
const MEASURES = [
  c('cdr_consumed_energy', 'energy', { sum: true, sort: true }),
  c('cdr_time', 'seconds', { sum: true, sort: true }),
  c('cdr_time_charged', 'minutes', { sum: true }),
  c('cdr_total_parking_time', 'seconds', { sum: true }),
];
const TAIL = [c('start_method', 'text'), c('status', 'status'), c('cdr_needs_revision', 'flag')];
const DRIVER = [
  c('user_email', 'text'),
  c('child_plate', 'text', { personal: true }),
  c('child_employee_id', 'text', { personal: true }),
  c('child_cost_center', 'text', { personal: true }),
  c('corporate_group_name', 'text'),
  c('user_key_hanger_code', 'text'),
];

export const VARIANT_COLUMNS: Record<SessionVariant, readonly SessionColumn[]> = {
  // Fleet managers: their drivers' sessions, provider prices without VAT.
  fleet: [
    START,
    END,
    ...DRIVER,
    ...STATION,
    ...MEASURES,
    money('emp_price_net_energy', 'emp'),
    money('emp_price_time', 'emp'),
    money('emp_price_net_penalty', 'emp'),
    money('emp_price_net_total', 'emp'),
    ...TAIL,
  ],
  // Fleet MPS: what the drivers paid through the payment service, VAT included.
  fleet_mps: [
    START,
    END,
    ...DRIVER,
    ...STATION,
    ...MEASURES,
    money('emp_price_energy', 'emp'),
    money('emp_price_time', 'emp'),
    money('emp_price_penalty', 'emp'),
    money('cdr_vat_value', 'emp'),
    money('emp_price_total', 'emp'),
    ...TAIL,
  ],
  // Sub-operators: sessions of customer groups on their stations, their own price; no personal data.
  subcpo_groups: [
    START,
    END,
    c('corporate_group_name', 'text'),
    c('user_code', 'text'),
    ...STATION,
    c('plug_type', 'text'),
    c('plug_max_electric_power', 'power'),
    ...MEASURES,
    money('subcpo_price_energy', 'subcpo'),
    money('subcpo_price_time', 'subcpo'),
    money('subcpo_price_penalty', 'subcpo'),
    money('subcpo_price_total', 'subcpo'),
    ...TAIL,
  ],
  subcpo_mps: [
    START,
    END,
    c('cdr_auth_id', 'text'),
    ...STATION,
    c('plug_type', 'text'),
    c('plug_max_electric_power', 'power'),
    ...MEASURES,
    money('emp_price_total', 'emp'),
    money('subcpo_price_energy', 'subcpo'),
    money('subcpo_price_time', 'subcpo'),
    money('subcpo_price_penalty', 'subcpo'),
    money('subcpo_price_total', 'subcpo'),
    ...TAIL,
  ],
  // Owners: the revenue their stations earned.
  owner_groups: [
    START,
    END,
    c('corporate_group_name', 'text'),
    ...STATION,
    ...MEASURES,
    money('owner_price_energy', 'owner'),
    money('owner_price_penalty', 'owner'),
    c('owner_cost_per_kwh', 'money', { party: 'owner' }),
    money('owner_price_total', 'owner'),
    ...TAIL,
  ],
  owner_mps: [
    START,
    END,
    c('cdr_auth_id', 'text'),
    ...STATION,
    ...MEASURES,
    money('emp_price_total', 'emp'),
    money('owner_price_energy', 'owner'),
    money('owner_price_penalty', 'owner'),
    c('owner_cost_per_kwh', 'money', { party: 'owner' }),
    money('owner_price_total', 'owner'),
    ...TAIL,
  ],
  // E-mobility provider: the full driver price, net and gross, with the roaming identifiers.
  emp: [
    c('cdr_id', 'text'),
    START,
    END,
    c('cdr_auth_id', 'text'),
    c('user_email', 'text'),
    c('user_code', 'text'),
    c('cdr_partner_session_id', 'text'),
    // OCPP at our stations, OCPI for our drivers' roaming sessions at partners' stations (ADR 057).
    c('protocol', 'text'),
    c('cdr_operator_id', 'text'),
    ...STATION,
    ...MEASURES,
    money('emp_price_net_energy', 'emp'),
    money('emp_price_energy', 'emp'),
    money('emp_price_time', 'emp'),
    money('emp_price_net_penalty', 'emp'),
    money('emp_price_penalty', 'emp'),
    money('emp_price_net_total', 'emp'),
    money('cdr_vat_value', 'emp'),
    money('emp_price_total', 'emp'),
    ...TAIL,
  ],
  // Multi-flow operator: one line per session with every party's total.
  multiflow: [
    c('cdr_id', 'text'),
    START,
    END,
    c('cdr_auth_id', 'text'),
    c('cdr_operator_id', 'text'),
    c('cdr_type_id', 'text'),
    ...STATION,
    ...MEASURES,
    money('emp_price_total', 'emp'),
    money('subcpo_price_total', 'subcpo'),
    money('owner_price_total', 'owner'),
    money('cdr_vat_value', 'emp'),
    ...TAIL,
  ],
};

/** MPS variants list only payment-service sessions; groups variants only identified customers. */
export function variantChannel(v: SessionVariant): 'mps' | 'groups' | 'all' {
  if (v.endsWith('_mps')) return 'mps';
  if (v === 'subcpo_groups' || v === 'owner_groups' || v === 'fleet') return 'groups';
  return 'all';
}

/** Whose stations a network variant reads: the operator's, or those the company owns as well. */
export function variantScope(v: SessionVariant): 'fleet-users' | 'operated' | 'operated-or-owned' {
  if (v === 'fleet' || v === 'fleet_mps') return 'fleet-users';
  if (v === 'owner_groups' || v === 'owner_mps') return 'operated-or-owned';
  return 'operated';
}

/**
 * The network variants a company may open on /connectors/sessions: a charge point operator sees all
 * of them; a sub-operator its own two; an owner (lifestyle) company the owner pair; the provider
 * view needs e-mobility services.
 */
export function networkVariantsFor(kind: CompanyKind): SessionVariant[] {
  const out: SessionVariant[] = [];
  if (kind.cpms !== null && kind.empServices) out.push('emp');
  if (kind.cpms === 'public' && !kind.isSubcpo) out.push('multiflow');
  if (kind.isSubcpo || (kind.cpms !== null && !kind.isLifestyle)) out.push('subcpo_groups', 'subcpo_mps');
  if (kind.isLifestyle || (kind.cpms !== null && !kind.isSubcpo)) out.push('owner_groups', 'owner_mps');
  return out;
}

/** The variant asked for, if the caller may see it; the first allowed one when none was asked; else null. */
export function pickVariant(
  asked: SessionVariant | undefined,
  allowed: readonly SessionVariant[],
): SessionVariant | null {
  if (!asked) return allowed[0] ?? null;
  return allowed.includes(asked) ? asked : null;
}

/**
 * The columns a caller sees in a variant: all of them, except the drivers' personal columns of the
 * fleet variants when `personal` is false (the caller may not export the fleet's users).
 */
export function columnsOf(v: SessionVariant, personal = true): readonly SessionColumn[] {
  const all = VARIANT_COLUMNS[v];
  if (personal || !(FLEET_VARIANTS as readonly SessionVariant[]).includes(v)) return all;
  return all.filter((col) => !col.personal);
}

export function sortableKeys(v: SessionVariant): string[] {
  return VARIANT_COLUMNS[v].filter((col) => col.sort).map((col) => col.key);
}

const PERSONAL_KEYS = new Set(
  Object.values(VARIANT_COLUMNS)
    .flat()
    .filter((col) => col.personal)
    .map((col) => col.key),
);

/** A row without the drivers' personal columns, for a caller `columnsOf` hides them from. */
export function withoutPersonal<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!PERSONAL_KEYS.has(key)) out[key] = value;
  return out as T;
}

/**
 * The rows of a page as a caller sees them: as read when `columns` are all of the variant's, without
 * the drivers' personal columns when `columnsOf` hid some of them.
 */
export function visibleRows<T extends Record<string, unknown>>(
  v: SessionVariant,
  columns: readonly SessionColumn[],
  rows: T[],
): T[] {
  return columns.length === VARIANT_COLUMNS[v].length ? rows : rows.map(withoutPersonal);
}
