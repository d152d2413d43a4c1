/**
 * @module The tariffs API (spec 7.21): reads, the pending → approved workflow (pending editable and
 * deletable, approved immutable, a change is a new version; domain/tariffs/workflow.ts), MPS tariffs
 * (tariffs.mps.ts), the preview and the re-pricing of a session. Every query is limited to the
 * caller's company scope; another company's tariff answers 404 as if it did not exist.
 */

import type { AppEnv } from '@api/env';
import { auditInsert } from '@api/lib/audit.store';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { pushTariffChange } from '@api/ocpi/ocpi.tariffs';
import { companyScopeIds } from '@db/queries/companies.store';
import { priceClosedSession, priceFigures, tariffLinesOf } from '@db/queries/pricing.store';
import { priceSession } from '@domain/pricing';
import { DAYS_OF_WEEK, DIMENSIONS } from '@domain/pricing/types';
import { COUNTRIES } from '@domain/tariffs/countries';
import { storedType, type TariffInput, toEngineTariff } from '@domain/tariffs/model';
import { nextVersion, samplePeriods, type TariffChange, workflowRefusal } from '@domain/tariffs/workflow';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { mpsRoutes } from './tariffs.mps';
import { tariffReach } from './tariffs.reach';
import * as r from './tariffs.routes';
import { toTariff } from './tariffs.schemas';
import * as store from './tariffs.store';

type Ctx = Context<AppEnv>;

const dateOf = (s: string | null) => (s ? new Date(s) : null);

const audited = (c: Ctx, action: string, entity: string, id: number, detail: Record<string, unknown>) =>
  auditInsert(c.get('db'), callerAudit(c, { action, entity, entityId: id, detail }));

/** The stored columns of an input (create and update). */
function columnsOf(t: TariffInput) {
  return {
    name: t.name,
    label: t.label ?? null,
    currency: t.currency,
    countriesJson: JSON.stringify([...new Set(t.countries)]),
    graceTimeS: t.grace_time_s,
    freeParkingS: t.free_parking_s,
    elementsJson: JSON.stringify(t.elements),
    minPriceExclVat: t.min_price_excl_vat,
    maxPriceExclVat: t.max_price_excl_vat,
    maxPriceInclVat: t.max_price_incl_vat,
    vatIncluded: t.vat_included,
    validFrom: dateOf(t.valid_from),
    validTo: dateOf(t.valid_to),
    applyFrom: dateOf(t.apply_from),
    customerGroupId: t.customer_group_id,
    paymentType: t.payment_type,
    emsp: t.emsp,
  };
}

const notFound = (c: Ctx, id: number) => apiError(c, 404, 'TARIFF_NOT_FOUND', 'tariffNotFound', { params: { id } });
const notPending = (c: Ctx) => apiError(c, 409, 'TARIFF_NOT_PENDING', 'tariffNotPending');
const notApproved = (c: Ctx) => apiError(c, 409, 'TARIFF_NOT_APPROVED', 'tariffNotApproved');
const scopeNotFound = (c: Ctx, id: number) =>
  apiError(c, 404, 'COMPANY_NOT_IN_SCOPE', 'tariffScopeNotFound', { params: { id } });
/** ADR 005: an id in the body that names nothing usable is the client's input error, named by its field. */
const groupRefused = (c: Ctx) =>
  apiError(c, 400, 'CUSTOMER_GROUP_INVALID', 'customerGroupNotFound', { field: 'customer_group_id' });

/** The tariff of the path, if it is in the scope and its status allows `change`; else the answer that refuses. */
async function tariffFor(c: Ctx, id: number, change: TariffChange) {
  const t = await store.scopedTariff(c.get('db'), await callerScope(c), id);
  if (!t) return { refused: notFound(c, id) } as const;
  const refusal = workflowRefusal(t.status, change);
  if (refusal === 'not-pending') return { refused: notPending(c) } as const;
  if (refusal === 'not-approved') return { refused: notApproved(c) } as const;
  return { tariff: t } as const;
}

/** A tariff may name no group, or a live group of the caller's scope on the tariff company's chain. */
async function groupAllowed(c: Ctx, groupId: number | null, tariffCompanyId: number): Promise<boolean> {
  return groupId === null || store.customerGroupUsable(c.get('db'), groupId, tariffCompanyId, await callerScope(c));
}

