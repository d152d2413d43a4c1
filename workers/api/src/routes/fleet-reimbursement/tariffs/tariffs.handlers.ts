/**
 * @module The home-reimbursement tariffs API (spec 001 §7.12, 000 §4, issue 19 part 4): input → store
 * (gather, within the caller's reach) → `domain/reimbursement/tariffs.ts` (decide: the pending rule, the
 * overlap, the previous tariff to close) → store (one conditional write with its audit row) → answer. A
 * tariff of another company, or an employee reaching another employee's, answers 404 like a missing one.
 * Who the caller is to a tariff, and the refusals, are in `tariffs.caller.ts`.
 */

import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { authOf } from '@api/middleware/permission';
import {
  decideApproval,
  decideEdit,
  decideSubmission,
  mayDelete,
  mayEdit,
  mayReject,
} from '@domain/reimbursement/tariffs';
import { reimbursementActive } from '@domain/reimbursement/variants';
import { OpenAPIHono } from '@hono/zod-openapi';
import {
  answer,
  callerOf,
  documentProblem,
  invalidValidity,
  mayWrite,
  notFound,
  notPending,
  pendingExists,
  readReach,
  refused,
  writeReach,
} from './tariffs.caller';
import { approve, create, detail, employees, list, reject, remove, update } from './tariffs.routes';
import { nameOf } from './tariffs.schemas';
import { listTariffs, reachedTariff, scopeEmployees, tariffSubject, tariffsOfUser } from './tariffs.store';
import {
  approvePendingTariff,
  deletePendingTariff,
  insertTariff,
  rejectPendingTariff,
  updatePendingTariff,
} from './tariffs.write.store';

const reads = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const q = c.req.valid('query');
    const k = callerOf(c);
    const { rows, total } = await listTariffs(c.get('db'), readReach(k), { ...q, search: q.search || undefined });
    return c.json({ data: rows.map((r) => answer(k, r)), total, page: q.page, items_per_page: q.items_per_page }, 200);
  })
  // Literal, before /fleet-reimbursement/tariffs/{tariffId}.
  .openapi(employees, async (c) => {
    const { search } = c.req.valid('query');
    const rows = await scopeEmployees(c.get('db'), authOf(c).scope, search || undefined);
    return c.json({ data: rows.map((u) => ({ id: u.id, name: nameOf(u), email: u.email })) }, 200);
  })
  .openapi(detail, async (c) => {
    const { tariffId } = c.req.valid('param');
    const k = callerOf(c);
    const row = await reachedTariff(c.get('db'), readReach(k), tariffId);
    if (!row) return notFound(c);
    return c.json(answer(k, row), 200);
  });

