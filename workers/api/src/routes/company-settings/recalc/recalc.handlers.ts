/**
 * @module The recalculation of a month of home reimbursements (issue 19 part 10, ADR 046 addendum):
 * every eligible employee of one company of the caller's scope, in chunks of employees: gather
 * (the monthly job's store, company-scoped) → `employeeMonth` and `recalcDecision` (pure) → write: a
 * missing month inserted with its first event, a changed one updated only while it still has the
 * status we read (a concurrent change wins and is reported as skipped). Settled months are never
 * touched. The answer lists what was created and changed.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { authOf } from '@api/middleware/permission';
import { periodBounds } from '@domain/billing/period';
import { employeeMonth, periodBefore } from '@domain/reimbursement/employee-month';
import { recalcDecision } from '@domain/reimbursement/recalc';
import { OpenAPIHono } from '@hono/zod-openapi';
import { recalcHomeReimbursements } from './recalc.routes';
import type { RecalcAnswer } from './recalc.schemas';
import {
  chunkFacts,
  companyEmployees,
  companyZone,
  createMonth,
  recalculateMonth,
  type StatementMonth,
  writeStatement,
} from './recalc.store';

/** Employees per gather round trip. */
const CHUNK = 200;

export const recalcRoutes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation }).openapi(
  recalcHomeReimbursements,
  async (c) => {
    const { year, month, companyId: asked } = c.req.valid('json');
    const auth = authOf(c);
    const companyId = asked ?? auth.company.id;
    if (!auth.scope.includes(companyId)) return apiError(c, 403, 'FORBIDDEN', 'forbidden', { field: 'companyId' });
    const d1 = c.env.DB;
    const period = `${year}-${String(month).padStart(2, '0')}`;
    const zone = await companyZone(d1, companyId);
    const now = Date.now();
    // The month must be over in the company's zone: a month still running would be recomputed half-way.
    if (!zone || periodBounds(period, zone).end.getTime() > now)
      return apiError(c, 400, 'PERIOD_NOT_OVER', 'recalcPeriodInvalid', { field: 'month' });

    const answer: RecalcAnswer = { period, created: [], changed: [], unchanged: 0, skipped: [] };
    let after = 0;
    for (;;) {
      const chunk = await companyEmployees(d1, companyId, after, CHUNK);
      if (chunk.length === 0) break;
      after = chunk[chunk.length - 1]?.userId as number;
      const facts = await chunkFacts(d1, chunk, period, periodBefore(period));
      for (const e of chunk) {
        const company = facts.companies.get(e.companyId);
        const employee = facts.employees.get(e.userId);
        if (!company || !employee) continue;
        const m = employeeMonth(company, employee, period);
        if (!m.eligible) continue;
        const stored = facts.existing.get(e.userId) ?? null;
        const decision = recalcDecision(stored, m.result, m.status);
        // The month's PDF statement, rewritten (same key, row kept) when its value or status changes.
        const statement = (status: StatementMonth['status']): StatementMonth => ({
          companyId: e.companyId,
          userId: e.userId,
          homeStationId: employee.homeStations[0]?.id ?? null,
          companyName: company.name,
          employeeName: e.name,
          currency: company.currency,
          status,
          result: m.result,
        });
        switch (decision.action) {
          case 'none':
            break;
          case 'unchanged':
            answer.unchanged++;
            break;
          case 'settled':
            answer.skipped.push({ userId: e.userId, reason: 'settled' });
            break;
          case 'create': {
            const month = {
              companyId: e.companyId,
              userId: e.userId,
              currency: company.currency,
              status: decision.status,
              payoutMethod: m.payoutMethod,
              ibanOwner: e.ibanOwner,
              partnerUserId: e.partnerUserId,
              result: m.result,
            };
            if (await createMonth(d1, month, period, auth.user.id, now)) {
              answer.created.push({ userId: e.userId, value: m.result.value });
              await writeStatement(d1, c.env.FILES, statement(decision.status), period, now);
            } else answer.skipped.push({ userId: e.userId, reason: 'changed_meanwhile' });
            break;
          }
          case 'change':
            if (
              stored &&
              (await recalculateMonth(d1, stored, decision.status, m.result, auth.user.id, decision.note, now))
            ) {
              answer.changed.push({ userId: e.userId, from: decision.from, to: decision.to });
              await writeStatement(d1, c.env.FILES, statement(decision.status), period, now);
            } else answer.skipped.push({ userId: e.userId, reason: 'changed_meanwhile' });
            break;
        }
      }
    }
    return c.json(answer, 200);
  },
);
