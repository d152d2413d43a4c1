/**
 * @module OCPI Sessions and CDRs as CPO (issue 22 part 3, ADR 057 addendum "sessions and CDRs"), the
 * store's half shared by the ocpp worker (which queues) and the API worker (which delivers and answers
 * the partner's pulls): what the OCPI Session and CDR of one of our sessions are made of, and the
 * outbox rows that push them. The ocpp worker cannot open the partner's token (no SSO_SECRET_KEY), so
 * it only queues: the web worker's five-minute cron delivers (`drainOcpiOutbox`).
 *
 * One object key per session (`session:<id>`) for both kinds, so the partner receives a session's
 * PUTs and its CDR in the order they were made, even after being down: `session` rows carry no payload
 * (the state at delivery, coalesced while queued), `cdr` rows carry the CDR as it was at close.
 */
import { type Cdr, type CdrInput, type CdrTariff, creditCdr, toOcpiCdr } from '../../domain/ocpi/cdrs';
import { locationId } from '../../domain/ocpi/location-mapping';
import type { Db } from '../db';
import { cdrExtras } from './ocpi-cdr-extras.store';

export const OCPI_SESSION_KIND = 'session';
export const OCPI_CDR_KIND = 'cdr';
export const sessionObjectKey = (sessionId: number) => `session:${sessionId}`;

export interface FactsRow {
  id: number;
  cdr_id: string;
  status: 'in_progress' | 'closed';
  refused_status: string | null;
  start_method: string;
  ocpi_auth_method: string | null;
  cdr_start: number;
  cdr_end: number | null;
  cdr_stop_charging_date: number | null;
  cdr_consumed_energy: number | null;
  cdr_time: number | null;
  cdr_total_parking_time: number | null;
  currency: string;
  pricing_status: 'unpriced' | 'priced';
  emp_price_total: number | null;
  emp_price_net_total: number | null;
  emp_price_energy: number | null;
  emp_price_net_energy: number | null;
  emp_price_time: number | null;
  emp_price_penalty: number | null;
  emp_price_net_penalty: number | null;
  cdr_remark: string | null;
  ocpi_peering_id: number | null;
  ocpi_token_uid: string | null;
  ocpi_authorization_reference: string | null;
  auth_id: string;
  meter_curve_json: string | null;
  updated_at: number | null;
  created_at: number;
  connector_number: number;
  connector_evse_id: string | null;
  station_id: number;
  station_uid: string;
  station_name: string | null;
  address: string | null;
  street_number: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  station_plug_type: string | null;
  station_plug_format: string | null;
  station_power_type: string | null;
  connector_uid: string | null;
  plug_type: string | null;
  plug_format: string | null;
  power_type: string | null;
  party_country: string | null;
  party_id: string | null;
  token_type: string | null;
  token_contract: string | null;
  token_country: string | null;
  token_party: string | null;
  emp_tariff_id: number | null;
}

/** Timestamps are epoch milliseconds (drizzle/schema/columns.ts). */
const dateOf = (v: number | null): Date | null => (v === null ? null : new Date(v));

export const FACTS_SQL = `SELECT s.id, s.cdr_id, s.status, s.refused_status, s.start_method, s.cdr_start, s.cdr_end,
  s.cdr_stop_charging_date, s.cdr_consumed_energy, s.cdr_time, s.cdr_total_parking_time, s.currency,
  s.pricing_status, s.emp_price_total, s.emp_price_net_total, s.emp_price_energy, s.emp_price_net_energy,
  s.emp_price_time, s.emp_price_penalty, s.emp_price_net_penalty, s.cdr_remark, s.ocpi_peering_id,
  s.ocpi_token_uid, s.ocpi_authorization_reference, s.ocpi_auth_method, s.auth_id, s.meter_curve_json, s.updated_at, s.created_at,
  s.connector_number, s.connector_evse_id,
  st.id AS station_id, st.uid AS station_uid, st.name AS station_name, st.address, st.street_number, st.postal_code, st.city,
  st.country, st.latitude, st.longitude, st.plug_type AS station_plug_type,
  st.plug_format AS station_plug_format, st.power_type AS station_power_type,
  c.uid AS connector_uid, c.plug_type, c.plug_format, c.power_type,
  party.country_code AS party_country, party.party_id AS party_id,
  t.type AS token_type, t.contract_id AS token_contract, t.country_code AS token_country, t.party_id AS token_party,
  sp.emp_tariff_id
FROM charging_sessions s
JOIN stations st ON st.id = s.station_id
LEFT JOIN connectors c ON c.id = s.connector_id
LEFT JOIN ocpi_peerings p ON p.id = s.ocpi_peering_id
LEFT JOIN ocpi_parties party ON party.id = (SELECT id FROM ocpi_parties WHERE company_id = p.company_id AND role = 'CPO' ORDER BY id LIMIT 1)
LEFT JOIN ocpi_tokens t ON t.id = (SELECT id FROM ocpi_tokens WHERE peering_id = s.ocpi_peering_id AND uid = COALESCE(s.ocpi_token_uid, s.auth_id) ORDER BY last_updated DESC LIMIT 1)
LEFT JOIN session_pricing sp ON sp.session_id = s.id
WHERE s.id = ?`;

