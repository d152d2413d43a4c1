/**
 * @module Roaming as e-mobility provider (issue 22 parts 4 and 6, spec 001 7.5, ADR 057 addendum "EMSP:
 * locations and tariffs"), behind 'roaming:manage' like the peerings:
 * - `GET /roaming-details/{country}`: per partner of the scope reachable in the country (a Location of
 *   it there, or a CPO party of that country): its name and roles, its Locations and EVSEs there (and how
 *   many are available now), and its Tariffs there as readable price summaries; paginated, with the
 *   countries where partners have Locations for the picker.
 * - `POST /peerings/{id}/pull`: pulls the partner's locations and/or tariffs senders (or goes on with a
 *   pull under way) for a few seconds; answers each pull's progress, which the screen polls by posting
 *   again. The five-minute cron carries on too.
 */
import { alpha3 } from '@domain/ocpi/location-values';
import { countryOfAlpha3, tariffSummary } from '@domain/ocpi/partner-data';
import { CredentialsRole } from '@domain/ocpi/schemas';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { pageOf, pageQueryFields } from '../../lib/pagination';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import { callerScope } from '../../lib/scope';
import { PULL_MODULES, runPulls, startPulls } from '../../ocpi/ocpi.emsp-pull';
import { type PullRow, pullsOf } from '../../ocpi/ocpi.emsp-pull.store';
import { IdParams } from '../peerings/peerings.schemas';
import { scopedPeering } from '../peerings/peerings.store';
import { partnerCountries, partnersIn, tariffsIn } from './roaming-details.store';

const ACCESS = 'roaming:manage';

const CountryParams = z.object({
  country: z
    .string()
    .trim()
    .min(2)
    .max(3)
    .openapi({ param: { name: 'country', in: 'path' }, example: 'FR' }),
});

const Range = z.object({ min: z.number(), max: z.number() }).nullable();
const TariffSummarySchema = z
  .object({
    id: z.string(),
    currency: z.string(),
    type: z.string().nullable(),
    energy: Range.openapi({ description: 'Price per kWh (excl. VAT), lowest and highest across the elements' }),
    time: Range.openapi({ description: 'Price per hour of charging (excl. VAT)' }),
    flat: Range.openapi({ description: 'Flat price per session (excl. VAT)' }),
    parking: Range.openapi({ description: 'Price per hour of parking (excl. VAT)' }),
    restricted: z.boolean().openapi({ description: 'Some elements apply only at some times, powers or durations' }),
    min_price: z.number().nullable(),
    max_price: z.number().nullable(),
    alt_text: z.string().nullable(),
  })
  .openapi('RoamingTariffSummary');

const PartnerSchema = z
  .object({
    peering_id: z.number(),
    name: z.string(),
    company_name: z.string(),
    state: z.string(),
    roles: z.array(CredentialsRole),
    locations: z.number(),
    evses: z.number().openapi({ description: 'EVSEs there, not REMOVED' }),
    evses_available: z.number().openapi({ description: 'EVSEs there AVAILABLE now' }),
    tariffs: z.array(TariffSummarySchema),
  })
  .openapi('RoamingPartner');

const RoamingDetails = pageOf(PartnerSchema)
  .extend({
    country: z.string().openapi({ description: 'ISO 3166-1 alpha-2' }),
    countries: z.array(z.string()).openapi({ description: 'Countries (alpha-2) where partners have Locations' }),
  })
  .openapi('RoamingDetails');

export const details = defineRoute(ACCESS, {
  method: 'get',
  path: '/roaming-details/{country}',
  tags: ['Roaming'],
  summary:
    'Partners reachable in a country (OCPI as e-mobility provider): names and roles, Locations and EVSEs there (available now), and their Tariffs as price summaries; paginated (page is 0-based)',
  request: { params: CountryParams, query: z.object(pageQueryFields(20)) },
  responses: { 200: json(RoamingDetails), 400: error('Not a country code we know') },
});

