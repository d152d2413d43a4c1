/**
 * Reimbursement lists, statuses and approvals (issue 19 part 6, spec 001 §7.12): the full path pending →
 * validated by the employee (with a capped extra expense) → approved → processed → paid by bank transfer
 * with one event per step; a skipped step refused; two concurrent approvals (exactly one wins); a viewer
 * and an employee on their own cannot approve; another company's reimbursement answers 404; bulk approve
 * and reject with a mix of valid and invalid ids; the list's filters, scope and totals. Rows are inserted
 * directly (the monthly job writes them in production).
 */
import { homeReimbursementSettings, reimbursementEvents, reimbursements } from '@db/schema';
import { ROLE } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique } from './helpers';

failOnConsoleError();

const PASSWORD = 'correct horse battery';
const NOT_FOUND = { code: 'REIMBURSEMENT_NOT_FOUND', message: 'Reimbursement not found.' };
const CHANGED = {
  code: 'REIMBURSEMENT_CHANGED',
  message: 'This reimbursement was changed meanwhile: reload it and try again.',
  field: 'expectedStatus',
};

interface Detail {
  id: number;
  status: string;
  value: number;
  extraExpense: number;
  extraExpenseNote: string | null;
  actor: string | null;
  nextStatuses: string[];
  breakdown: { slices: { amount: number; appliedPricePerKwh: number }[]; notes: { code: string }[] };
  events: {
    fromStatus: string | null;
    toStatus: string;
    actor: { id: number; name: string } | null;
    note: string | null;
  }[];
  user: { id: number; email: string };
}
interface Page {
  data: { id: number; status: string; period: string; userId: number; value: number }[];
  total: number;
  totals: { count: number; values: { currency: string; value: number }[] };
  pageTotals: { count: number; values: { currency: string; value: number }[] };
  view: string;
}

let fleet: number;
let other: number;
let manager: Session;
let manager2: Session;
let viewer: Session;
let employee: Session;
let managerId: number;
let employeeId: number;
let employee2Id: number;
let outsiderId: number;

async function person(companyId: number, roles: number[], firstName: string, employeeNumber?: string) {
  const email = `${unique(firstName.toLowerCase())}@example.test`;
  const user = await createUser(
    db,
    { companyId, email, password: PASSWORD, roles, firstName, lastName: 'Tester', employeeNumber },
    { iterations: 1000 },
  );
  return { id: user.id, email };
}

let periodSeq = 0;
/** A reimbursement row as the monthly job writes it: 20 kWh at 0.25000 EUR/kWh = 5.00 EUR. */
async function reimbursement(userId: number, over: Partial<typeof reimbursements.$inferInsert> = {}): Promise<number> {
  periodSeq += 1;
  const [row] = await db
    .insert(reimbursements)
    .values({
      companyId: fleet,
      userId,
      period: `20${String(10 + Math.floor(periodSeq / 12)).padStart(2, '0')}-${String((periodSeq % 12) + 1).padStart(2, '0')}`,
      currency: 'EUR',
      sessions: 2,
      energyWh: 20_000,
      energyAmount: 500,
      value: 500,
      payoutMethod: 'bank_transfer',
      breakdown: JSON.stringify({
        slices: [
          {
            tariffId: null,
            validFrom: '2026-01-01',
            validTo: null,
            pricePerKwh: 30_000,
            appliedPricePerKwh: 25_000,
            source: 'sessions',
            sessions: 2,
            energyWh: 20_000,
            amount: 500,
          },
        ],
        notes: [{ code: 'uncovered', sessions: 1, energyWh: 3000, firstDate: '2026-01-30' }],
      }),
      capped: true,
      computedAt: new Date(),
      ...over,
    })
    .returning({ id: reimbursements.id });
  if (!row) throw new Error('no reimbursement inserted');
  return row.id;
}

const get = (who: Session, id: number) => call(`/reimbursement/${id}`, who);
const put = (who: Session, id: number, body: Record<string, unknown>) =>
  call(`/reimbursement/${id}`, { ...who, method: 'PUT', json: body });
