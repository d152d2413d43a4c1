/**
 * @module The ChargingProfiles module as receiver (mod_charging_profiles.asciidoc): a partner (its eMSP
 * or smart-charging service, directly or behind a hub) sets (PUT), reads (GET ActiveChargingProfile) or
 * clears (DELETE) the charging profile of one of its own sessions at `/chargingprofiles/{session_id}`.
 * The ChargingProfileResponse answers at once (ACCEPTED with a timeout, or NOT_SUPPORTED, REJECTED,
 * TOO_OFTEN, UNKNOWN_SESSION); the OCPP command (SetChargingProfile, GetCompositeSchedule,
 * ClearChargingProfile in 1.6 form, which the ChargePoint object gives a 2.0.1 station in its own) goes
 * after the answer, and the result from the charge point's real answer is POSTed to `response_url`
 * through the outbox. At a site under load management (ADR 059) every limit is capped at the session's
 * share; the ChargePoint keeps the profile as the operator's ceiling of the transaction, and the site,
 * asked to share anew once the station took it, stacks its own share above it (never more than either).
 */
import type { Db } from '@db/db';
import { managedSiteOfStation, siteLoad } from '@db/queries/site-load.store';
import { siteObjectName } from '@domain/load/site-limit';
import {
  ActiveQuery,
  activeProfileResult,
  type ChargingProfile,
  ClearQuery,
  MAX_REQUESTS_PER_MINUTE,
  OCPI_PROFILE_ID_BASE,
  ocppSetProfile,
  profileResultOf,
  SessionIdParam,
  SetChargingProfile,
  type SiteCap,
} from '@domain/ocpi/charging-profiles';
import { OcpiStatus } from '@domain/ocpi/status';
import { Hono } from 'hono';
import { dispatchAs, type Target } from '../lib/charge-point-command';
import {
  insertProfileRequest,
  profileSession,
  requestsSince,
  settleProfileRequest,
} from './ocpi.chargingprofiles.store';
import { pushResult, resultTimeoutSeconds } from './ocpi.commands';
import type { OcpiEnv } from './ocpi.env';
import { answer, callerFor, failure, type OcpiContext, unauthorized } from './ocpi.http';
import type { PeeringRow } from './ocpi.store';

type Response = 'ACCEPTED' | 'NOT_SUPPORTED' | 'REJECTED' | 'TOO_OFTEN' | 'UNKNOWN_SESSION';
const respond = (c: OcpiContext, result: Response, timeout = 0) => answer(c, { result, timeout });

type Found = NonNullable<Awaited<ReturnType<typeof profileSession>>>;
type Request = { kind: 'set'; profile: ChargingProfile } | { kind: 'active'; duration: number } | { kind: 'clear' };

interface Site {
  locationId: number;
  /** The session's share now; null when the site's object cannot tell it. */
  cap: SiteCap | null;
}

const siteObject = (env: Env, locationId: number) => {
  const ns = (env as Partial<Env>).SITE_LOADS;
  return ns ? ns.get(ns.idFromName(siteObjectName(locationId))) : null;
};

/** The managed site (ADR 059) the session's station stands at with the session's share; null when none is enabled. */
async function siteOf(env: Env, db: Db, f: Found): Promise<Site | null> {
  const locationId = await managedSiteOfStation(db, f.station.id);
  const site = locationId === null ? null : await siteLoad(db, locationId);
  if (!site?.enabled) return null;
  try {
    const a = await siteObject(env, site.locationId)?.allocation();
    const s = a?.sessions.find((x) => x.transactionId === f.session.id && x.stationUid === f.station.uid);
    const shares = [s?.targetA, s?.limitA].filter((x): x is number => typeof x === 'number');
    const cap =
      shares.length === 0
        ? null
        : { shareA: Math.min(...shares), phases: site.config.phases, voltage: site.config.voltage };
    return { locationId: site.locationId, cap };
  } catch (e) {
    console.warn(`ocpi chargingprofiles: site ${site.locationId} not reached: ${String(e).slice(0, 200)}`);
    return { locationId: site.locationId, cap: null };
  }
}

/** After the station took or dropped our profile: the site shares anew with the ceiling it now knows. */
async function reshare(env: Env, locationId: number) {
  try {
    await siteObject(env, locationId)?.refresh(locationId);
  } catch (e) {
    console.warn(`ocpi chargingprofiles: site ${locationId} not reached: ${String(e).slice(0, 200)}`);
  }
}

/** The OCPP command of a request and how its answer becomes the partner's result. */
function commandOf(request: Request, connectorId: number, transactionId: number, cap: SiteCap | null) {
  switch (request.kind) {
    case 'set':
      return {
        action: 'SetChargingProfile',
        payload: ocppSetProfile(request.profile, { connectorId, transactionId }, cap),
      };
    case 'active':
      return { action: 'GetCompositeSchedule', payload: { connectorId, duration: request.duration } };
    case 'clear':
      // Only our profile: the site's own share (above it) stays in force at a managed site.
      return { action: 'ClearChargingProfile', payload: { id: OCPI_PROFILE_ID_BASE + connectorId } };
  }
}