const writes = new OpenAPIHono<AppEnv>()
  .openapi(
    create,
    async (c) => {
      const body = c.req.valid('json');
      const db = c.get('db');
      const k = callerOf(c);
      const userId = body.userId ?? k.userId;
      const subject = await tariffSubject(db, userId, userId === k.userId ? { userId } : writeReach(k));
      if (!subject) return apiError(c, 400, 'VALIDATION_FAILED', 'reimbursementTariffUserInvalid', { field: 'userId' });
      if (!reimbursementActive(subject.settings, subject.services))
        return apiError(c, 409, 'HOME_REIMBURSEMENT_INACTIVE', 'homeReimbursementInactive');
      const validity = { validFrom: body.validFrom, validTo: body.validTo ?? null };
      const invalid = invalidValidity(c, validity);
      if (invalid) return invalid;
      const documentId = body.documentId ?? null;
      const docRefused = await documentProblem(c, k, subject, documentId);
      if (docRefused) return docRefused;
      const decision = decideSubmission(validity, await tariffsOfUser(db, userId));
      if (!decision.ok) return refused(c, decision.refusal);
      const values = { pricePerKwh: body.pricePerKwh, ...validity, documentId };
      let id: number;
      try {
        id = await insertTariff(
          db,
          { companyId: subject.companyId, userId, currency: subject.currency, createdBy: k.userId, ...values },
          callerAudit(c, {
            action: 'reimbursement_tariff.create',
            entity: 'reimbursement_tariff',
            detail: { userId, ...values },
          }),
        );
      } catch (err) {
        // Two submissions at once: the one-pending index decides, and the loser hears the spec's rule.
        if (String(err).includes('UNIQUE')) return pendingExists(c);
        throw err;
      }
      const row = await reachedTariff(db, { userId }, id);
      if (!row) throw new Error('the tariff just inserted is not readable');
      return c.json(answer(k, row), 201);
    },
    keyedValidation,
  )
  .openapi(
    update,
    async (c) => {
      const { tariffId } = c.req.valid('param');
      const body = c.req.valid('json');
      const db = c.get('db');
      const k = callerOf(c);
      const found = await reachedTariff(db, readReach(k), tariffId);
      if (!found) return notFound(c);
      const t = found.tariff;
      if (!mayWrite(k, t)) return apiError(c, 403, 'FORBIDDEN', 'forbidden');
      if (!mayEdit(t)) return notPending(c);
      const subject = await tariffSubject(db, t.userId, t.userId === k.userId ? { userId: k.userId } : writeReach(k));
      if (!subject) return notFound(c);
      const validity = { validFrom: body.validFrom, validTo: body.validTo ?? null };
      const invalid = invalidValidity(c, validity);
      if (invalid) return invalid;
      const documentId = body.documentId ?? null;
      const docRefused = await documentProblem(c, k, subject, documentId);
      if (docRefused) return docRefused;
      const decision = decideEdit(t, validity, await tariffsOfUser(db, t.userId));
      if (!decision.ok) return refused(c, decision.refusal);
      const changes = { pricePerKwh: body.pricePerKwh, ...validity, documentId };
      const before = {
        pricePerKwh: t.pricePerKwh,
        validFrom: t.validFrom,
        validTo: t.validTo,
        documentId: t.documentId,
      };
      const done = await updatePendingTariff(
        db,
        tariffId,
        changes,
        callerAudit(c, {
          action: 'reimbursement_tariff.update',
          entity: 'reimbursement_tariff',
          entityId: tariffId,
          detail: { before, changes },
        }),
      );
      if (!done) return notPending(c);
      const row = await reachedTariff(db, readReach(k), tariffId);
      if (!row) return notFound(c);
      return c.json(answer(k, row), 200);
    },
    keyedValidation,
  )
  .openapi(remove, async (c) => {
    const { tariffId } = c.req.valid('param');
    const db = c.get('db');
    const k = callerOf(c);
    const found = await reachedTariff(db, readReach(k), tariffId);
    if (!found) return notFound(c);
    if (!mayWrite(k, found.tariff)) return apiError(c, 403, 'FORBIDDEN', 'forbidden');
    if (!mayDelete(found.tariff)) return notPending(c);
    const done = await deletePendingTariff(
      db,
      tariffId,
      callerAudit(c, { action: 'reimbursement_tariff.delete', entity: 'reimbursement_tariff', entityId: tariffId }),
    );
    if (!done) return notPending(c);
    return c.json(answer(k, found), 200);
  })
  .openapi(approve, async (c) => {
    const { tariffId } = c.req.valid('param');
    const db = c.get('db');
    const k = callerOf(c);
    const found = await reachedTariff(db, { companies: k.scope }, tariffId);
    if (!found) return notFound(c);
    const t = found.tariff;
    const decision = decideApproval(t, await tariffsOfUser(db, t.userId));
    if (!decision.ok) return refused(c, decision.refusal);
    const { close } = decision.value;
    const done = await approvePendingTariff(
      db,
      tariffId,
      k.userId,
      close,
      callerAudit(c, {
        action: 'reimbursement_tariff.approve',
        entity: 'reimbursement_tariff',
        entityId: tariffId,
        detail: { userId: t.userId, closed: close },
      }),
    );
    if (!done) return notPending(c);
    const row = await reachedTariff(db, { companies: k.scope }, tariffId);
    if (!row) return notFound(c);
    return c.json(answer(k, row), 200);
  })
  .openapi(reject, async (c) => {
    const { tariffId } = c.req.valid('param');
    const db = c.get('db');
    const k = callerOf(c);
    const found = await reachedTariff(db, { companies: k.scope }, tariffId);
    if (!found) return notFound(c);
    if (!mayReject(found.tariff)) return notPending(c);
    const done = await rejectPendingTariff(
      db,
      tariffId,
      k.userId,
      callerAudit(c, {
        action: 'reimbursement_tariff.reject',
        entity: 'reimbursement_tariff',
        entityId: tariffId,
        detail: { userId: found.tariff.userId },
      }),
    );
    if (!done) return notPending(c);
    const row = await reachedTariff(db, { companies: k.scope }, tariffId);
    if (!row) return notFound(c);
    return c.json(answer(k, row), 200);
  });

/** Literal `/fleet-reimbursement/tariffs` before `/fleet-reimbursement/tariffs/{tariffId}` (both in `reads`/`writes` order). */
export const tariffRoutes = new OpenAPIHono<AppEnv>().route('/', reads).route('/', writes);
