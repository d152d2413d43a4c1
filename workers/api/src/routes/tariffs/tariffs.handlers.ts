/**
 * @module The tariffs API (spec 7.21): reads, the pending → approved workflow (pending editable and
 * deletable, approved immutable, a change is a new version), MPS tariffs, the preview and the
 * re-pricing of a session. Every query is limited to the caller's company scope; another company's
 * tariff answers 404 as if it did not exist.
 */

import { companyScopeIds } from '@db/queries/companies.store';
import { priceClosedSession, priceFigures, tariffLinesOf } from '@db/queries/pricing.store';
import { chargingSessions, mpsTariffs, tariffs } from '@db/schema';
import { priceSession } from '@domain/pricing';
import { DAYS_OF_WEEK, DIMENSIONS } from '@domain/pricing/types';
import { COUNTRIES } from '@domain/tariffs/countries';
import { storedType, type TariffInput, toEngineTariff } from '@domain/tariffs/model';
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, count, desc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { auditInsert } from '../../lib/audit';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { callerScope } from '../../lib/scope';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import { tariffReach } from './tariffs.reach';
import * as r from './tariffs.routes';
import { toMps, toTariff } from './tariffs.schemas';
import { customerGroupChoices, customerGroupUsable } from './tariffs.store';

type Ctx = Context<AppEnv>;
type TariffRow = typeof tariffs.$inferSelect;

const dateOf = (s: string | null) => (s ? new Date(s) : null);

function auditOf(c: Ctx, action: string, entity: string, id: number, detail: Record<string, unknown>) {
  const { user, company } = authOf(c);
  return auditInsert(c.get('db'), {
    action,
    actorUserId: user.id,
    companyId: company.id,
    entity,
    entityId: id,
    detail,
    ip: clientIp(c),
  });
}

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

async function scopedTariff(c: Ctx, id: number): Promise<TariffRow | undefined> {
  const scope = await callerScope(c);
  return c
    .get('db')
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.id, id), inArray(tariffs.companyId, scope)))
    .get();
}

/** Updates a tariff only while it is still pending, so a concurrent approval wins: the new row, or undefined. */
async function updatePending(c: Ctx, id: number, values: Partial<typeof tariffs.$inferInsert>) {
  const [row] = await c
    .get('db')
    .update(tariffs)
    .set(values)
    .where(and(eq(tariffs.id, id), eq(tariffs.status, 'pending')))
    .returning();
  return row;
}

const notFound = (c: Ctx, id: number) => apiError(c, 404, 'TARIFF_NOT_FOUND', 'tariffNotFound', { params: { id } });
/** ADR 005: an id in the body that names nothing usable is the client's input error, named by its field. */
const groupRefused = (c: Ctx) =>
  apiError(c, 400, 'CUSTOMER_GROUP_INVALID', 'customerGroupNotFound', { field: 'customer_group_id' });

/** A tariff may name no group, or a live group of the caller's scope on the tariff company's chain. */
async function groupAllowed(c: Ctx, groupId: number | null, tariffCompanyId: number): Promise<boolean> {
  return groupId === null || customerGroupUsable(c.get('db'), groupId, tariffCompanyId, await callerScope(c));
}
const notPending = (c: Ctx) => apiError(c, 409, 'TARIFF_NOT_PENDING', 'tariffNotPending');

/** What approving the saved tariff would do: why it could never price a session, if so. */
async function warningsOf(c: Ctx, row: TariffRow) {
  return (await tariffReach(c.get('db'), row, await callerScope(c))).warnings;
}

