/**
 * The economics, invoice data and notification channels tabs of /settings/{companyId} (issue 20 part 2,
 * ADR 036 addendum): each PUT saved and read back, its validation texts, the audit row, 403 for a fleet
 * manager and for an admin changing a vendor field, 404 for another company; and a running QR payment
 * keeping the hold it was created with when the pre-authorization amount changes.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../domain/format/format';
import { ROLE } from '../../domain/permissions/roles';
import { auditLog, companies, qrPayments, tariffs } from '../../drizzle/schema';
import { createConnector, createStation, createUser } from '../../drizzle/seed/factories';
import {
  call,
  db,
  expectError,
  failOnConsoleError,
  login,
  type Session,
  unique,
  uniqueIp,
  type World,
  world,
} from './helpers';

failOnConsoleError();

const FORBIDDEN = "Forbidden resource. You don't have the permission to request this resource.";
const HOLD = 2500;
let admin: World;
let adminSession: Session;
let superSession: Session;
let managerSession: Session;
let other: World;

const get = (id: number, tab: string, s: Session = adminSession) => call(`/settings/company/${id}/${tab}`, s);
const put = (id: number, tab: string, json: unknown, s: Session = adminSession) =>
  call(`/settings/company/${id}/${tab}`, { ...s, method: 'PUT', json });
const ok = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};
const audited = async (action: string) =>
  (await db.select().from(auditLog).where(eq(auditLog.action, action))).filter((r) => r.companyId === admin.company.id);

beforeAll(async () => {
  admin = await world({
    roles: [ROLE.ADMINISTRATIVE_SERVICES],
    company: { currency: 'EUR', preAuthorizationAmount: HOLD, email: 'company@example.test' },
  });
  other = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES] });
  const user = (roles: number[]) =>
    createUser(
      db,
      { companyId: admin.company.id, email: `${unique('u')}@example.test`, password: admin.password, roles },
      { iterations: 1000 },
    );
  const [superUser, manager] = await Promise.all([user([ROLE.SUPER_USER]), user([ROLE.FLEET_MANAGER_MANAGE_USERS])]);
  [adminSession, superSession, managerSession] = await Promise.all([
    login(admin.email, admin.password, admin.ip),
    login(superUser.email, admin.password),
    login(manager.email, admin.password),
  ]);
});

describe.each(['economics', 'invoice-data', 'notifications'])('the %s tab', (tab) => {
  it('is refused to a fleet manager and answers 404 for another company', async () => {
    await expectError(await get(admin.company.id, tab, managerSession), 403, { code: 'FORBIDDEN', message: FORBIDDEN });
    await expectError(await put(admin.company.id, tab, {}, managerSession), 403, {
      code: 'FORBIDDEN',
      message: FORBIDDEN,
    });
    const notFound = { code: 'NOT_FOUND', message: `Company id: ${other.company.id} not found.` };
    await expectError(await get(other.company.id, tab), 404, notFound);
    const body =
      tab === 'notifications'
        ? { notification_types: [], soc_notification_type: null, soc_limit: null, alert_countries: [] }
        : {};
    await expectError(await put(other.company.id, tab, body), 404, notFound);
  });
});

describe('economics', () => {
  const id = () => admin.company.id;
  it('a super user saves fees, anchor and contract; the values come back after reload and are audited', async () => {
    const body = {
      keyfob_fee: 500,
      saas_fee: 4900,
      cpms_fee: 1500,
      monthly_connector_fee: 250,
      monthly_sim_fee: 300,
      annual_platform_fee: 120_000,
      kwh_net_cost: 25_160,
      billing_cycle_anchor: 'eom',
      contract_number: ' C-2026-001 ',
      contract_start_date: '2026-01-01',
      contract_end_date: '2028-12-31',
    };
    const saved = await ok(await put(id(), 'economics', body, superSession));
    expect(saved).toMatchObject({
      ...body,
      contract_number: 'C-2026-001',
      can_edit_vendor_fields: true,
      currency: 'EUR',
    });
    expect(await ok(await get(id(), 'economics'))).toMatchObject({
      ...body,
      contract_number: 'C-2026-001',
      can_edit_vendor_fields: false,
      pre_authorization_amount: HOLD,
      pre_authorization_min: 100,
      pre_authorization_max: 50_000,
    });
    const [row] = await audited('company.settings.economics');
    expect(JSON.parse(row?.detailJson ?? '{}')).toMatchObject({ keyfob_fee: 500, billing_cycle_anchor: 'eom' });
  });

  it('an admin (37) changes the kWh cost but not a fee, the anchor or the contract', async () => {
    const same = await ok(await put(id(), 'economics', { keyfob_fee: 500, kwh_net_cost: 30_000 }));
    expect(same).toMatchObject({ keyfob_fee: 500, kwh_net_cost: 30_000 });
    await expectError(await put(id(), 'economics', { keyfob_fee: 600, billing_cycle_anchor: '15' }), 403, {
      code: 'FORBIDDEN',
      message:
        'Only super users change the fees, the billing cycle anchor and the contract (keyfob_fee, billing_cycle_anchor).',
      field: 'keyfob_fee',
    });
    expect(await ok(await get(id(), 'economics'))).toMatchObject({ keyfob_fee: 500, billing_cycle_anchor: 'eom' });
  });

  it('answers the rule each field breaks', async () => {
    const range = `The pre-authorization amount must be from ${formatMoney(100, 'EUR')} to ${formatMoney(50_000, 'EUR')}: it is held on the driver’s card for each QR payment.`;
    await expectError(await put(id(), 'economics', { pre_authorization_amount: 99 }), 400, {
      code: 'VALIDATION_FAILED',
      message: range,
      field: 'pre_authorization_amount',
    });
    const fail = (body: unknown, field: string, message: string) =>
      put(id(), 'economics', body, superSession).then((r) =>
        expectError(r, 400, { code: 'VALIDATION_FAILED', message, field }),
      );
    await fail(
      { billing_cycle_anchor: '31' },
      'billing_cycle_anchor',
      'Choose a billing day from 1 to 28, or end of month.',
    );
    await fail(
      { contract_end_date: '2025-12-31' },
      'contract_end_date',
      'The contract end date cannot be before its start date.',
    );
    await fail(
      { saas_fee: -1 },
      'saas_fee',
      `Enter an amount from ${formatMoney(0, 'EUR')} to ${formatMoney(100_000_000, 'EUR')}.`,
    );
    await fail({ saas_fee: 1.5 }, 'saas_fee', 'Enter an amount of zero or more.');
    expect((await put(id(), 'economics', { currency: 'USD' }, superSession)).status).toBe(400);
  });
});

describe('invoice data', () => {
  const id = () => admin.company.id;
  it('saves the bank account, footer and descriptions, kept in bank_info as the SEPA file reads it', async () => {
    const body = {
      bank_name: 'La Banque Postale',
      iban: 'fr14 2004 1010 0505 0001 3m02 606',
      bic: 'psstfrppPAR',
      invoice_footer: 'Capital 10 000 €',
      description_en: 'Charging network',
      description_it: 'Rete di ricarica',
      description_fr: 'Réseau de recharge',
      description_de: 'Ladenetz',
    };
    const expected = { ...body, iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPPAR' };
    expect(await ok(await put(id(), 'invoice-data', body))).toMatchObject(expected);
    expect(await ok(await get(id(), 'invoice-data'))).toMatchObject(expected);
    const row = await db.select({ bankInfo: companies.bankInfo }).from(companies).where(eq(companies.id, id())).get();
    expect(row?.bankInfo).toBe('La Banque Postale, IBAN FR1420041010050500013M02606, BIC PSSTFRPPPAR');
    expect(await audited('company.settings.invoice_data')).toHaveLength(1);
    // An absent field keeps its value, an empty one clears it.
    expect(await ok(await put(id(), 'invoice-data', { bic: '' }))).toMatchObject({ iban: expected.iban, bic: null });
  });

  it('checks the IBAN by mod-97, the BIC and the lengths', async () => {
    const fail = (body: unknown, field: string, message: string) =>
      put(id(), 'invoice-data', body).then((r) => expectError(r, 400, { code: 'VALIDATION_FAILED', message, field }));
    await fail(
      { iban: 'FR15 2004 1010 0505 0001 3M02 606' },
      'iban',
      'The IBAN check digits do not match: look for a mistyped character.',
    );
    await fail(
      { bic: 'PSSTXXPP' },
      'bic',
      'The BIC has 8 or 11 letters and digits, with a country code in 5th and 6th place, e.g. DEUTDEFF.',
    );
    await fail({ invoice_footer: 'x'.repeat(501) }, 'invoice_footer', 'The invoice footer has at most 500 characters.');
    await fail({ description_de: 'x'.repeat(2001) }, 'description_de', 'A description has at most 2,000 characters.');
  });
});

describe('notification channels', () => {
  const id = () => admin.company.id;
  const body = (over: Record<string, unknown> = {}) => ({
    notification_types: [{ type: 'station_offline', emails: 'Ops@Example.test, noc@example.test, ops@example.test' }],
    soc_notification_type: 'email',
    soc_limit: 80,
    alert_countries: ['it', 'FR'],
    ...over,
  });
  it('saves types with their recipients, the SOC notification and the alert countries', async () => {
    const expected = {
      company_email: 'company@example.test',
      notification_types: [{ type: 'station_offline', emails: 'ops@example.test, noc@example.test' }],
      soc_notification_type: 'email',
      soc_limit: 80,
      alert_countries: ['FR', 'IT'],
    };
    expect(await ok(await put(id(), 'notifications', body()))).toMatchObject(expected);
    expect(await ok(await get(id(), 'notifications'))).toMatchObject(expected);
    expect(await ok(await call(`/alert-settings?scopeId=${id()}`, adminSession))).toEqual({
      scope_id: id(),
      alert_countries: ['FR', 'IT'],
    });
    const types = await ok(await call('/notification-types', adminSession));
    expect(types.data).toContainEqual({ id: 'station_offline' });
    expect(await audited('company.settings.notifications')).toHaveLength(1);
    await expectError(await call(`/alert-settings?scopeId=${other.company.id}`, adminSession), 404, {
      code: 'NOT_FOUND',
      message: `Company id: ${other.company.id} not found.`,
    });
  });

  it('names the bad address, the bad country and the SOC limit rule', async () => {
    const fail = (over: Record<string, unknown>, field: string, message: string) =>
      put(id(), 'notifications', body(over)).then((r) =>
        expectError(r, 400, { code: 'VALIDATION_FAILED', message, field }),
      );
    await fail(
      { notification_types: [{ type: 'maintenance_ticket', emails: 'a@example.test, nobody' }] },
      'notification_types.0.emails',
      '“nobody” is not a valid e-mail address.',
    );
    await fail(
      { alert_countries: ['FR', 'ZZ'] },
      'alert_countries.1',
      '“ZZ” is not a two-letter ISO country code such as FR.',
    );
    await fail({ soc_limit: 0 }, 'soc_limit', 'The SOC limit is a percentage from 1 to 100.');
    expect(await ok(await get(id(), 'notifications'))).toMatchObject({ soc_limit: 80, alert_countries: ['FR', 'IT'] });
  });
});

describe('the pre-authorization amount and QR payments', () => {
  it('a running QR payment keeps its hold; the next one holds the new amount', async () => {
    const uid = unique('QRE').toUpperCase();
    const station = await createStation(db, { uid, companyId: admin.company.id, qrPaymentEnabled: true });
    const evse = `FR*QRE*E${uid.replace(/\W/g, '')}1`;
    await createConnector(db, { stationId: station.id, connectorNumber: 1, status: 'available', evseId: evse });
    const elements = JSON.stringify([
      { price_components: [{ type: 'ENERGY', price: 5000, vat_bp: 2000, step_size: 1 }] },
    ]);
    await db.insert(tariffs).values({
      companyId: admin.company.id,
      type: 'emp',
      status: 'approved',
      name: unique('Qr'),
      paymentType: 'qr',
      elementsJson: elements,
    });
    const path = `/pay/connectors/${encodeURIComponent(evse)}`;
    const pay = async () => {
      const res = await call(path, {
        ip: uniqueIp(),
        json: { email: 'driver@example.test', language: 'en', return_url: 'http://localhost/pay/status' },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { token: string }).token;
    };
    const running = await pay();
    await ok(await put(admin.company.id, 'economics', { pre_authorization_amount: 4000 }));
    const held = async (token: string) =>
      (await db.select().from(qrPayments).where(eq(qrPayments.token, token)).get())?.amountHeld;
    expect(await held(running)).toBe(HOLD);
    const status = await ok(await call(`/pay/payments/${running}`, { ip: uniqueIp() }));
    expect(status.amount_held).toBe(HOLD);
    expect((await ok(await call(path, { ip: uniqueIp() }))).hold_amount).toBe(4000);
    expect(await held(await pay())).toBe(4000);
  });
});
