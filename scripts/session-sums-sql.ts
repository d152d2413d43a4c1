/**
 * Prints the SQL of the triggers that keep `session_day_sums` equal to a GROUP BY over
 * `charging_sessions` (and the backfill), as written in the session-sums migration. Run it again
 * (`npx tsx scripts/session-sums-sql.ts`) when a summed column or a dimension changes, and put the
 * output in a new migration after dropping the old triggers. See ADR 033.
 */
import { SESSION_SUM_COLUMNS } from '../drizzle/schema/session-sums';

const KEYS = [
  'grain',
  'period',
  'company_id',
  'owner_company_id',
  'user_company_id',
  'station_type',
  'customer_group_id',
  'status',
  'mps',
  'qr',
  'priced',
  'needs_revision',
] as const;
type Key = (typeof KEYS)[number];

/** The dimension values of session row `r` (NEW, OLD or a table alias). */
function keyExprs(r: string, override: Partial<Record<Key, string>> = {}): string[] {
  const e: Record<Key, string> = {
    grain: '0',
    period: `CAST(${r}.cdr_start AS INTEGER) / 86400000`,
    company_id: `${r}.company_id`,
    owner_company_id: `coalesce(${r}.owner_company_id, 0)`,
    user_company_id: `coalesce((SELECT u.company_id FROM users u WHERE u.id = ${r}.user_id), 0)`,
    station_type: `coalesce((SELECT st.type FROM stations st WHERE st.id = ${r}.station_id), '')`,
    customer_group_id: `coalesce(${r}.customer_group_id, 0)`,
    status: `${r}.status`,
    mps: `(${r}.start_method IN ('QR', 'POS') OR ${r}.auth_id LIKE 'EP-%')`,
    qr: `${r}.start_method = 'QR'`,
    priced: `${r}.pricing_status = 'priced'`,
    needs_revision: `${r}.cdr_needs_revision <> 0`,
    ...override,
  };
  return KEYS.map((k) => e[k]);
}

const COLS = [...KEYS, 'n', ...SESSION_SUM_COLUMNS.flatMap((c) => [c, `${c}_n`])].join(', ');
const CONFLICT = `ON CONFLICT (${KEYS.join(', ')}) DO UPDATE SET ${[
  'n',
  ...SESSION_SUM_COLUMNS.flatMap((c) => [c, `${c}_n`]),
]
  .map((c) => `${c} = ${c} + excluded.${c}`)
  .join(', ')}`;

/** Adds (sign 1) or removes (sign -1) one session row. */
function rowDelta(r: 'NEW' | 'OLD', sign: 1 | -1): string {
  return GRAINS.map((grain) => rowDeltaOf(r, sign, grain)).join(' ');
}

/** Day rows (grain 0) and 32-day block rows (grain 1). */
const GRAINS = [
  { grain: '0', period: (r: string) => `CAST(${r}.cdr_start AS INTEGER) / 86400000` },
  { grain: '1', period: (r: string) => `CAST(${r}.cdr_start AS INTEGER) / 86400000 / 32` },
];

function rowDeltaOf(r: 'NEW' | 'OLD', sign: 1 | -1, g: (typeof GRAINS)[number]): string {
  const m = sign === 1 ? '' : '-';
  const values = [
    ...keyExprs(r, { grain: g.grain, period: g.period(r) }),
    `${m}1`,
    ...SESSION_SUM_COLUMNS.flatMap((c) => [`${m}coalesce(${r}.${c}, 0)`, `${m}(${r}.${c} IS NOT NULL)`]),
  ];
  return `INSERT INTO session_day_sums (${COLS}) VALUES (${values.join(', ')}) ${CONFLICT};`;
}

/** Adds or removes every session matching `where`, grouped, with some dimensions overridden. */
function groupDelta(where: string, sign: 1 | -1, override: Partial<Record<Key, string>> = {}): string {
  return GRAINS.map((g) => groupDeltaOf(where, sign, { ...override, grain: g.grain, period: g.period('s') })).join(' ');
}

function groupDeltaOf(where: string, sign: 1 | -1, override: Partial<Record<Key, string>>): string {
  const m = sign === 1 ? '' : '-';
  const keys = keyExprs('s', override);
  const values = [
    ...keys,
    `${m}count(*)`,
    ...SESSION_SUM_COLUMNS.flatMap((c) => [`${m}coalesce(sum(s.${c}), 0)`, `${m}count(s.${c})`]),
  ];
  return `INSERT INTO session_day_sums (${COLS}) SELECT ${values.join(', ')} FROM charging_sessions s WHERE ${where} GROUP BY ${keys.map((_, i) => i + 1).join(', ')} ${CONFLICT};`;
}

const WATCHED = [
  'cdr_start',
  'company_id',
  'owner_company_id',
  'user_id',
  'station_id',
  'customer_group_id',
  'status',
  'start_method',
  'auth_id',
  'pricing_status',
  'cdr_needs_revision',
  ...SESSION_SUM_COLUMNS,
];

const out = [
  '-- Backfill, then keep session_day_sums equal to a GROUP BY over charging_sessions (ADR 033).',
  groupDelta('true', 1),
  `CREATE TRIGGER session_day_sums_insert AFTER INSERT ON charging_sessions BEGIN ${rowDelta('NEW', 1)} END;`,
  `CREATE TRIGGER session_day_sums_delete AFTER DELETE ON charging_sessions BEGIN ${rowDelta('OLD', -1)} END;`,
  `CREATE TRIGGER session_day_sums_update AFTER UPDATE OF ${WATCHED.join(', ')} ON charging_sessions BEGIN ${rowDelta('OLD', -1)} ${rowDelta('NEW', 1)} END;`,
  // A driver moved to another company: their sessions move with them (the fleet lists' scope).
  `CREATE TRIGGER session_day_sums_user_company AFTER UPDATE OF company_id ON users WHEN OLD.company_id IS NOT NEW.company_id BEGIN ${groupDelta('s.user_id = NEW.id', -1, { user_company_id: 'coalesce(OLD.company_id, 0)' })} ${groupDelta('s.user_id = NEW.id', 1)} END;`,
  `CREATE TRIGGER session_day_sums_user_delete AFTER DELETE ON users BEGIN ${groupDelta('s.user_id = OLD.id', -1, { user_company_id: 'coalesce(OLD.company_id, 0)' })} ${groupDelta('s.user_id = OLD.id', 1)} END;`,
  // A station's type decides the fleet lists' place (work, home, roaming).
  `CREATE TRIGGER session_day_sums_station_type AFTER UPDATE OF type ON stations WHEN OLD.type IS NOT NEW.type BEGIN ${groupDelta('s.station_id = NEW.id', -1, { station_type: "coalesce(OLD.type, '')" })} ${groupDelta('s.station_id = NEW.id', 1)} END;`,
  `CREATE TRIGGER session_day_sums_station_delete AFTER DELETE ON stations BEGIN ${groupDelta('s.station_id = OLD.id', -1, { station_type: "coalesce(OLD.type, '')" })} ${groupDelta('s.station_id = OLD.id', 1)} END;`,
];
console.log(out.join('\n--> statement-breakpoint\n'));