async function listPage(
  c: Ctx,
  scope: number[],
  type: string,
  q: {
    page: number;
    items_per_page: number;
    paginate: 'true' | 'false';
    keyword?: string | undefined;
    status?: 'pending' | 'approved' | undefined;
  },
) {
  const db = c.get('db');
  const where: SQL[] = [inArray(tariffs.companyId, scope)];
  if (type === 'pending') where.push(eq(tariffs.status, 'pending'));
  else {
    where.push(eq(tariffs.type, storedType(type) ?? 'cpo'));
    if (q.status) where.push(eq(tariffs.status, q.status));
  }
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[%_]/g, '')}%`;
    where.push(or(like(tariffs.name, k), like(tariffs.label, k)) as SQL);
  }
  const cond = and(...where);
  const all = q.paginate === 'false';
  const base = db.select().from(tariffs).where(cond).orderBy(desc(tariffs.createdAt), desc(tariffs.id));
  const [rows, total] = await Promise.all([
    all ? base.limit(1000) : base.limit(q.items_per_page).offset(q.page * q.items_per_page),
    db.select({ n: count() }).from(tariffs).where(cond).get(),
  ]);
  return c.json(
    {
      data: rows.map(toTariff),
      total: total?.n ?? 0,
      page: all ? 0 : q.page,
      items_per_page: all ? rows.length : q.items_per_page,
    },
    200,
  );
}

const items = (values: readonly { id: string; name: string }[]) => ({ data: [...values] });

export const tariffRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.listScoped, async (c) => {
    const { scopeId, type } = c.req.valid('param');
    const db = c.get('db');
    if (!(await callerScope(c)).includes(scopeId)) {
      return apiError(c, 404, 'COMPANY_NOT_IN_SCOPE', 'tariffScopeNotFound', { params: { id: scopeId } });
    }
    return listPage(c, await companyScopeIds(db, scopeId), type, c.req.valid('query'));
  })
  .openapi(r.list, async (c) => listPage(c, await callerScope(c), c.req.valid('param').type, c.req.valid('query')))
  .openapi(r.dow, (c) => c.json(items(DAYS_OF_WEEK.map((d) => ({ id: d, name: d }))), 200))
  .openapi(r.dimensionTypes, (c) => c.json(items(DIMENSIONS.map((d) => ({ id: d, name: d }))), 200))
  .openapi(r.countries, (c) => c.json(items(COUNTRIES.map((id) => ({ id, name: id }))), 200))
  .openapi(
    r.preview,
    (c) => {
      const { tariff, sample } = c.req.valid('json');
      const start = Date.parse(sample.start);
      const chargeEnd = start + sample.charging_minutes * 60_000;
      const end = chargeEnd + sample.idle_minutes * 60_000;
      const energyWh = Math.round(sample.kwh * 1000);
      const periods = [];
      if (chargeEnd > start || energyWh > 0) {
        const ms = Math.max(chargeEnd - start, 1);
        periods.push({
          start,
          end: chargeEnd,
          energyWh,
          powerW: Math.round((energyWh * 3_600_000) / ms),
          charging: true,
        });
      }
      if (end > chargeEnd) periods.push({ start: chargeEnd, end, energyWh: 0, powerW: 0, charging: false });
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
      const result = priceSession(engine, { start, end, periods, anomalies: [] }, { timeZone: sample.time_zone });
      return c.json({ data: result }, 200);
    },
    keyedValidation,
  )
  .openapi(r.customerGroupChoices, async (c) =>
    c.json({ data: await customerGroupChoices(c.get('db'), await callerScope(c), c.req.valid('query')) }, 200),
  )
  .openapi(r.reach, async (c) => {
    const { tariffId } = c.req.valid('param');
    const t = await scopedTariff(c, tariffId);
    if (!t) return notFound(c, tariffId);
    return c.json({ data: await tariffReach(c.get('db'), t, await callerScope(c)) }, 200);
  })
  .openapi(r.detail, async (c) => {
    const { tariffId } = c.req.valid('param');
    const t = await scopedTariff(c, tariffId);
    if (!t) return notFound(c, tariffId);
    return c.json({ data: toTariff(t) }, 200);
  })
  .openapi(
    r.create,
    async (c) => {
      const body = c.req.valid('json');
      const { user, company } = authOf(c);
      const companyId = body.company_id ?? company.id;
      if (!(await callerScope(c)).includes(companyId)) {
        return apiError(c, 404, 'COMPANY_NOT_IN_SCOPE', 'tariffScopeNotFound', { params: { id: companyId } });
      }
      if (!(await groupAllowed(c, body.customer_group_id, companyId))) return groupRefused(c);
      const type = storedType(body.type) ?? 'cpo';
      const [row] = await c
        .get('db')
        .insert(tariffs)
        .values({ ...columnsOf(body), companyId, type, status: 'pending', createdBy: user.id })
        .returning();
      if (!row) throw new Error('tariff insert returned nothing');
      await auditOf(c, 'tariff.create', 'tariff', row.id, { type, name: row.name });
      return c.json({ data: toTariff(row), warnings: await warningsOf(c, row) }, 201);
    },
    keyedValidation,
  )
  .openapi(
    r.update,
    async (c) => {
      const { tariffId } = c.req.valid('param');
      const t = await scopedTariff(c, tariffId);
      if (!t) return notFound(c, tariffId);
      if (t.status !== 'pending') return notPending(c);
      const body = c.req.valid('json');
      if (!(await groupAllowed(c, body.customer_group_id, t.companyId))) return groupRefused(c);
      const row = await updatePending(c, t.id, { ...columnsOf(body), updatedAt: new Date() });
      if (!row) return notPending(c);
      await auditOf(c, 'tariff.update', 'tariff', row.id, {});
      return c.json({ data: toTariff(row), warnings: await warningsOf(c, row) }, 200);
    },
    keyedValidation,
  )
  .openapi(
    r.components,
    async (c) => {
      const { tariffId } = c.req.valid('param');
      const t = await scopedTariff(c, tariffId);
      if (!t) return notFound(c, tariffId);
      if (t.status !== 'pending') return notPending(c);
      const row = await updatePending(c, t.id, {
        elementsJson: JSON.stringify(c.req.valid('json').elements),
        updatedAt: new Date(),
      });
      if (!row) return notPending(c);
      await auditOf(c, 'tariff.components', 'tariff', row.id, {});
      return c.json({ data: toTariff(row) }, 200);
    },
    keyedValidation,
  )
  .openapi(r.remove, async (c) => {
    const { tariffId } = c.req.valid('param');
    const t = await scopedTariff(c, tariffId);
    if (!t) return notFound(c, tariffId);
    if (t.status !== 'pending') return notPending(c);
    const db = c.get('db');
    const [gone] = await db
      .delete(tariffs)
      .where(and(eq(tariffs.id, t.id), eq(tariffs.status, 'pending')))
      .returning();
    if (!gone) return notPending(c);
    await auditOf(c, 'tariff.delete', 'tariff', t.id, { name: t.name, type: t.type });
    return c.json({ data: toTariff(gone) }, 200);
  })
  .openapi(r.approve, async (c) => {
    const { tariffId } = c.req.valid('param');
    const t = await scopedTariff(c, tariffId);
    if (!t) return notFound(c, tariffId);
    if (t.status !== 'pending') return notPending(c);
    const now = new Date();
    const row = await updatePending(c, t.id, {
      status: 'approved',
      approvedBy: authOf(c).user.id,
      approvedAt: now,
      updatedAt: now,
    });
    if (!row) return notPending(c);
    await auditOf(c, 'tariff.approve', 'tariff', row.id, { type: row.type, version: row.version });
    return c.json({ data: toTariff(row), warnings: await warningsOf(c, row) }, 200);
  })
  .openapi(
    r.newVersion,
    async (c) => {
      const { tariffId } = c.req.valid('param');
      const t = await scopedTariff(c, tariffId);
      if (!t) return notFound(c, tariffId);
      if (t.status !== 'approved') return apiError(c, 409, 'TARIFF_NOT_APPROVED', 'tariffNotApproved');
      const root = t.versionOf ?? t.id;
      const db = c.get('db');
      const latest = await db
        .select({ v: tariffs.version })
        .from(tariffs)
        .where(or(eq(tariffs.id, root), eq(tariffs.versionOf, root)))
        .orderBy(desc(tariffs.version))
        .get();
      const { id: _id, createdAt: _c, updatedAt: _u, approvedAt: _a, approvedBy: _b, ...copy } = t;
      const [row] = await db
        .insert(tariffs)
        .values({
          ...copy,
          status: 'pending',
          versionOf: root,
          version: (latest?.v ?? t.version) + 1,
          applyFrom: new Date(c.req.valid('json').apply_from),
          createdBy: authOf(c).user.id,
        })
        .returning();
      if (!row) throw new Error('tariff insert returned nothing');
      // The first version names its chain too, so versions are found by one column.
      if (t.versionOf === null) await db.update(tariffs).set({ versionOf: root }).where(eq(tariffs.id, t.id));
      await auditOf(c, 'tariff.version', 'tariff', row.id, { of: root, version: row.version });
      return c.json({ data: toTariff(row), warnings: await warningsOf(c, row) }, 201);
    },
    keyedValidation,
  )
  .openapi(r.reprice, async (c) => {
    const { sessionId } = c.req.valid('param');
    const db = c.get('db');
    const scope = await callerScope(c);
    const s = await db
      .select()
      .from(chargingSessions)
      .where(
        and(
          eq(chargingSessions.id, sessionId),
          or(inArray(chargingSessions.companyId, scope), inArray(chargingSessions.ownerCompanyId, scope)),
        ),
      )
      .get();
    if (!s) return apiError(c, 404, 'SESSION_NOT_FOUND', 'sessionNotFound', { params: { id: sessionId } });
    if (s.status !== 'closed') return apiError(c, 409, 'SESSION_NOT_CLOSED', 'sessionNotClosed');
    const previous = priceFigures(s);
    // The previous figures and tariff lines are written before they are replaced: the trail never misses a change.
    const previousLines = (await tariffLinesOf(db, s.id)).map(({ id: _id, sessionId: _s, ...line }) => line);
    await auditOf(c, 'session.reprice', 'charging_session', s.id, { previous, previousLines });
    const outcome = await priceClosedSession(db, s.id, { force: true });
    const after = await db.select().from(chargingSessions).where(eq(chargingSessions.id, s.id)).get();
    return c.json(
      {
        data: {
          session_id: s.id,
          outcome: outcome.outcome,
          note: outcome.note,
          previous,
          current: after ? priceFigures(after) : {},
        },
      },
      200,
    );
  })
  .openapi(r.mpsList, async (c) => {
    const type = storedType(c.req.valid('param').type) ?? 'cpo';
    const q = c.req.valid('query');
    const companies = q.noCompany === 'true' ? await callerScope(c) : [authOf(c).company.id];
    const where: SQL[] = [inArray(mpsTariffs.companyId, companies), eq(mpsTariffs.type, type)];
    if (q.countryCode) where.push(eq(mpsTariffs.countryCode, q.countryCode));
    const rows = await c
      .get('db')
      .select({ m: mpsTariffs, name: tariffs.name })
      .from(mpsTariffs)
      .leftJoin(tariffs, eq(tariffs.id, mpsTariffs.tariffId))
      .where(and(...where))
      .orderBy(mpsTariffs.countryCode);
    return c.json({ data: rows.map((x) => toMps(x.m, x.name)) }, 200);
  })
  .openapi(r.mpsDetail, async (c) => {
    const { tariffId } = c.req.valid('param');
    const found = await scopedMps(c, tariffId);
    if (!found) return mpsNotFound(c, tariffId);
    return c.json({ data: toMps(found.m, found.name) }, 200);
  })
  .openapi(
    r.mpsCreate,
    async (c) => {
      const body = c.req.valid('json');
      const checked = await approvedOfType(c, body.tariff_id, body.type);
      if (checked.kind === 'error') return checked.error;
      const companyId = authOf(c).company.id;
      const row = await uniqueOr409(() =>
        c
          .get('db')
          .insert(mpsTariffs)
          .values({ companyId, type: checked.type, countryCode: body.country_code, tariffId: body.tariff_id })
          .returning(),
      );
      if (row === 'exists') return apiError(c, 409, 'MPS_TARIFF_EXISTS', 'mpsTariffExists');
      if (!row) throw new Error('mps insert returned nothing');
      await auditOf(c, 'tariff.mps.create', 'mps_tariff', row.id, { ...body });
      return c.json({ data: toMps(row, checked.tariff.name) }, 201);
    },
    keyedValidation,
  )
  .openapi(
    r.mpsUpdate,
    async (c) => {
      const { tariffId } = c.req.valid('param');
      const found = await scopedMps(c, tariffId);
      if (!found) return mpsNotFound(c, tariffId);
      const body = c.req.valid('json');
      const checked = await approvedOfType(c, body.tariff_id, body.type);
      if (checked.kind === 'error') return checked.error;
      const row = await uniqueOr409(() =>
        c
          .get('db')
          .update(mpsTariffs)
          .set({ type: checked.type, countryCode: body.country_code, tariffId: body.tariff_id })
          .where(eq(mpsTariffs.id, found.m.id))
          .returning(),
      );
      if (row === 'exists') return apiError(c, 409, 'MPS_TARIFF_EXISTS', 'mpsTariffExists');
      if (!row) return mpsNotFound(c, tariffId);
      await auditOf(c, 'tariff.mps.update', 'mps_tariff', row.id, { ...body });
      return c.json({ data: toMps(row, checked.tariff.name) }, 200);
    },
    keyedValidation,
  )
  .openapi(r.mpsDelete, async (c) => {
    const { tariffId } = c.req.valid('param');
    const found = await scopedMps(c, tariffId);
    if (!found) return mpsNotFound(c, tariffId);
    await c.get('db').delete(mpsTariffs).where(eq(mpsTariffs.id, found.m.id));
    await auditOf(c, 'tariff.mps.delete', 'mps_tariff', found.m.id, {});
    return c.json({ data: toMps(found.m, found.name) }, 200);
  });

/** The first returned row, or 'exists' when the (company, type, country) unique index refused it. */
async function uniqueOr409<T>(write: () => Promise<T[]>): Promise<T | undefined | 'exists'> {
  try {
    return (await write())[0];
  } catch (err) {
    // Drizzle wraps D1's error: the constraint is named in the cause.
    const text = `${String(err)} ${String((err as { cause?: unknown }).cause)}`;
    if (text.includes('UNIQUE')) return 'exists';
    throw err;
  }
}

const mpsNotFound = (c: Ctx, id: number) =>
  apiError(c, 404, 'MPS_TARIFF_NOT_FOUND', 'mpsTariffNotFound', { params: { id } });

async function scopedMps(c: Ctx, id: number) {
  const scope = await callerScope(c);
  return c
    .get('db')
    .select({ m: mpsTariffs, name: tariffs.name })
    .from(mpsTariffs)
    .leftJoin(tariffs, eq(tariffs.id, mpsTariffs.tariffId))
    .where(and(eq(mpsTariffs.id, id), inArray(mpsTariffs.companyId, scope)))
    .get();
}

/** The tariff an MPS entry points to: of the scope, approved and of the entry's type. */
async function approvedOfType(c: Ctx, tariffId: number, rawType: string) {
  const type = storedType(rawType) ?? 'cpo';
  const t = await scopedTariff(c, tariffId);
  if (!t) return { kind: 'error' as const, error: notFound(c, tariffId) };
  if (t.status !== 'approved' || t.type !== type) {
    return { kind: 'error' as const, error: apiError(c, 409, 'TARIFF_NOT_APPROVED', 'tariffNotApproved') };
  }
  return { kind: 'ok' as const, tariff: t, type };
}
