/**
 * The company's home-reimbursement settings (issue 19 part 1, spec 001 §7.12 `GET settings; PUT
 * settings/{id}`): defaults when never saved, the rules' messages on their field, a variant refused
 * while its service setting is off, another company's id → 404, viewers (role 31) cannot save, and the
 * audit row of a save.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { auditLog, companies, homeReimbursementSettings } from '../../drizzle/schema';
import { createCompany } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const FORBIDDEN = "Forbidden resource. You don't have the permission to request this resource.";
const FLEET = { isEvfleet: true };
const ALL = [
  SERVICE.HOME_REIMBURSEMENT,
  SERVICE.HOME_REIMBURSEMENT_VARIANT_A,
  SERVICE.HOME_REIMBURSEMENT_VARIANT_B,
  SERVICE.PAYMENT_PROVIDER_HOME_REIMBURSEMENT,
  SERVICE.HOME_REIMBURSEMENT_FLEET,
];

const body = (over: Record<string, unknown> = {}) => ({
  active: true,
  type: 'company',
  flatTariff: 25_160,
  flatTariffValidFrom: '2026-01-01',
  extraExpenseEnabled: true,
  extraExpenseLimit: 2_000,
  feeBasisPoints: 250,
  contactEmails: 'fleet@example.com, HR@example.com',
  alertEmails: null,
  recipients: 'pay@example.com',
  reimbursementKwhCostLimit: 30_000,
  contractApproval: true,
  paymentProviderFlow: false,
  offlineStationProcess: true,
  skipDocumentUpload: false,
  fleetRuleSet: false,
  ...over,
});

let manager: World;
let managerSession: Session;

beforeAll(async () => {
  manager = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: { ...FLEET, services: ALL } });
  managerSession = await login(manager.email, manager.password, manager.ip);
});

const put = (companyId: number, json: unknown, who: Session = managerSession) =>
  call(`/fleet-reimbursement/settings/${companyId}`, { ...who, method: 'PUT', json });

describe('GET /fleet-reimbursement/settings', () => {
  it('answers the defaults (inactive) for a company that never saved them, with each variant available', async () => {
    const res = await call('/fleet-reimbursement/settings', managerSession);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      companyId: manager.company.id,
      serviceOn: true,
      configured: false,
      active: false,
      type: 'company',
      flatTariff: null,
      feeBasisPoints: 0,
      reimbursementKwhCostLimit: null,
      variants: [
        { variant: 'contractApproval', setting: 48, available: true },
        { variant: 'skipDocumentUpload', setting: 48, available: true },
        { variant: 'offlineStationProcess', setting: 49, available: true },
        { variant: 'paymentProviderFlow', setting: 45, available: true },
        { variant: 'fleetRuleSet', setting: 51, available: true },
      ],
    });
  });

  it('reads a child company of the scope and says which variants its own service settings allow', async () => {
    const child = await createCompany(db, {
      name: unique('Child'),
      parentCompanyId: manager.company.id,
      ...FLEET,
      services: [SERVICE.HOME_REIMBURSEMENT, SERVICE.HOME_REIMBURSEMENT_VARIANT_B],
    });
    const res = await call(`/fleet-reimbursement/settings?companyId=${child.id}`, managerSession);
    expect(res.status).toBe(200);
    const settings = (await res.json()) as { variants: { variant: string; available: boolean }[] };
    expect(settings.variants.filter((v) => v.available).map((v) => v.variant)).toEqual(['offlineStationProcess']);
  });

  it('answers 404 for a company outside the scope, like a missing one', async () => {
    const other = await world({ company: { ...FLEET, services: ALL } });
    await expectError(await call(`/fleet-reimbursement/settings?companyId=${other.company.id}`, managerSession), 404, {
      code: 'NOT_FOUND',
      message: `Company id: ${other.company.id} not found.`,
    });
    await expectError(await put(other.company.id, body()), 404, {
      code: 'NOT_FOUND',
      message: `Company id: ${other.company.id} not found.`,
    });
    expect(
      await db
        .select()
        .from(homeReimbursementSettings)
        .where(eq(homeReimbursementSettings.companyId, other.company.id)),
    ).toEqual([]);
  });
});

describe('PUT /fleet-reimbursement/settings/{companyId}', () => {
  it('saves the settings and the kWh cost limit, normalizes the lists, and writes an audit row', async () => {
    const w = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: { ...FLEET, services: ALL } });
    const s = await login(w.email, w.password, w.ip);
    const res = await put(w.company.id, body(), s);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      configured: true,
      active: true,
      flatTariff: 25_160,
      flatTariffValidFrom: '2026-01-01',
      extraExpenseLimit: 2_000,
      feeBasisPoints: 250,
      contactEmails: 'fleet@example.com, hr@example.com',
      alertEmails: null,
      reimbursementKwhCostLimit: 30_000,
      contractApproval: true,
      offlineStationProcess: true,
    });
    const company = await db.select().from(companies).where(eq(companies.id, w.company.id)).get();
    expect(company?.reimbursementKwhCostLimit).toBe(30_000);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.settings.home_reimbursement'), eq(auditLog.actorUserId, w.user.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ companyId: w.company.id, entity: 'company', entityId: String(w.company.id) });
    expect(JSON.parse(audit[0]?.detailJson ?? '{}')).toMatchObject({ flatTariff: 25_160, feeBasisPoints: 250 });

    // A second save updates the same row; a null limit clears the company's cap.
    const again = await put(w.company.id, body({ active: false, reimbursementKwhCostLimit: null }), s);
    expect(again.status).toBe(200);
    const rows = await db
      .select()
      .from(homeReimbursementSettings)
      .where(eq(homeReimbursementSettings.companyId, w.company.id));
    expect(rows.map((r) => [r.active, r.updatedBy])).toEqual([[false, w.user.id]]);
    const after = await db.select().from(companies).where(eq(companies.id, w.company.id)).get();
    expect(after?.reimbursementKwhCostLimit).toBeNull();
  });

  it.each([
    {
      name: 'flat tariff missing when active for type company',
      over: { flatTariff: null },
      field: 'flatTariff',
      message: 'An active reimbursement of type company needs the flat tariff and its valid-from date.',
    },
    {
      name: 'valid-from not a date',
      over: { flatTariffValidFrom: '2026-13-01' },
      field: 'flatTariffValidFrom',
      message: 'Enter a valid date.',
    },
    {
      name: 'negative price',
      over: { flatTariff: -1 },
      field: 'flatTariff',
      message: 'Enter a price per kWh of zero or more (at most five decimals).',
    },
    {
      name: 'negative extra-expense limit',
      over: { extraExpenseLimit: -1 },
      field: 'extraExpenseLimit',
      message: 'Enter an amount of zero or more.',
    },
    {
      name: 'fee over 100 %',
      over: { feeBasisPoints: 10_001 },
      field: 'feeBasisPoints',
      message: 'The percentage fee must be between 0 and 100 %.',
    },
    {
      name: 'a bad address in a list',
      over: { recipients: 'pay@example.com, pay@@example.com' },
      field: 'recipients',
      message: '“pay@@example.com” is not a valid e-mail address.',
    },
    {
      name: 'a negative kWh cost limit',
      over: { reimbursementKwhCostLimit: -5 },
      field: 'reimbursementKwhCostLimit',
      message: 'Enter a price per kWh of zero or more (at most five decimals).',
    },
  ])('refuses $name with its message on the field', async ({ over, field, message }) => {
    await expectError(await put(manager.company.id, body(over)), 400, { code: 'VALIDATION_FAILED', message, field });
  });

  it('refuses an unknown field and a wrong type', async () => {
    const unknown = await put(manager.company.id, { ...body(), iban: 'x' });
    expect(unknown.status).toBe(400);
    const wrong = await put(manager.company.id, body({ feeBasisPoints: '2.5' }));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { field: string }).field).toBe('feeBasisPoints');
  });

  it('refuses a variant while its service setting is off for the company, and accepts it off', async () => {
    const w = await world({
      roles: [ROLE.FLEET_MANAGER_MANAGE_USERS],
      company: { ...FLEET, services: [SERVICE.HOME_REIMBURSEMENT, SERVICE.HOME_REIMBURSEMENT_VARIANT_A] },
    });
    const s = await login(w.email, w.password, w.ip);
    await expectError(
      await put(w.company.id, body({ offlineStationProcess: false, paymentProviderFlow: true }), s),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'This variant needs service setting 45 for the company.',
        field: 'paymentProviderFlow',
      },
    );
    await expectError(await put(w.company.id, body({ offlineStationProcess: true }), s), 400, {
      code: 'VALIDATION_FAILED',
      message: 'This variant needs service setting 49 for the company.',
      field: 'offlineStationProcess',
    });
    expect(
      await db.select().from(homeReimbursementSettings).where(eq(homeReimbursementSettings.companyId, w.company.id)),
    ).toEqual([]);
    const ok = await put(w.company.id, body({ offlineStationProcess: false }), s);
    expect(ok.status).toBe(200);
  });

  it('lets a fleet manager viewer (role 31) read but not save', async () => {
    const w = await world({ roles: [ROLE.FLEET_MANAGER_VIEW], company: { ...FLEET, services: ALL } });
    const s = await login(w.email, w.password, w.ip);
    expect((await call('/fleet-reimbursement/settings', s)).status).toBe(200);
    await expectError(await put(w.company.id, body(), s), 403, { code: 'FORBIDDEN', message: FORBIDDEN });
    expect(
      await db.select().from(homeReimbursementSettings).where(eq(homeReimbursementSettings.companyId, w.company.id)),
    ).toEqual([]);
  });

  it('refuses an employee without a back-office role', async () => {
    const w = await world({ company: { ...FLEET, services: ALL } });
    const s = await login(w.email, w.password, w.ip);
    await expectError(await call('/fleet-reimbursement/settings', s), 403, { code: 'FORBIDDEN', message: FORBIDDEN });
  });
});