export interface OcpiSessionFacts {
  peeringId: number;
  input: CdrInput;
}

/**
 * What the OCPI Session and CDR of one session are made of (one D1 statement); null when the session
 * does not exist, belongs to no peering, or our company has no CPO party yet. `now` dates an open
 * session's charging time.
 */
export async function ocpiSessionFacts(db: Db, sessionId: number, now = new Date()): Promise<OcpiSessionFacts | null> {
  const r = await db.$client.prepare(FACTS_SQL).bind(sessionId).first<FactsRow>();
  return r ? factsOf(r, now) : null;
}

/** The facts of a `FACTS_SQL` row (the pull reads a page of them in one batch). */
export function factsOf(r: FactsRow, now: Date): OcpiSessionFacts | null {
  if (r.ocpi_peering_id === null || !r.party_country || !r.party_id) return null;
  let curve: [number, number | null, number | null][] = [];
  try {
    const parsed: unknown = r.meter_curve_json ? JSON.parse(r.meter_curve_json) : [];
    if (Array.isArray(parsed)) curve = parsed as typeof curve;
  } catch {
    // a malformed curve is no curve
  }
  const input: CdrInput = {
    party: { countryCode: r.party_country, partyId: r.party_id },
    session: {
      id: r.id,
      cdrId: r.cdr_id,
      status: r.status,
      refusedStatus: r.refused_status,
      startMethod: r.start_method,
      ocpiAuthMethod: r.ocpi_auth_method,
      startAt: dateOf(r.cdr_start) ?? now,
      endAt: dateOf(r.cdr_end),
      stopChargingAt: dateOf(r.cdr_stop_charging_date),
      energyWh: r.cdr_consumed_energy,
      durationS: r.cdr_time,
      parkingS: r.cdr_total_parking_time,
      currency: r.currency,
      pricingStatus: r.pricing_status,
      empTotal: r.emp_price_total,
      empNetTotal: r.emp_price_net_total,
      empEnergy: r.emp_price_energy,
      empNetEnergy: r.emp_price_net_energy,
      empTime: r.emp_price_time,
      empPenalty: r.emp_price_penalty,
      empNetPenalty: r.emp_price_net_penalty,
      remark: r.cdr_remark,
      authorizationReference: r.ocpi_authorization_reference,
      updatedAt: dateOf(r.updated_at),
      createdAt: dateOf(r.created_at) ?? now,
    },
    token: {
      uid: r.ocpi_token_uid ?? r.auth_id,
      type: r.token_type,
      contractId: r.token_contract,
      countryCode: r.token_country,
      partyId: r.token_party,
    },
    place: {
      locationId: locationId({ id: r.station_id, uid: r.station_uid }),
      evseUid: r.connector_uid ?? `${r.station_uid}-${r.connector_number}`,
      evseId: r.connector_evse_id,
      connectorNumber: r.connector_number,
      name: r.station_name,
      address: [r.address, r.street_number].filter(Boolean).join(' ') || null,
      city: r.city,
      postalCode: r.postal_code,
      country: r.country,
      latitude: r.latitude,
      longitude: r.longitude,
      plugType: r.plug_type ?? r.station_plug_type,
      plugFormat: r.plug_format ?? r.station_plug_format,
      powerType: r.power_type ?? r.station_power_type,
    },
    curve,
    tariffId: r.emp_tariff_id === null ? null : String(r.emp_tariff_id),
    // The tariffs used and the signed meter values are read for the CDR only (queueOcpiClose, cdrExtras).
    tariffs: [] as CdrTariff[],
    now,
  };
  return { peeringId: r.ocpi_peering_id, input };
}

/**
 * Queues a push of the session's state (the partner hears of it at delivery; a queued row no attempt
 * holds is reused, so meter values are coalesced). One statement.
 */
export function sessionPushStatement(db: Db, peeringId: number, sessionId: number, at: Date) {
  const key = sessionObjectKey(sessionId);
  return db.$client
    .prepare(
      `INSERT INTO ocpi_outbox (peering_id, kind, object_key, payload, state, attempts, next_attempt_at, locked_until)
       SELECT ?1, ?2, ?3, NULL, 'queued', 0, ?4, 0
       WHERE NOT EXISTS (SELECT 1 FROM ocpi_outbox WHERE peering_id = ?1 AND object_key = ?3 AND kind = ?2
         AND state = 'queued' AND payload IS NULL AND locked_until <= ?5)`,
    )
    .bind(peeringId, OCPI_SESSION_KIND, key, at.getTime(), at.getTime());
}

