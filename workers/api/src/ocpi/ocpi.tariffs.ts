/**
 * @module The OCPI tariffs module as CPO (mod_tariffs.asciidoc, ADR 057 addendum "Locations and
 * tariffs"): the Sender interface (`GET /ocpi/2.2.1/tariffs`, paged, `date_from`/`date_to` on
 * `last_updated`) with the operator's approved CPO tariffs that go to the caller's peering (the
 * "associated EMSP" rule, domain/ocpi/tariffs.ts), and the push kind `tariff` (object
 * `tariff:<OCPI id>`): PUT of the tariff's latest version to the partner's tariffs Receiver, or DELETE
 * when it no longer goes to that partner.
 */
import type { Db } from '@db/db';
import { ocpiDateTime } from '@domain/ocpi/schemas';
import { OcpiStatus } from '@domain/ocpi/status';
import { ocpiTariffId, ocpiTariffOf, type Tariff, tariffsForPeering } from '@domain/ocpi/tariffs';
import { pageHeaders, pageParams } from '@domain/ocpi/transport';
import type { ElementInput } from '@domain/tariffs/model';
import { Hono } from 'hono';
import type { OcpiEnv } from './ocpi.env';
import { answer, callerFor, failure, unauthorized } from './ocpi.http';
import { cpoParty, peeringIdentity } from './ocpi.locations';
import { approvedCpoTariffs, registeredPeeringsOfCompany, type TariffRow } from './ocpi.locations.store';
import { callPartner, type KeyEnv, partnerEndpoint, push, pushOutcome, registerPushKind } from './ocpi.outbox';
import type { PeeringRow } from './ocpi.store';

export const TARIFFS_MAX_LIMIT = 100;

/** The OCPI tariffs a peering receives now, oldest id first. */
export async function tariffsFor(db: Db, peering: PeeringRow): Promise<Tariff[]> {
  const party = await cpoParty(db, peering.companyId);
  if (!party) return [];
  const rows = tariffsForPeering(await approvedCpoTariffs(db, peering.companyId), peeringIdentity(peering));
  return rows.map((t) => ocpiTariffOf(toStored(t), party));
}

function toStored(t: TariffRow) {
  return { ...t, elements: JSON.parse(t.elementsJson) as ElementInput[] };
}

export const tariffs = new Hono<OcpiEnv>();

tariffs.get('/', async (c) => {
  const peering = callerFor(c, 'module');
  if (!peering) return unauthorized(c);
  const page = pageParams(c.req.query('offset'), c.req.query('limit'), TARIFFS_MAX_LIMIT);
  const raw = [c.req.query('date_from'), c.req.query('date_to')];
  if (!page || raw.some((v) => v !== undefined && v !== '' && !ocpiDateTime.safeParse(v).success))
    return failure(c, 400, OcpiStatus.invalidParameters, 'offset, limit, date_from or date_to is malformed');
  const [from, to] = raw.map((v) => (v ? Date.parse(/Z$/.test(v) ? v : `${v}Z`) : undefined));
  // A tariff's last_updated has whole seconds: compared as the partner reads it.
  const all = (await tariffsFor(c.var.db, peering)).filter((t) => {
    const at = Date.parse(t.last_updated);
    return (from === undefined || at >= from) && (to === undefined || at < to);
  });
  const slice = all.slice(page.offset, page.offset + page.limit);
  return answer(c, slice, { headers: pageHeaders(c.req.url, page, all.length, TARIFFS_MAX_LIMIT) });
});

registerPushKind('tariff', async ({ db, env, peering, row }) => {
  const url = partnerEndpoint(peering, 'tariffs', 'RECEIVER');
  if (!url) return null;
  const party = await cpoParty(db, peering.companyId);
  if (!party) return 'The operator has no OCPI CPO party yet';
  const id = /^tariff:(.+)$/.exec(row.objectKey ?? '')?.[1] ?? '';
  const tariff = (await tariffsFor(db, peering)).find((t) => t.id === id);
  const target = `${url.replace(/\/$/, '')}/${party.countryCode}/${party.partyId}/${id}`;
  const sent = tariff
    ? await callPartner(db, env, peering, { method: 'PUT', url: target, body: tariff })
    : await callPartner(db, env, peering, { method: 'DELETE', url: target });
  return pushOutcome(sent);
});

/**
 * Queues (and attempts at once) the push of a tariff chain to every registered peering of its operator
 * whose partner lists a tariffs receiver: after an approval. The handler decides PUT or DELETE at delivery.
 */
export async function pushTariffChange(
  db: Db,
  env: KeyEnv,
  tariff: { id: number; versionOf: number | null; companyId: number },
  at = new Date(),
) {
  for (const p of await registeredPeeringsOfCompany(db, tariff.companyId)) {
    if (!p.endpointsJson.includes('"tariffs"')) continue;
    await push(
      db,
      env,
      { peeringId: p.id, kind: 'tariff', objectKey: `tariff:${ocpiTariffId(tariff)}` },
      { now: true, at },
    );
  }
}
