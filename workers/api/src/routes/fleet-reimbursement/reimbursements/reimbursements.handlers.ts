/**
 * @module The reimbursements API (spec 001 §7.12, issue 19 part 6): the list, the detail, a status change
 * and bulk approve / reject. Gather (store, in the caller's scope) → decide (`domain/reimbursement/approvals.ts`)
 * → write (one conditional batch per change). An employee reaching another's reimbursement, or anyone
 * reaching another company's, gets 404 like a missing one.
 */

import type { AppEnv } from '@api/env';
import { auditInsert } from '@api/lib/audit.store';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { requestLanguage } from '@api/lib/language';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { can } from '@domain/permissions/permissions';
import {
  actionsFor,
  actorFor,
  type Caller,
  type ChangeRefusal,
  canSee,
  decideBulk,
  decideChange,
} from '@domain/reimbursement/approvals';
import type { ReimbursementStatus } from '@domain/reimbursement/statuses';
import { OpenAPIHono } from '@hono/zod-openapi';
import { reimbursements as reimbursementTexts } from '@i18n/areas/reimbursements';
import { translate } from '@i18n/messages';
import type { Context } from 'hono';
import { bulk, change, detail, list } from './reimbursements.routes';
import { parseBreakdown, toEvent, toReimbursement } from './reimbursements.schemas';
import {
  changeStatus,
  changeStatuses,
  eventsOf,
  extraExpensePolicy,
  listReimbursements,
  scopedReimbursement,
  scopedReimbursements,
  statementIdOf,
} from './reimbursements.store';

type Ctx = Context<AppEnv>;

function callerOf(c: Ctx): Caller {
  const { user, access } = authOf(c);
  return {
    userId: user.id,
    canView: can(access, 'fleet:home-reimbursement'),
    canManage: can(access, 'fleet:home-reimbursement:manage'),
  };
}

/** A status in the caller's language (the screens' label). */
function statusLabel(c: Ctx, status: ReimbursementStatus) {
  return reimbursementTexts[requestLanguage(c)].status[status];
}

/** The error answer's code, message key and params of a refused change. */
function refusal(c: Ctx, r: ChangeRefusal) {
  switch (r.refused) {
    case 'transition':
      return {
        status: 409 as const,
        code: 'REIMBURSEMENT_TRANSITION',
        key: 'reimbursementTransition' as const,
        params: { from: statusLabel(c, r.from), to: statusLabel(c, r.to) },
      };
    case 'note_required':
      return { status: 400 as const, code: 'NOTE_REQUIRED', key: 'importValueRequired' as const, field: 'note' };
    case 'extra_expense_not_allowed':
      return {
        status: 400 as const,
        code: 'EXTRA_EXPENSE_NOT_ALLOWED',
        key: 'extraExpenseNotAllowed' as const,
        field: 'extraExpense',
      };
  }
}

/** One reimbursement the caller may see, or undefined (another company's, or another employee's). */
async function visible(c: Ctx, caller: Caller, id: number) {
  const found = await scopedReimbursement(c.get('db'), await callerScope(c), id);
  return found && canSee(caller, found.r.userId) ? found : undefined;
}

async function detailAnswer(c: Ctx, caller: Caller, id: number) {
  const found = await visible(c, caller, id);
  if (!found) return null;
  const db = c.get('db');
  const [events, policy, statementDocumentId] = await Promise.all([
    eventsOf(db, id),
    extraExpensePolicy(db, found.r.companyId),
    statementIdOf(db, found.r),
  ]);
  const actor = actorFor(caller, found.r.userId);
  return {
    ...toReimbursement(found.r, found.user),
    breakdown: parseBreakdown(found.r.breakdown),
    events: events.map((e) => toEvent(e.e, e.actor)),
    actor,
    nextStatuses: actionsFor(actor, found.r),
    extraExpensePolicy: policy,
    statementDocumentId,
  };
}