const move = (who: Session, id: number, expectedStatus: string, status: string, more: Record<string, unknown> = {}) =>
  put(who, id, { status, expectedStatus, ...more });

async function ok<T>(res: Response): Promise<T> {
  const body = await res.json();
  expect([res.status, body]).toEqual([200, expect.anything()]);
  return body as T;
}

beforeAll(async () => {
  const company = { isEvfleet: true, services: [SERVICE.HOME_REIMBURSEMENT] };
  fleet = (await createCompany(db, { name: unique('Home fleet'), ...company })).id;
  other = (await createCompany(db, { name: unique('Other fleet'), ...company })).id;
  await db
    .insert(homeReimbursementSettings)
    .values({ companyId: fleet, active: true, extraExpenseEnabled: true, extraExpenseLimit: 2000 });
  const m = await person(fleet, [ROLE.FLEET_MANAGER_MANAGE_USERS], 'Mara');
  const m2 = await person(fleet, [ROLE.FLEET_MANAGER_MANAGE_USERS], 'Milo');
  const v = await person(fleet, [ROLE.FLEET_MANAGER_VIEW], 'Vera');
  const e = await person(fleet, [], 'Emil', 'EMP-4711');
  employee2Id = (await person(fleet, [], 'Enzo')).id;
  outsiderId = (await person(other, [], 'Otto')).id;
  managerId = m.id;
  employeeId = e.id;
  [manager, manager2, viewer, employee] = await Promise.all([
    login(m.email, PASSWORD),
    login(m2.email, PASSWORD),
    login(v.email, PASSWORD),
    login(e.email, PASSWORD),
  ]);
}, 120_000);