const PullBody = z.strictObject({
  modules: z
    .array(z.enum(PULL_MODULES))
    .min(1)
    .default([...PULL_MODULES]),
});
const PullSchema = z
  .object({
    module: z.enum(PULL_MODULES),
    state: z.enum(['running', 'done', 'failed']),
    pages: z.number(),
    objects: z.number(),
    rejected: z.number().openapi({ description: 'Objects left out: invalid, or of a party that is not the partner’s' }),
    total: z.number().nullable().openapi({ description: 'The partner’s X-Total-Count' }),
    last_error: z.string().nullable(),
    started_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .openapi('PeeringPull');
const PullAnswer = z
  .object({
    pulls: z.array(PullSchema),
    not_offered: z.array(z.enum(PULL_MODULES)).openapi({ description: 'Modules the partner lists no sender for' }),
  })
  .openapi('PeeringPulls');

export const pull = defineRoute(ACCESS, {
  method: 'post',
  path: '/peerings/{id}/pull',
  tags: ['Peerings'],
  summary:
    'Pulls the partner’s locations and/or tariffs (OCPI senders, page by page) for a few seconds, or goes on with a pull under way; answers each pull’s progress (post again to go on; the cron carries on too)',
  request: { params: IdParams, body: jsonBody(PullBody) },
  responses: {
    200: json(PullAnswer),
    404: error("The peering doesn't exist (or belongs to a company outside the scope)"),
    409: error('The peering is not registered'),
  },
});

/** How long one pull request works before answering its progress. */
const PULL_BUDGET_MS = 8_000;

const toPull = (r: PullRow): z.infer<typeof PullSchema> => ({
  module: r.module,
  state: r.state,
  pages: r.pages,
  objects: r.objects,
  rejected: r.rejected,
  total: r.total,
  last_error: r.last_error,
  started_at: new Date(r.started_at).toISOString(),
  finished_at: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
});

function rolesOf(json: string) {
  const parsed = z.array(CredentialsRole).safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : [];
}

export const roamingDetailsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(details, async (c) => {
    const a2 = c.req.valid('param').country.toUpperCase();
    const a3 = a2.length === 2 ? alpha3(a2) : null;
    if (!a3) return apiError(c, 400, 'VALIDATION_ERROR', 'roamingCountryUnknown', { field: 'country' });
    const db = c.get('db');
    const scope = await callerScope(c);
    const { page, items_per_page } = c.req.valid('query');
    const country = { a2, a3 };
    const [{ rows, total }, countries] = await Promise.all([
      partnersIn(db, scope, country, page, items_per_page),
      partnerCountries(db, scope),
    ]);
    const language = c.req.header('Accept-Language')?.slice(0, 2) ?? 'en';
    const data = await Promise.all(
      rows.map(async (r) => ({
        peering_id: r.id,
        name: r.name,
        company_name: r.company_name,
        state: r.state,
        roles: rolesOf(r.partner_roles_json),
        locations: r.locations,
        evses: r.evses,
        evses_available: r.available,
        tariffs: (await tariffsIn(db, r.id, country)).map((t) => tariffSummary(t, language)),
      })),
    );
    const picker = countries.map(countryOfAlpha3).filter((x): x is string => x !== null);
    return c.json({ country: a2, countries: picker, data, total, page, items_per_page }, 200);
  })
  .openapi(pull, async (c) => {
    const db = c.get('db');
    const peering = await scopedPeering(db, await callerScope(c), c.req.valid('param').id);
    if (!peering) return apiError(c, 404, 'PEERING_NOT_FOUND', 'peeringUnknown');
    if (peering.state !== 'registered') return apiError(c, 409, 'PEERING_STATE_CONFLICT', 'peeringStateConflict');
    const notOffered = await startPulls(db, peering, c.req.valid('json').modules);
    await runPulls(db, c.env, { peeringId: peering.id, budgetMs: PULL_BUDGET_MS });
    const pulls = (await pullsOf(db, peering.id)).map(toPull);
    return c.json({ pulls, not_offered: notOffered }, 200);
  });
