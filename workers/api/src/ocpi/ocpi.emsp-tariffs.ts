/**
 * @module The tariffs module as e-mobility provider (mod_tariffs.asciidoc, "Receiver Interface"): a
 * partner's CPO pushes its Tariffs (PUT), removes them (DELETE) and reads back what we hold (GET) at
 * `/emsp/tariffs/{country_code}/{party_id}/{tariff_id}`. Only for the calling peering's own CPO
 * parties; a late or duplicated PUT (not newer by `last_updated`) is answered success and not applied.
 */
import { countryCode, partyId } from '@domain/ocpi/schemas';
import { OcpiStatus } from '@domain/ocpi/status';
import { Tariff } from '@domain/ocpi/tariffs';
import { Hono } from 'hono';
import { z } from 'zod';
import { deleteTariff, putTariffs, tariffOf } from './ocpi.emsp-data.store';
import { addressedParty, invalidObject, jsonBody } from './ocpi.emsp-locations';
import type { OcpiEnv } from './ocpi.env';
import { answer, failure, type OcpiContext } from './ocpi.http';

const Params = z.object({ country_code: countryCode, party_id: partyId, tariff_id: z.string().min(1).max(36) });
const PATH = '/:country_code/:party_id/:tariff_id';

const addressed = (c: OcpiContext) => addressedParty(c, c.req.param() as Record<string, string>, Params);
const unknownTariff = (c: OcpiContext) => failure(c, 404, OcpiStatus.clientError, 'Unknown Tariff');

export const emspTariffs = new Hono<OcpiEnv>()
  .get(PATH, async (c) => {
    const a = addressed(c);
    if ('refusal' in a) return a.refusal;
    const tariff = await tariffOf(c.var.db, a.key, c.req.param('tariff_id'));
    return tariff ? answer(c, tariff) : unknownTariff(c);
  })
  .put(PATH, async (c) => {
    const a = addressed(c);
    if ('refusal' in a) return a.refusal;
    const body = await jsonBody(c);
    if ('refusal' in body) return body.refusal;
    const parsed = Tariff.safeParse(body.json);
    if (!parsed.success) return invalidObject(c, 'Tariff', parsed.error);
    const t = parsed.data;
    if (
      t.id !== c.req.param('tariff_id') ||
      t.country_code.toUpperCase() !== a.key.countryCode ||
      t.party_id.toUpperCase() !== a.key.partyId
    )
      return failure(c, 200, OcpiStatus.invalidParameters, 'The Tariff object does not match the URL');
    await putTariffs(c.var.db, { peeringId: a.key.peeringId, companyId: a.key.companyId }, [t]);
    return answer(c, undefined);
  })
  .delete(PATH, async (c) => {
    const a = addressed(c);
    if ('refusal' in a) return a.refusal;
    const removed = await deleteTariff(c.var.db, a.key, c.req.param('tariff_id'));
    return removed ? answer(c, undefined) : unknownTariff(c);
  });