describe('the approval path', () => {
  it('goes pending → validated by the employee (capped extra expense) → approved → processed → paid, one event per step', async () => {
    const id = await reimbursement(employeeId);
    const seen = await ok<Detail>(await get(employee, id));
    expect(seen).toMatchObject({ status: 'pending_approval', actor: 'employee', nextStatuses: ['validated_by_user'] });
    expect(seen.breakdown.slices[0]).toMatchObject({ amount: 500, appliedPricePerKwh: 25_000 });
    expect(seen.breakdown.notes).toEqual([{ code: 'uncovered', sessions: 1, energyWh: 3000, firstDate: '2026-01-30' }]);

    const validated = await ok<Detail>(
      await move(employee, id, 'pending_approval', 'validated_by_user', {
        extraExpense: 3500,
        extraExpenseNote: 'Wall box cable',
      }),
    );
    // Capped at the company's 20.00 limit; the value is the energy amount plus the extra expense.
    expect(validated).toMatchObject({
      status: 'validated_by_user',
      extraExpense: 2000,
      extraExpenseNote: 'Wall box cable',
      value: 2500,
      nextStatuses: [],
    });
    expect((await ok<Detail>(await get(manager, id))).nextStatuses).toEqual(['validated_by_manager', 'rejected']);
    await ok(await move(manager, id, 'validated_by_user', 'validated_by_manager'));
    await ok(await move(manager, id, 'validated_by_manager', 'processed'));
    const paid = await ok<Detail>(await move(manager, id, 'processed', 'paid', { note: 'Transfer 2026-02-03' }));
    expect(paid.status).toBe('paid');
    expect(paid.nextStatuses).toEqual([]);
    expect(paid.events.map((e) => [e.fromStatus, e.toStatus, e.actor?.id, e.note])).toEqual([
      ['pending_approval', 'validated_by_user', employeeId, null],
      ['validated_by_user', 'validated_by_manager', managerId, null],
      ['validated_by_manager', 'processed', managerId, null],
      ['processed', 'paid', managerId, 'Transfer 2026-02-03'],
    ]);
    expect(paid.events[1]?.actor?.name).toBe('Mara Tester');
    const row = await db.select().from(reimbursements).where(eq(reimbursements.id, id)).get();
    expect([row?.status, row?.value, row?.paidAt instanceof Date]).toEqual(['paid', 2500, true]);
  });

  it('refuses a skipped step and the wrong actor with 409 naming from and to, writing nothing', async () => {
    const id = await reimbursement(employeeId);
    await expectError(await move(manager, id, 'pending_approval', 'validated_by_manager'), 409, {
      code: 'REIMBURSEMENT_TRANSITION',
      message: 'This reimbursement cannot go from Pending approval to Approved by a manager.',
    });
    await expectError(await move(manager, id, 'pending_approval', 'validated_by_user'), 409, {
      code: 'REIMBURSEMENT_TRANSITION',
      message: 'This reimbursement cannot go from Pending approval to Validated by the employee.',
    });
    const events = await db.select().from(reimbursementEvents).where(eq(reimbursementEvents.reimbursementId, id));
    expect(events).toEqual([]);
    expect((await ok<Detail>(await get(manager, id))).status).toBe('pending_approval');
  });

  it('answers 409 reimbursementChanged when the status seen is no longer the current one', async () => {
    const id = await reimbursement(employeeId, { status: 'validated_by_user' });
    await expectError(await move(manager, id, 'pending_approval', 'rejected', { note: 'x' }), 409, CHANGED);
  });

  it('lets exactly one of two concurrent approvals win, with one event', async () => {
    const id = await reimbursement(employeeId, { status: 'validated_by_user' });
    const answers = await Promise.all([
      move(manager, id, 'validated_by_user', 'validated_by_manager'),
      move(manager2, id, 'validated_by_user', 'validated_by_manager'),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409);
    expect(((await loser?.json()) as { code?: string } | undefined)?.code).toBe('REIMBURSEMENT_CHANGED');
    const events = await db.select().from(reimbursementEvents).where(eq(reimbursementEvents.reimbursementId, id));
    expect(events.map((e) => e.toStatus)).toEqual(['validated_by_manager']);
  });

  it('needs a note to reject; a rejection is final', async () => {
    const id = await reimbursement(employeeId, { status: 'validated_by_user' });
    await expectError(await move(manager, id, 'validated_by_user', 'rejected', { note: '  ' }), 400, {
      code: 'NOTE_REQUIRED',
      message: 'This value is mandatory.',
      field: 'note',
    });
    const rejected = await ok<Detail>(
      await move(manager, id, 'validated_by_user', 'rejected', { note: 'No contract' }),
    );
    expect([rejected.status, rejected.nextStatuses, rejected.events.at(-1)?.note]).toEqual([
      'rejected',
      [],
      'No contract',
    ]);
  });

  it('marks paid by hand only a bank transfer', async () => {
    const id = await reimbursement(employeeId, { status: 'processed', payoutMethod: 'stripe' });
    expect((await ok<Detail>(await get(manager, id))).nextStatuses).toEqual([]);
    await expectError(await move(manager, id, 'processed', 'paid'), 409, {
      code: 'REIMBURSEMENT_TRANSITION',
      message: 'This reimbursement cannot go from Processed to Paid.',
    });
  });

  it('refuses an extra expense outside the employee’s validation and where the company does not reimburse one', async () => {
    const id = await reimbursement(employeeId, { status: 'validated_by_user' });
    const extra = { code: 'EXTRA_EXPENSE_NOT_ALLOWED', message: 'This company does not reimburse extra expenses.' };
    await expectError(
      await move(manager, id, 'validated_by_user', 'validated_by_manager', { extraExpense: 100 }),
      400,
      {
        ...extra,
        field: 'extraExpense',
      },
    );
    await db
      .update(homeReimbursementSettings)
      .set({ extraExpenseEnabled: false })
      .where(eq(homeReimbursementSettings.companyId, fleet));
    try {
      const pending = await reimbursement(employeeId);
      await expectError(
        await move(employee, pending, 'pending_approval', 'validated_by_user', { extraExpense: 100 }),
        400,
        {
          ...extra,
          field: 'extraExpense',
        },
      );
    } finally {
      await db
        .update(homeReimbursementSettings)
        .set({ extraExpenseEnabled: true })
        .where(eq(homeReimbursementSettings.companyId, fleet));
    }
  });
});

describe('who may do what', () => {
  it('lets a viewer (31) read but not change', async () => {
    const id = await reimbursement(employeeId, { status: 'validated_by_user' });
    expect(await ok<Detail>(await get(viewer, id))).toMatchObject({ actor: null, nextStatuses: [] });
    await expectError(await move(viewer, id, 'validated_by_user', 'validated_by_manager'), 409, {
      code: 'REIMBURSEMENT_TRANSITION',
      message: 'This reimbursement cannot go from Validated by the employee to Approved by a manager.',
    });
    const bulk = await call('/reimbursement/bulk', { ...viewer, json: { ids: [id], status: 'validated_by_manager' } });
    expect(bulk.status).toBe(403);
  });

  it('lets nobody approve their own: a manager on their own reimbursement is its employee', async () => {
    const own = await reimbursement(managerId, { status: 'validated_by_user' });
    expect(await ok<Detail>(await get(manager, own))).toMatchObject({ actor: 'employee', nextStatuses: [] });
    await expectError(await move(manager, own, 'validated_by_user', 'validated_by_manager'), 409, {
      code: 'REIMBURSEMENT_TRANSITION',
      message: 'This reimbursement cannot go from Validated by the employee to Approved by a manager.',
    });
    const employees = await reimbursement(employeeId, { status: 'validated_by_user' });
    await expectError(await move(employee, employees, 'validated_by_user', 'validated_by_manager'), 409, {
      code: 'REIMBURSEMENT_TRANSITION',
      message: 'This reimbursement cannot go from Validated by the employee to Approved by a manager.',
    });
  });

  it('answers 404 for another company’s reimbursement and another employee’s, like a missing one', async () => {
    const foreign = await reimbursement(outsiderId, { companyId: other });
    const colleague = await reimbursement(employee2Id);
    for (const [who, id] of [
      [manager, foreign],
      [manager, 999_999_999],
      [employee, colleague],
    ] as const) {
      await expectError(await get(who, id), 404, NOT_FOUND);
      await expectError(await move(who, id, 'pending_approval', 'validated_by_user'), 404, NOT_FOUND);
    }
  });
});

describe('bulk approve and reject', () => {
  it('decides each id on its own and answers ok or the reason', async () => {
    const a = await reimbursement(employeeId, { status: 'validated_by_user' });
    const b = await reimbursement(employee2Id, { status: 'validated_by_user' });
    const pending = await reimbursement(employeeId);
    const own = await reimbursement(managerId, { status: 'validated_by_user' });
    const foreign = await reimbursement(outsiderId, { companyId: other, status: 'validated_by_user' });
    const res = await call('/reimbursement/bulk', {
      ...manager,
      json: { ids: [a, pending, b, foreign, own, 999_999_999, a], status: 'validated_by_manager' },
    });
    const body = await ok<{ data: { id: number; ok: boolean; code?: string }[]; succeeded: number; failed: number }>(
      res,
    );
    expect(body.data.map((d) => [d.id, d.ok, d.code])).toEqual([
      [a, true, undefined],
      [pending, false, 'REIMBURSEMENT_TRANSITION'],
      [b, true, undefined],
      [foreign, false, 'REIMBURSEMENT_NOT_FOUND'],
      [own, false, 'REIMBURSEMENT_TRANSITION'],
      [999_999_999, false, 'REIMBURSEMENT_NOT_FOUND'],
    ]);
    expect([body.succeeded, body.failed]).toEqual([2, 4]);
    const untouched = await db.select().from(reimbursements).where(eq(reimbursements.id, foreign)).get();
    expect(untouched?.status).toBe('validated_by_user');
    const events = await db.select().from(reimbursementEvents).where(eq(reimbursementEvents.reimbursementId, b));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorId])).toEqual([
      ['validated_by_user', 'validated_by_manager', managerId],
    ]);
  });

  it('rejects in bulk with a note, refuses it without one, and refuses more than 200 ids', async () => {
    const a = await reimbursement(employeeId, { status: 'validated_by_user' });
    const noNote = await ok<{ data: { ok: boolean; code?: string }[] }>(
      await call('/reimbursement/bulk', { ...manager, json: { ids: [a], status: 'rejected' } }),
    );
    expect(noNote.data).toEqual([{ id: a, ok: false, code: 'NOTE_REQUIRED', 'error-msg': 'This value is mandatory.' }]);
    const done = await ok<{ data: { ok: boolean; status?: string }[] }>(
      await call('/reimbursement/bulk', { ...manager, json: { ids: [a], status: 'rejected', note: 'Duplicate' } }),
    );
    expect(done.data).toEqual([{ id: a, ok: true, status: 'rejected' }]);
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1);
    const res = await call('/reimbursement/bulk', {
      ...manager,
      json: { ids: tooMany, status: 'rejected', note: 'x' },
    });
    expect([res.status, ((await res.json()) as { field?: string }).field]).toEqual([400, 'ids']);
  });
});