export async function queueOcpiSessionPush(db: Db, peeringId: number, sessionId: number, at = new Date()) {
  await sessionPushStatement(db, peeringId, sessionId, at).run();
}

/**
 * Energy so far of a roaming session (the ocpp worker, on MeterValues) and a push of its state, in one
 * round trip. Only for sessions of a peering: others never reach this.
 */
export async function ocpiSessionProgress(
  db: Db,
  peeringId: number,
  sessionId: number,
  energyWh: number,
  at = new Date(),
) {
  await db.$client.batch([
    db.$client
      .prepare(
        `UPDATE charging_sessions SET cdr_consumed_energy = ?, updated_at = ? WHERE id = ? AND status = 'in_progress'`,
      )
      .bind(Math.max(0, Math.round(energyWh)), at.getTime(), sessionId),
    sessionPushStatement(db, peeringId, sessionId, at),
  ]);
}

/** The CDRs queued or sent for a session, oldest first. */
async function cdrsOfSession(db: Db, peeringId: number, sessionId: number): Promise<Cdr[]> {
  const rows = await db.$client
    .prepare(`SELECT payload FROM ocpi_outbox WHERE peering_id = ? AND object_key = ? AND kind = ? ORDER BY id`)
    .bind(peeringId, sessionObjectKey(sessionId), OCPI_CDR_KIND)
    .all<{ payload: string }>();
  return rows.results.map((r) => JSON.parse(r.payload) as Cdr);
}

function cdrStatement(db: Db, peeringId: number, sessionId: number, cdr: Cdr, at: Date) {
  return db.$client
    .prepare(
      `INSERT INTO ocpi_outbox (peering_id, kind, object_key, payload, state, attempts, next_attempt_at, locked_until)
       VALUES (?, ?, ?, ?, 'queued', 0, ?, 0)`,
    )
    .bind(peeringId, OCPI_CDR_KIND, sessionObjectKey(sessionId), JSON.stringify(cdr), at.getTime());
}

/**
 * At close and after pricing (drizzle/queries/pricing.store.ts): queues the session's final state and,
 * once it is priced, its CDR: the first time the CDR as it is now; after a re-pricing (`reprice`) whose
 * figures differ from the last CDR, a credit CDR of that one and then a new CDR with a new id (mod_cdrs
 * "Credit CDRs"). Running it again without a change queues no second CDR. Returns why no CDR was queued.
 */
export async function queueOcpiClose(
  db: Db,
  sessionId: number,
  opts: { reprice?: boolean; at?: Date } = {},
): Promise<string | null> {
  const at = opts.at ?? new Date();
  const facts = await ocpiSessionFacts(db, sessionId, at);
  if (!facts) return 'Not a roaming session, or no CPO party';
  const statements = [sessionPushStatement(db, facts.peeringId, sessionId, at)];
  const sent = await cdrsOfSession(db, facts.peeringId, sessionId);
  const replacements = sent.filter((c) => !c.credit);
  const last = replacements[replacements.length - 1];
  let why: string | null = null;
  const extras = facts.input.session.status === 'closed' ? await cdrExtras(db, sessionId, facts.input) : {};
  const cdr = toOcpiCdr({ ...facts.input, ...extras, revision: replacements.length });
  if ('why' in cdr) why = cdr.why;
  else if (!last) statements.push(cdrStatement(db, facts.peeringId, sessionId, cdr, at));
  else if (!opts.reprice) why = 'The CDR was sent already';
  else if (sameFigures(last, cdr)) why = 'The re-priced CDR equals the one sent';
  else {
    statements.push(cdrStatement(db, facts.peeringId, sessionId, creditCdr(last, at), at));
    statements.push(cdrStatement(db, facts.peeringId, sessionId, cdr, at));
  }
  await db.$client.batch(statements);
  return why;
}

/** `queueOcpiClose` for pricing, which must never fail for roaming's sake: a failure is logged. */
export async function queueOcpiCloseSafely(db: Db, sessionId: number, opts: { reprice?: boolean } = {}) {
  try {
    await queueOcpiClose(db, sessionId, opts);
  } catch (error) {
    console.warn(
      `[ocpi] session ${sessionId}: CDR not queued:`,
      error instanceof Error ? error.message : String(error),
    );
  }
}

const figures = (c: Cdr) =>
  JSON.stringify([c.total_cost, c.total_energy, c.total_time, c.total_parking_time ?? null, c.currency]);
const sameFigures = (a: Cdr, b: Cdr) => figures(a) === figures(b);