/** What approving the saved tariff would do: why it could never price a session, if so. */
async function warningsOf(c: Ctx, row: store.TariffRow) {
  return (await tariffReach(c.get('db'), row, await callerScope(c))).warnings;
}

async function listPage(c: Ctx, scope: number[], type: string, q: store.TariffListQuery) {
  const all = q.paginate === 'false';
  const { rows, total } = await store.tariffPage(c.get('db'), scope, type, q);
  return c.json(
    { data: rows.map(toTariff), total, page: all ? 0 : q.page, items_per_page: all ? rows.length : q.items_per_page },
    200,
  );
}

const items = (values: readonly { id: string; name: string }[]) => ({ data: [...values] });

export const tariffRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.listScoped, async (c) => {
    const { scopeId, type } = c.req.valid('param');
    if (!(await callerScope(c)).includes(scopeId)) return scopeNotFound(c, scopeId);
    return listPage(c, await companyScopeIds(c.get('db'), scopeId), type, c.req.valid('query'));
  })
  .openapi(r.list, async (c) => listPage(c, await callerScope(c), c.req.valid('param').type, c.req.valid('query')))
  .openapi(r.dow, (c) => c.json(items(DAYS_OF_WEEK.map((d) => ({ id: d, name: d }))), 200))
  .openapi(r.dimensionTypes, (c) => c.json(items(DIMENSIONS.map((d) => ({ id: d, name: d }))), 200))
  .openapi(r.countries, (c) => c.json(items(COUNTRIES.map((id) => ({ id, name: id }))), 200))
  .openapi(
    r.preview,
    (c) => {
      const { tariff, sample } = c.req.valid('json');
      const engine = toEngineTariff({
        id: 0,
        currency: tariff.currency,
        elements: tariff.elements,
        graceTimeS: tariff.grace_time_s,
        freeParkingS: tariff.free_parking_s,
        minPriceExclVat: tariff.min_price_excl_vat,
        maxPriceExclVat: tariff.max_price_excl_vat,
        maxPriceInclVat: tariff.max_price_incl_vat,
        vatIncluded: tariff.vat_included,
        // The preview prices the sample as if the draft were in force.
        validFrom: null,
        validTo: null,
        applyFrom: null,
      });
      const session = { ...samplePeriods(sample), anomalies: [] };
      return c.json({ data: priceSession(engine, session, { timeZone: sample.time_zone }) }, 200);
    },
    keyedValidation,
  )
  .openapi(r.customerGroupChoices, async (c) =>
    c.json({ data: await store.customerGroupChoices(c.get('db'), await callerScope(c), c.req.valid('query')) }, 200),
  )
  .openapi(r.reach, async (c) => {
    const { tariffId } = c.req.valid('param');
    const t = await store.scopedTariff(c.get('db'), await callerScope(c), tariffId);
    if (!t) return notFound(c, tariffId);
    return c.json({ data: await tariffReach(c.get('db'), t, await callerScope(c)) }, 200);
  })
  .openapi(r.detail, async (c) => {
    const { tariffId } = c.req.valid('param');
    const t = await store.scopedTariff(c.get('db'), await callerScope(c), tariffId);
    if (!t) return notFound(c, tariffId);
    return c.json({ data: toTariff(t) }, 200);
  })
  .openapi(
    r.create,
    async (c) => {
      const body = c.req.valid('json');
      const { user, company } = authOf(c);
      const companyId = body.company_id ?? company.id;
      if (!(await callerScope(c)).includes(companyId)) return scopeNotFound(c, companyId);
      if (!(await groupAllowed(c, body.customer_group_id, companyId))) return groupRefused(c);
      const type = storedType(body.type) ?? 'cpo';
      const row = await store.insertTariff(c.get('db'), {
        ...columnsOf(body),
        companyId,
        type,
        status: 'pending',
        createdBy: user.id,
      });
      await audited(c, 'tariff.create', 'tariff', row.id, { type, name: row.name });
      return c.json({ data: toTariff(row), warnings: await warningsOf(c, row) }, 201);
    },
    keyedValidation,
  )
  .openapi(
    r.update,
    async (c) => {
      const found = await tariffFor(c, c.req.valid('param').tariffId, 'edit');
      if (found.refused) return found.refused;
      const body = c.req.valid('json');
      if (!(await groupAllowed(c, body.customer_group_id, found.tariff.companyId))) return groupRefused(c);
      const row = await store.updatePending(c.get('db'), found.tariff.id, {
        ...columnsOf(body),
        updatedAt: new Date(),
      });
      if (!row) return notPending(c);
      await audited(c, 'tariff.update', 'tariff', row.id, {});
      return c.json({ data: toTariff(row), warnings: await warningsOf(c, row) }, 200);
    },
    keyedValidation,
  )
  .openapi(
    r.components,
    async (c) => {
      const found = await tariffFor(c, c.req.valid('param').tariffId, 'edit');
      if (found.refused) return found.refused;
      const row = await store.updatePending(c.get('db'), found.tariff.id, {
        elementsJson: JSON.stringify(c.req.valid('json').elements),
        updatedAt: new Date(),
      });
      if (!row) return notPending(c);
      await audited(c, 'tariff.components', 'tariff', row.id, {});
      return c.json({ data: toTariff(row) }, 200);
    },
    keyedValidation,
  )
  .openapi(r.remove, async (c) => {
    const found = await tariffFor(c, c.req.valid('param').tariffId, 'edit');
    if (found.refused) return found.refused;
    const t = found.tariff;
    const gone = await store.deletePending(c.get('db'), t.id);
    if (!gone) return notPending(c);
    await audited(c, 'tariff.delete', 'tariff', t.id, { name: t.name, type: t.type });
    return c.json({ data: toTariff(gone) }, 200);
  })
  .openapi(r.approve, async (c) => {
    const found = await tariffFor(c, c.req.valid('param').tariffId, 'edit');
    if (found.refused) return found.refused;
    const now = new Date();
    const row = await store.updatePending(c.get('db'), found.tariff.id, {
      status: 'approved',
      approvedBy: authOf(c).user.id,
      approvedAt: now,
      updatedAt: now,
    });
    if (!row) return notPending(c);
    await audited(c, 'tariff.approve', 'tariff', row.id, { type: row.type, version: row.version });
    // An approved CPO tariff (or its new version) goes to the roaming partners that take tariffs (OCPI).
    if (row.type === 'cpo') await pushTariffChange(c.get('db'), c.env, row, now);
    return c.json({ data: toTariff(row), warnings: await warningsOf(c, row) }, 200);
  })
  .openapi(
    r.newVersion,
    async (c) => {
      const found = await tariffFor(c, c.req.valid('param').tariffId, 'new-version');
      if (found.refused) return found.refused;
      const t = found.tariff;
      const db = c.get('db');
      const next = nextVersion(t, await store.latestVersion(db, t.versionOf ?? t.id));
      const { id: _id, createdAt: _c, updatedAt: _u, approvedAt: _a, approvedBy: _b, ...copy } = t;
      const row = await store.insertVersion(db, t, {
        ...copy,
        status: 'pending',
        versionOf: next.root,
        version: next.version,
        applyFrom: new Date(c.req.valid('json').apply_from),
        createdBy: authOf(c).user.id,
      });
      await audited(c, 'tariff.version', 'tariff', row.id, { of: next.root, version: row.version });
      return c.json({ data: toTariff(row), warnings: await warningsOf(c, row) }, 201);
    },
    keyedValidation,
  )
  .openapi(r.reprice, async (c) => {
    const { sessionId } = c.req.valid('param');
    const db = c.get('db');
    const s = await store.scopedSession(db, await callerScope(c), sessionId);
    if (!s) return apiError(c, 404, 'SESSION_NOT_FOUND', 'sessionNotFound', { params: { id: sessionId } });
    if (s.status !== 'closed') return apiError(c, 409, 'SESSION_NOT_CLOSED', 'sessionNotClosed');
    const previous = priceFigures(s);
    // The previous figures and tariff lines are written before they are replaced: the trail never misses a change.
    const previousLines = (await tariffLinesOf(db, s.id)).map(({ id: _id, sessionId: _s, ...line }) => line);
    await audited(c, 'session.reprice', 'charging_session', s.id, { previous, previousLines });
    const outcome = await priceClosedSession(db, s.id, { force: true });
    const after = await store.sessionById(db, s.id);
    const current = after ? priceFigures(after) : {};
    return c.json({ data: { session_id: s.id, outcome: outcome.outcome, note: outcome.note, previous, current } }, 200);
  })
  .route('/', mpsRoutes);