describe('the list', () => {
  it('lists the scope for a manager with filters and totals, and only their own for an employee', async () => {
    const p1 = await reimbursement(employee2Id, { status: 'pending_approval', value: 700, energyAmount: 700 });
    const p2 = await reimbursement(employee2Id, { status: 'paid', value: 300, energyAmount: 300 });
    const all = await ok<Page>(await call(`/fleet-reimbursement?user_id=${employee2Id}&items_per_page=100`, manager));
    expect(all.view).toBe('manager');
    expect(all.data.every((r) => r.userId === employee2Id)).toBe(true);
    const filtered = await ok<Page>(
      await call(
        `/fleet-reimbursement?user_id=${employee2Id}&status=pending_approval,paid&items_per_page=1&sort=value&direction=asc`,
        manager,
      ),
    );
    const inList = all.data.filter((r) => ['pending_approval', 'paid'].includes(r.status));
    expect(filtered.total).toBe(inList.length);
    expect(filtered.totals).toEqual({
      count: inList.length,
      values: [{ currency: 'EUR', value: inList.reduce((s, r) => s + r.value, 0) }],
    });
    expect(filtered.data).toHaveLength(1);
    expect(filtered.pageTotals).toEqual({ count: 1, values: [{ currency: 'EUR', value: filtered.data[0]?.value }] });
    const month = all.data.find((r) => r.id === p1)?.period;
    const one = await ok<Page>(await call(`/fleet-reimbursement?period=${month}`, manager));
    expect(one.data.map((r) => r.id)).toEqual([p1]);
    const byNumber = await ok<Page>(await call('/fleet-reimbursement?search=emp-4711&items_per_page=100', manager));
    expect(byNumber.data.length).toBeGreaterThan(0);
    expect(byNumber.data.every((r) => r.userId === employeeId)).toBe(true);
    const own = await ok<Page>(await call('/fleet-reimbursement?items_per_page=100', employee));
    expect(own.view).toBe('employee');
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((r) => r.userId === employeeId)).toBe(true);
    expect(own.data.some((r) => r.id === p2)).toBe(false);
    const scoped = await ok<Page>(await call('/fleet-reimbursement?items_per_page=100', manager));
    expect(scoped.data.some((r) => r.userId === outsiderId)).toBe(false);
  });

  it('refuses a malformed month and an unknown status on the field', async () => {
    const bad = await call('/fleet-reimbursement?period=2026-13', manager);
    expect([bad.status, ((await bad.json()) as { field?: string }).field]).toEqual([400, 'period']);
    const status = await call('/fleet-reimbursement?status=pending_approval,unknown', manager);
    expect([status.status, ((await status.json()) as { field?: string }).field]).toEqual([400, 'status.1']);
  });
});