/** Sends the OCPP command, records the result, and pushes it to the response_url. */
async function run(
  c: OcpiContext,
  peering: PeeringRow,
  work: {
    id: number;
    target: Target;
    request: Request;
    action: string;
    payload: object;
    responseUrl: string;
    site: Site | null;
  },
) {
  const db = c.var.db;
  let result: unknown;
  try {
    const sent = await dispatchAs(c.env, db, null, work.target, work.action, work.payload);
    if (work.request.kind === 'active')
      result =
        sent.outcome.status === 'accepted'
          ? activeProfileResult(sent.outcome.reply, Date.now())
          : { result: 'REJECTED' };
    else result = { result: profileResultOf({ status: sent.outcome.status, replyStatus: sent.replyStatus }) };
    if (work.site && work.request.kind !== 'active' && sent.replyStatus === 'Accepted')
      await reshare(c.env, work.site.locationId);
  } catch (err) {
    console.warn('ocpi chargingprofiles', work.action, String(err).slice(0, 200));
    result = { result: 'REJECTED' };
  }
  await settleProfileRequest(db, work.id, (result as { result: string }).result);
  await pushResult(c, peering, 'charging_profile_result', `chargingprofile:${work.id}`, work.responseUrl, result);
}

async function handle(c: OcpiContext, request: Request, responseUrl: string) {
  const peering = callerFor(c, 'module');
  if (!peering) return unauthorized(c);
  const sessionId = SessionIdParam.safeParse(c.req.param('session_id'));
  if (!sessionId.success) return failure(c, 400, OcpiStatus.invalidParameters, 'Invalid session_id');
  const db = c.var.db;
  const found = await profileSession(db, peering.id, sessionId.data);
  if (!found) return respond(c, 'UNKNOWN_SESSION');
  if (found.session.status !== 'in_progress' || !found.connector) return respond(c, 'REJECTED');
  if ((await requestsSince(db, found.session.id, new Date(Date.now() - 60_000))) >= MAX_REQUESTS_PER_MINUTE)
    return respond(c, 'TOO_OFTEN');
  const site = request.kind === 'active' ? null : await siteOf(c.env, db, found);
  // A new profile whose share the site cannot tell: nothing is sent that could ask for more than the site gives.
  if (request.kind === 'set' && site && !site.cap) return respond(c, 'REJECTED');
  const { action, payload } = commandOf(request, found.connector.connectorNumber, found.session.id, site?.cap ?? null);
  const from = c.var.routing.from;
  const id = await insertProfileRequest(db, {
    peeringId: peering.id,
    sessionId: found.session.id,
    request: request.kind,
    fromCountryCode: from?.countryCode ?? null,
    fromPartyId: from?.partyId ?? null,
    profileJson: action === 'SetChargingProfile' ? JSON.stringify(payload) : null,
    responseUrl,
  });
  const target = { station: found.station, connector: found.connector };
  c.executionCtx.waitUntil(run(c, peering, { id, target, request, action, payload, responseUrl, site }));
  return respond(c, 'ACCEPTED', resultTimeoutSeconds(c.env));
}

const invalid = (c: OcpiContext, what: string, path: string) =>
  failure(c, 200, OcpiStatus.invalidParameters, `Invalid ${what}: ${path || '(body)'}`);

export const chargingProfiles = new Hono<OcpiEnv>()
  .put('/:session_id', async (c) => {
    if (!callerFor(c, 'module')) return unauthorized(c);
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      return failure(c, 400, OcpiStatus.invalidParameters, 'The body is not valid JSON');
    }
    const parsed = SetChargingProfile.safeParse(json);
    if (!parsed.success) return invalid(c, 'SetChargingProfile object', parsed.error.issues[0]?.path.join('.') ?? '');
    return handle(c, { kind: 'set', profile: parsed.data.charging_profile }, parsed.data.response_url);
  })
  .get('/:session_id', async (c) => {
    if (!callerFor(c, 'module')) return unauthorized(c);
    const parsed = ActiveQuery.safeParse(c.req.query());
    if (!parsed.success) return invalid(c, 'parameter', parsed.error.issues[0]?.path.join('.') ?? '');
    return handle(c, { kind: 'active', duration: parsed.data.duration }, parsed.data.response_url);
  })
  .delete('/:session_id', async (c) => {
    if (!callerFor(c, 'module')) return unauthorized(c);
    const parsed = ClearQuery.safeParse(c.req.query());
    if (!parsed.success) return invalid(c, 'parameter', parsed.error.issues[0]?.path.join('.') ?? '');
    return handle(c, { kind: 'clear' }, parsed.data.response_url);
  });
