/**
 * Home-reimbursement tariffs (issue 19 part 4, spec 001 §7.12, 000 §4): an employee submits a tariff
 * (pending), a second one while it is pending is refused with the spec's message (also when two race), an
 * overlapping validity is refused naming the other tariff, approval makes it active and closes the
 * previous open-ended tariff the day before, an active tariff can no longer be edited or deleted, an
 * employee sees only their own, another company's tariff answers 404 like a missing one, a viewer (role
 * 31) reads but cannot approve. Documents (power contracts) are inserted directly: their upload is another
 * resource's.
 */
import { auditLog, homeReimbursementSettings, reimbursementDocuments } from '@db/schema';
import { ROLE } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique } from './helpers';

failOnConsoleError();

const PASSWORD = 'correct horse battery';
const PENDING = {
  code: 'REIMBURSEMENT_TARIFF_PENDING',
  message: 'A new home-reimbursement tariff cannot be uploaded while an older one is pending.',
  field: 'validFrom',
};
const NOT_PENDING = {
  code: 'REIMBURSEMENT_TARIFF_NOT_PENDING',
  message: 'Only a pending tariff can be edited or deleted.',
};
const NOT_FOUND = { code: 'REIMBURSEMENT_TARIFF_NOT_FOUND', message: 'Tariff not found.' };
const FORBIDDEN = {
  code: 'FORBIDDEN',
  message: "Forbidden resource. You don't have the permission to request this resource.",
};

interface Tariff {
  id: number;
  userId: number;
  userName: string;
  pricePerKwh: number;
  currency: string;
  validFrom: string;
  validTo: string | null;
  status: string;
  documentId: number | null;
  documentName: string | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
  actions: { edit: boolean; delete: boolean; approve: boolean; reject: boolean };
}
interface Page {
  data: Tariff[];
  total: number;
}

let fleet: number;
let manager: Session;
let viewer: Session;
let employee: Session;
let employee2: Session;
let otherManager: Session;
let employeeId: number;
let employee2Id: number;
let managerName: string;

async function person(companyId: number, roles: number[], firstName: string) {
  const email = `${unique(firstName.toLowerCase())}@example.test`;
  const user = await createUser(
    db,
    { companyId, email, password: PASSWORD, roles, firstName, lastName: 'Tester' },
    { iterations: 1000 },
  );
  return { id: user.id, email, session: await login(email, PASSWORD) };
}

/** A power contract of the employee, as the documents upload stores it; `approved` null: not reviewed. */
async function contract(companyId: number, userId: number, approved: boolean | null = null): Promise<number> {
  const [row] = await db
    .insert(reimbursementDocuments)
    .values({
      companyId,
      userId,
      type: 'power_contract',
      fileName: 'contract.pdf',
      contentType: 'application/pdf',
      size: 1000,
      r2Key: `reimbursement/${companyId}/${userId}/${unique('doc')}`,
      approved,
    })
    .returning({ id: reimbursementDocuments.id });
  if (!row) throw new Error('no document');
  return row.id;
}

async function fleetCompany(name: string) {
  const company = await createCompany(db, {
    name: unique(name),
    isEvfleet: true,
    currency: 'EUR',
    services: [SERVICE.HOME_REIMBURSEMENT],
  });
  await db.insert(homeReimbursementSettings).values({ companyId: company.id, active: true, type: 'employee' });
  return company.id;
}

const submit = (who: Session, json: object) => call('/fleet-reimbursement/tariffs', { ...who, json });
const tariffCall = (who: Session, id: number, path = '', init: { method?: string; json?: object } = {}) =>
  call(`/fleet-reimbursement/tariffs/${id}${path}`, { ...who, ...init });

async function created(res: Response): Promise<Tariff> {
  const body = (await res.json()) as Tariff;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}