const reads = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const filters = c.req.valid('query');
    const caller = callerOf(c);
    const ownerId = caller.canView ? null : caller.userId;
    const { rows, total, sums } = await listReimbursements(c.get('db'), await callerScope(c), filters, ownerId);
    const pageSums = new Map<string, number>();
    for (const { r } of rows) pageSums.set(r.currency, (pageSums.get(r.currency) ?? 0) + r.value);
    return c.json(
      {
        data: rows.map((row) => toReimbursement(row.r, row.user)),
        total,
        page: filters.page,
        items_per_page: filters.items_per_page,
        totals: { count: total, values: sums.map((s) => ({ currency: s.currency, value: Number(s.value) })) },
        pageTotals: {
          count: rows.length,
          values: [...pageSums]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([currency, value]) => ({ currency, value })),
        },
        view: ownerId === null ? ('manager' as const) : ('employee' as const),
      },
      200,
    );
  })
  .openapi(detail, async (c) => {
    const answer = await detailAnswer(c, callerOf(c), c.req.valid('param').reimbursementId);
    if (!answer) return apiError(c, 404, 'REIMBURSEMENT_NOT_FOUND', 'reimbursementNotFound');
    return c.json(answer, 200);
  });

const writes = new OpenAPIHono<AppEnv>()
  .openapi(bulk, async (c) => {
    const body = c.req.valid('json');
    const caller = callerOf(c);
    const db = c.get('db');
    const rows = await scopedReimbursements(db, await callerScope(c), [...new Set(body.ids)]);
    const found = new Map(rows.map(({ r }) => [r.id, r]));
    const outcomes = decideBulk(caller, body.ids, found, { to: body.status, note: body.note });
    const writes = outcomes.flatMap((o) => ('write' in o ? [{ id: o.id, write: o.write }] : []));
    const won = await changeStatuses(db, writes, caller.userId);
    const lang = requestLanguage(c);
    const data = outcomes.map((o) => {
      if ('write' in o) {
        return won.has(o.id)
          ? { id: o.id, ok: true, status: o.write.to }
          : {
              id: o.id,
              ok: false,
              code: 'REIMBURSEMENT_CHANGED',
              'error-msg': translate(lang, 'reimbursementChanged'),
            };
      }
      if (o.refused === 'not_found')
        return {
          id: o.id,
          ok: false,
          code: 'REIMBURSEMENT_NOT_FOUND',
          'error-msg': translate(lang, 'reimbursementNotFound'),
        };
      const r = refusal(c, o.refused);
      return { id: o.id, ok: false, code: r.code, 'error-msg': translate(lang, r.key, 'params' in r ? r.params : {}) };
    });
    if (won.size > 0) {
      await auditInsert(
        db,
        callerAudit(c, {
          action: `reimbursement.bulk.${body.status}`,
          entity: 'reimbursement',
          detail: { ids: [...won], note: body.note ?? null },
        }),
      );
    }
    const succeeded = data.filter((d) => d.ok).length;
    return c.json({ data, succeeded, failed: data.length - succeeded }, 200);
  })
  .openapi(change, async (c) => {
    const { reimbursementId: id } = c.req.valid('param');
    const body = c.req.valid('json');
    const caller = callerOf(c);
    const db = c.get('db');
    const found = await visible(c, caller, id);
    if (!found) return apiError(c, 404, 'REIMBURSEMENT_NOT_FOUND', 'reimbursementNotFound');
    if (found.r.status !== body.expectedStatus)
      return apiError(c, 409, 'REIMBURSEMENT_CHANGED', 'reimbursementChanged', { field: 'expectedStatus' });
    const decision = decideChange(
      actorFor(caller, found.r.userId),
      found.r,
      {
        to: body.status,
        note: body.note,
        extraExpense: body.extraExpense,
        extraExpenseNote: body.extraExpenseNote,
      },
      await extraExpensePolicy(db, found.r.companyId),
    );
    if ('refused' in decision) {
      const r = refusal(c, decision);
      return apiError(c, r.status, r.code, r.key, {
        ...('field' in r ? { field: r.field } : {}),
        ...('params' in r ? { params: r.params } : {}),
      });
    }
    const audit = callerAudit(c, {
      action: `reimbursement.${decision.to}`,
      entity: 'reimbursement',
      entityId: id,
      detail: {
        from: decision.from,
        to: decision.to,
        note: decision.note,
        extraExpense: decision.extraExpense,
        value: decision.value,
      },
    });
    if (!(await changeStatus(db, id, decision, caller.userId, audit)))
      return apiError(c, 409, 'REIMBURSEMENT_CHANGED', 'reimbursementChanged', { field: 'expectedStatus' });
    const answer = await detailAnswer(c, caller, id);
    if (!answer) return apiError(c, 404, 'REIMBURSEMENT_NOT_FOUND', 'reimbursementNotFound');
    return c.json(answer, 200);
  });

/** /reimbursement/bulk (a literal path) is registered before /reimbursement/{reimbursementId}. */
export const reimbursementRoutes = new OpenAPIHono<AppEnv>().route('/', writes).route('/', reads);