async function ok(res: Response): Promise<Tariff> {
  const body = (await res.json()) as Tariff;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

beforeAll(async () => {
  fleet = await fleetCompany('Fleet');
  const other = await fleetCompany('Other fleet');
  const m = await person(fleet, [ROLE.FLEET_MANAGER_MANAGE_USERS], 'Manager');
  manager = m.session;
  managerName = 'Manager Tester';
  viewer = (await person(fleet, [ROLE.FLEET_MANAGER_VIEW], 'Viewer')).session;
  const e = await person(fleet, [], 'Employee');
  employee = e.session;
  employeeId = e.id;
  const e2 = await person(fleet, [], 'Second');
  employee2 = e2.session;
  employee2Id = e2.id;
  otherManager = (await person(other, [ROLE.FLEET_MANAGER_MANAGE_USERS], 'Outsider')).session;
});

describe('submitting a tariff', () => {
  it('needs a power contract from the employee, then is pending in the company currency; a second one is refused while it is', async () => {
    const first = { pricePerKwh: 25160, validFrom: '2026-01-01' };
    await expectError(await submit(employee, first), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Attach your power contract: this company needs one for every tariff.',
      field: 'documentId',
    });
    const invalidated = await contract(fleet, employeeId, false);
    await expectError(await submit(employee, { ...first, documentId: invalidated }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Choose a power contract of this employee that is approved or awaiting review.',
      field: 'documentId',
    });
    const someoneElses = await contract(fleet, employee2Id);
    await expectError(await submit(employee, { ...first, documentId: someoneElses }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Choose a power contract of this employee that is approved or awaiting review.',
      field: 'documentId',
    });
    await expectError(
      await submit(employee, { ...first, validTo: '2025-12-31', documentId: await contract(fleet, employeeId) }),
      400,
      { code: 'VALIDATION_FAILED', message: 'The last day cannot be before the first day.', field: 'validTo' },
    );

    const documentId = await contract(fleet, employeeId);
    const tariff = await created(await submit(employee, { ...first, documentId }));
    expect(tariff).toMatchObject({
      userId: employeeId,
      userName: 'Employee Tester',
      pricePerKwh: 25160,
      currency: 'EUR',
      validFrom: '2026-01-01',
      validTo: null,
      status: 'pending',
      documentId,
      documentName: 'contract.pdf',
      actions: { edit: true, delete: true, approve: false, reject: false },
    });

    // Whatever its dates, a second tariff waits until the first is approved, rejected or deleted.
    await expectError(
      await submit(employee, { pricePerKwh: 30000, validFrom: '2030-01-01', documentId }),
      409,
      PENDING,
    );
    // Also when a manager submits it for the employee.
    await expectError(
      await submit(manager, { userId: employeeId, pricePerKwh: 30000, validFrom: '2030-01-01' }),
      409,
      PENDING,
    );
  });

  it('refuses one of two submissions racing for the same employee with the same answer', async () => {
    const documentId = await contract(fleet, employee2Id);
    const body = { pricePerKwh: 20000, validFrom: '2026-01-01', documentId };
    const [a, b] = await Promise.all([submit(employee2, body), submit(employee2, body)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    await expectError(a.status === 409 ? a : b, 409, PENDING);
    const page = (await (await call(`/fleet-reimbursement/tariffs?user_id=${employee2Id}`, manager)).json()) as Page;
    expect(page.data.map((t) => t.status)).toEqual(['pending']);
    // Deleting the pending one (soft) lets the employee submit again.
    const pending = page.data[0] as Tariff;
    expect((await ok(await tariffCall(employee2, pending.id, '', { method: 'DELETE' }))).id).toBe(pending.id);
    await expectError(await tariffCall(manager, pending.id), 404, NOT_FOUND);
    await created(await submit(employee2, body));
  });

  it('refuses an employee naming another employee, and a manager naming a user of another company', async () => {
    await expectError(await submit(employee, { userId: employee2Id, pricePerKwh: 1, validFrom: '2026-01-01' }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Choose an active employee of your companies.',
      field: 'userId',
    });
    await expectError(
      await submit(otherManager, { userId: employeeId, pricePerKwh: 1, validFrom: '2026-01-01' }),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'Choose an active employee of your companies.',
        field: 'userId',
      },
    );
    await expectError(await submit(employee, { pricePerKwh: 0, validFrom: '2026-01-01' }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Enter a price per kWh above 0, with a dot and at most five decimals (e.g. 0.2516).',
      field: 'pricePerKwh',
    });
    await expectError(await submit(employee, { pricePerKwh: 1, validFrom: '2026-02-30' }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Enter a valid date.',
      field: 'validFrom',
    });
  });
});

describe('approval', () => {
  it('makes the tariff active with who and when, and closes the previous open-ended one the day before the next starts', async () => {
    const list = (await (await call(`/fleet-reimbursement/tariffs?user_id=${employeeId}`, manager)).json()) as Page;
    const first = list.data[0] as Tariff;
    expect(first.actions).toEqual({ edit: true, delete: true, approve: true, reject: true });

    // A viewer reads every tariff of the company but cannot approve or reject.
    const seen = (await (await call('/fleet-reimbursement/tariffs?status=pending', viewer)).json()) as Page;
    expect(seen.data.map((t) => t.userId).sort()).toEqual([employeeId, employee2Id].sort());
    await expectError(await tariffCall(viewer, first.id, '/approve', { method: 'POST' }), 403, FORBIDDEN);
    await expectError(await tariffCall(viewer, first.id, '/reject', { method: 'POST' }), 403, FORBIDDEN);
    // Nor may the employee approve their own.
    await expectError(await tariffCall(employee, first.id, '/approve', { method: 'POST' }), 403, FORBIDDEN);

    const approved = await ok(await tariffCall(manager, first.id, '/approve', { method: 'POST' }));
    expect(approved).toMatchObject({ status: 'active', validTo: null, reviewedByName: managerName });
    expect(approved.reviewedAt).not.toBeNull();
    await expectError(await tariffCall(manager, first.id, '/approve', { method: 'POST' }), 409, NOT_PENDING);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reimbursement_tariff.approve'), eq(auditLog.entityId, String(first.id))));
    expect(audit).toHaveLength(1);

    // The next tariff from March: accepted (the open-ended one will be closed), then approved.
    const next = await created(
      await submit(employee, {
        pricePerKwh: 28000,
        validFrom: '2026-03-01',
        documentId: await contract(fleet, employeeId),
      }),
    );
    await ok(await tariffCall(manager, next.id, '/approve', { method: 'POST' }));
    const previous = await ok(await tariffCall(employee, first.id));
    expect(previous).toMatchObject({ status: 'active', validFrom: '2026-01-01', validTo: '2026-02-28' });
    const current = await ok(await tariffCall(employee, next.id));
    expect(current).toMatchObject({ status: 'active', validFrom: '2026-03-01', validTo: null });
  });

  it('refuses a validity that overlaps an active tariff, naming it and its dates', async () => {
    const list = (await (await call('/fleet-reimbursement/tariffs?status=active', employee)).json()) as Page;
    const january = list.data.find((t) => t.validFrom === '2026-01-01') as Tariff;
    const documentId = await contract(fleet, employeeId);
    await expectError(
      await submit(employee, { pricePerKwh: 1, validFrom: '2026-02-15', validTo: '2026-02-28', documentId }),
      409,
      {
        code: 'REIMBURSEMENT_TARIFF_OVERLAP',
        message: `This validity overlaps tariff ${january.id} (2026-01-01 to 2026-02-28).`,
        field: 'validFrom',
      },
    );
    // Before every tariff: no overlap (inclusive days: the 31st of December is free).
    const december = await created(
      await submit(employee, { pricePerKwh: 1, validFrom: '2025-12-01', validTo: '2025-12-31', documentId }),
    );
    // Edited into an overlap (the 1st of January is taken): refused; rejected afterwards.
    await expectError(
      await tariffCall(employee, december.id, '', {
        method: 'PUT',
        json: { pricePerKwh: 2, validFrom: '2025-12-01', validTo: '2026-01-01', documentId },
      }),
      409,
      {
        code: 'REIMBURSEMENT_TARIFF_OVERLAP',
        message: `This validity overlaps tariff ${january.id} (2026-01-01 to 2026-02-28).`,
        field: 'validFrom',
      },
    );
    const edited = await ok(
      await tariffCall(employee, december.id, '', {
        method: 'PUT',
        json: { pricePerKwh: 2, validFrom: '2025-12-02', validTo: '2025-12-31', documentId },
      }),
    );
    expect(edited).toMatchObject({ pricePerKwh: 2, validFrom: '2025-12-02', status: 'pending' });
    const rejected = await ok(await tariffCall(manager, december.id, '/reject', { method: 'POST' }));
    expect(rejected).toMatchObject({ status: 'rejected', reviewedByName: managerName });
  });

  it('refuses editing or deleting a tariff once it is active or rejected', async () => {
    const list = (await (await call('/fleet-reimbursement/tariffs', employee)).json()) as Page;
    const active = list.data.find((t) => t.status === 'active') as Tariff;
    const rejected = list.data.find((t) => t.status === 'rejected') as Tariff;
    expect(active.actions).toEqual({ edit: false, delete: false, approve: false, reject: false });
    const body = { pricePerKwh: 1, validFrom: '2040-01-01' };
    for (const t of [active, rejected]) {
      await expectError(await tariffCall(employee, t.id, '', { method: 'PUT', json: body }), 409, NOT_PENDING);
      await expectError(await tariffCall(manager, t.id, '', { method: 'PUT', json: body }), 409, NOT_PENDING);
      await expectError(await tariffCall(employee, t.id, '', { method: 'DELETE' }), 409, NOT_PENDING);
    }
    expect((await ok(await tariffCall(employee, active.id))).pricePerKwh).toBe(active.pricePerKwh);
  });
});

describe('who reaches a tariff', () => {
  it('shows an employee only their own, and answers 404 for another employee’s', async () => {
    const own = (await (await call('/fleet-reimbursement/tariffs', employee2)).json()) as Page;
    expect(own.total).toBeGreaterThan(0);
    expect(own.data.every((t) => t.userId === employee2Id)).toBe(true);
    // Even when asking for the other employee explicitly.
    const asked = (await (await call(`/fleet-reimbursement/tariffs?user_id=${employeeId}`, employee2)).json()) as Page;
    expect(asked.total).toBe(0);
    const theirs = (await (await call('/fleet-reimbursement/tariffs', employee)).json()) as Page;
    const id = (theirs.data[0] as Tariff).id;
    await expectError(await tariffCall(employee2, id), 404, NOT_FOUND);
    await expectError(await tariffCall(employee2, id, '', { method: 'DELETE' }), 404, NOT_FOUND);
  });

  it('answers another company’s tariff exactly like a missing one', async () => {
    const pending = (
      (await (await call(`/fleet-reimbursement/tariffs?user_id=${employee2Id}`, manager)).json()) as Page
    ).data[0] as Tariff;
    const missing = 999_999_999;
    for (const id of [pending.id, missing]) {
      await expectError(await tariffCall(otherManager, id), 404, NOT_FOUND);
      await expectError(await tariffCall(otherManager, id, '/approve', { method: 'POST' }), 404, NOT_FOUND);
      await expectError(await tariffCall(otherManager, id, '/reject', { method: 'POST' }), 404, NOT_FOUND);
      await expectError(await tariffCall(otherManager, id, '', { method: 'DELETE' }), 404, NOT_FOUND);
      await expectError(
        await tariffCall(otherManager, id, '', { method: 'PUT', json: { pricePerKwh: 1, validFrom: '2026-01-01' } }),
        404,
        NOT_FOUND,
      );
    }
    const list = (await (await call('/fleet-reimbursement/tariffs', otherManager)).json()) as Page;
    expect(list.total).toBe(0);
    expect((await ok(await tariffCall(manager, pending.id))).status).toBe('pending');
  });

  it('offers a manager the active users of the scope to submit a tariff for, and no one else', async () => {
    const found = (await (await call('/fleet-reimbursement/tariffs/employees?search=second', manager)).json()) as {
      data: { id: number; name: string }[];
    };
    expect(found.data).toEqual([expect.objectContaining({ id: employee2Id, name: 'Second Tester' })]);
    const outside = (await (await call('/fleet-reimbursement/tariffs/employees', otherManager)).json()) as {
      data: { id: number }[];
    };
    expect(outside.data.map((u) => u.id)).not.toContain(employeeId);
    await expectError(await call('/fleet-reimbursement/tariffs/employees', viewer), 403, FORBIDDEN);
    await expectError(await call('/fleet-reimbursement/tariffs/employees', employee), 403, FORBIDDEN);
  });

  it('searches by the employee’s name or e-mail and pages', async () => {
    const byName = (await (await call('/fleet-reimbursement/tariffs?search=second', manager)).json()) as Page;
    expect(byName.data.every((t) => t.userId === employee2Id)).toBe(true);
    expect(byName.total).toBe(1);
    const paged = (await (await call('/fleet-reimbursement/tariffs?items_per_page=1&page=1', manager)).json()) as Page;
    expect(paged.data).toHaveLength(1);
    expect(paged.total).toBe(4);
  });
});
