/**
 * The company settings API (screen /settings/{companyId}): one read and one PUT per tab, validation texts
 * of spec section 5, admins only, another company's id → 404, confirmation before a screen disappears,
 * and the effects the fleet screens show at once (settings 42, 52-56, mandatory license plate, labels).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { companies, companyServiceSettings, companySiblings, corporateGroups } from '../../drizzle/schema';
import { createCompany, createStation, createUser } from '../../drizzle/seed/factories';
import {
  call,
  db,
  expectError,
  failOnConsoleError,
  insertDriverSessions,
  login,
  type Session,
  unique,
  type World,
  world,
} from './helpers';

failOnConsoleError();

const MSG = {
  forbidden: "Forbidden resource. You don't have the permission to request this resource.",
  name: 'Company name is mandatory.',
  country: 'Country is mandatory: choose a two-letter country code such as FR.',
  vatRequired: 'The European VAT number is required.',
  vatInvalid: 'The VAT number does not have a valid European format, e.g. FR40123456824.',
  taxCountry: 'Select the tax id country.',
  email: 'Enter a valid e-mail address.',
  web: 'Enter a web address starting with http:// or https://.',
  phone: 'Enter a phone number: digits and spaces, optionally starting with +.',
  timeZone: 'Not a time zone: use a name such as Europe/Paris.',
  label: 'Each group label needs a name of at most 40 characters.',
  unknownSetting: 'Unknown service setting id.',
  privateOne: 'Choose at most one of the private-user session settings 53, 54 and 55.',
  plateRequired: 'The license plate is mandatory.',
};
const notFound = (id: number) => `Company id: ${id} not found.`;
const confirmMsg = (ids: string) =>
  `Turning off these settings hides screens from the users of this company: ${ids}. Confirm to continue.`;

interface Settings {
  id: number;
  parent: { id: number; name: string } | null;
  is_selected: boolean;
  general: Record<string, string | null>;
  services: {
    service_settings: number[];
    parent_can_charge_on: boolean;
    siblings_can_charge_on: boolean;
    mandatory_license_plate: boolean;
  };
  siblings: { id: number; name: string }[];
  group_labels: string[];
}

let admin: World;
let adminSession: Session;
let managerSession: Session;
let child: Awaited<ReturnType<typeof createCompany>>;
let other: World;
let groupId: number;

const generalBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Fleetwise Logistics',
  business_name: 'Fleetwise Logistics SAS',
  email: 'Contact@Fleetwise.test',
  web: 'https://fleetwise.test',
  phone: '+33 4 72 00 00 00',
  street: 'Rue de la République',
  street_number: '8',
  city: 'Lyon',
  zip: '69002',
  country: 'fr',
  vat: 'fr 40 123 456 824',
  tax_id_country: 'FR',
  time_zone: 'Europe/Paris',
  ...extra,
});
const servicesBody = (ids: number[], extra: Record<string, unknown> = {}) => ({
  service_settings: ids,
  parent_can_charge_on: false,
  siblings_can_charge_on: false,
  mandatory_license_plate: false,
  ...extra,
});
const get = (id: number, s: Session = adminSession) => call(`/settings/company/${id}`, s);
const put = (id: number, tab: string, json: unknown, s: Session = adminSession) =>
  call(`/settings/company/${id}/${tab}`, { ...s, method: 'PUT', json });
const settings = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json()) as Settings;
};
const BASE = [SERVICE.MANAGE_USERS, SERVICE.USER_LIMITS];

beforeAll(async () => {
  admin = await world({
    roles: [ROLE.ADMINISTRATIVE_SERVICES],
    company: { isEvfleet: true, vat: 'FR40123456824', services: BASE },
  });
  other = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: { isEvfleet: true } });
  child = await createCompany(db, { name: unique('Child'), parentCompanyId: admin.company.id });
  const manager = await createUser(
    db,
    {
      companyId: admin.company.id,
      email: `${unique('manager')}@example.test`,
      password: admin.password,
      roles: [ROLE.FLEET_MANAGER_MANAGE_USERS],
    },
    { iterations: 1000 },
  );
  [adminSession, managerSession] = await Promise.all([
    login(admin.email, admin.password, admin.ip),
    login(manager.email, admin.password),
  ]);
  const [g] = await db.insert(corporateGroups).values({ companyId: admin.company.id, name: 'Sales' }).returning();
  groupId = g?.id ?? 0;
});

describe('read', () => {
  it("answers the selected company's settings and a descendant's", async () => {
    const own = await settings(await get(admin.company.id));
    expect(own).toMatchObject({
      id: admin.company.id,
      parent: null,
      is_selected: true,
      services: { service_settings: BASE, mandatory_license_plate: false },
      siblings: [],
      group_labels: ['Group 1', 'Group 2', 'Group 3', 'Group 4'],
    });
    expect(own.general).toMatchObject({ name: admin.company.name, country: 'FR', currency: 'EUR' });
    const sub = await settings(await get(child.id));
    expect(sub).toMatchObject({ id: child.id, parent: { id: admin.company.id }, is_selected: false });
  });

  it("answers 404 for another company's id and one that does not exist", async () => {
    await expectError(await get(other.company.id), 404, {
      code: 'NOT_FOUND',
      message: notFound(other.company.id),
    });
    await expectError(await get(99_999_999), 404, { code: 'NOT_FOUND', message: notFound(99_999_999) });
  });

  it('is refused to a fleet manager (not an admin) and to an anonymous caller', async () => {
    await expectError(await get(admin.company.id, managerSession), 403, { code: 'FORBIDDEN', message: MSG.forbidden });
    expect((await call(`/settings/company/${admin.company.id}`)).status).toBe(401);
  });
});

describe('general tab', () => {
  it('saves the fields, normalising the VAT number, the country and the e-mail', async () => {
    const saved = await settings(await put(child.id, 'general', generalBody()));
    expect(saved.general).toMatchObject({
      name: 'Fleetwise Logistics',
      email: 'contact@fleetwise.test',
      country: 'FR',
      vat: 'FR40123456824',
      city: 'Lyon',
      time_zone: 'Europe/Paris',
    });
    // Empty clears an optional field; absent keeps it.
    const cleared = await settings(await put(child.id, 'general', generalBody({ business_name: '', city: undefined })));
    expect([cleared.general.business_name, cleared.general.city]).toEqual([null, 'Lyon']);
  });

  it.each([
    { name: 'missing name', body: { name: '  ' }, field: 'name', message: MSG.name },
    { name: 'bad country', body: { country: 'France' }, field: 'country', message: MSG.country },
    { name: 'missing VAT', body: { vat: '' }, field: 'vat', message: MSG.vatRequired },
    { name: 'non-European VAT', body: { vat: 'US123456789' }, field: 'vat', message: MSG.vatInvalid },
    { name: 'malformed VAT', body: { vat: 'DE12345' }, field: 'vat', message: MSG.vatInvalid },
    { name: 'no tax id country', body: { tax_id_country: '' }, field: 'tax_id_country', message: MSG.taxCountry },
    { name: 'bad e-mail', body: { email: 'nope' }, field: 'email', message: MSG.email },
    { name: 'bad web', body: { web: 'fleetwise.test' }, field: 'web', message: MSG.web },
    { name: 'bad phone', body: { phone: 'call me' }, field: 'phone', message: MSG.phone },
    { name: 'bad time zone', body: { time_zone: 'Mars/Olympus' }, field: 'time_zone', message: MSG.timeZone },
  ])('refuses a $name with its message', async ({ body, field, message }) => {
    await expectError(await put(child.id, 'general', generalBody(body)), 400, {
      code: 'VALIDATION_FAILED',
      message,
      field,
    });
  });

  it('refuses unknown fields (the currency is not changed here), another company and a non-admin', async () => {
    const res = await put(child.id, 'general', generalBody({ currency: 'USD' }));
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([400, 'UNKNOWN_FIELD']);
    await expectError(await put(other.company.id, 'general', generalBody()), 404, {
      code: 'NOT_FOUND',
      message: notFound(other.company.id),
    });
    await expectError(await put(child.id, 'general', generalBody(), managerSession), 403, {
      code: 'FORBIDDEN',
      message: MSG.forbidden,
    });
    const stored = await db.select().from(companies).where(eq(companies.id, other.company.id)).get();
    expect(stored?.name).toBe(other.company.name);
  });
});

describe('roles and services tab', () => {
  it('refuses unknown ids and two private-session choices', async () => {
    await expectError(await put(child.id, 'services', servicesBody([6, 999])), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.unknownSetting,
      field: 'service_settings.1',
    });
    await expectError(await put(child.id, 'services', servicesBody([52, 53, 55])), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.privateOne,
      field: 'service_settings',
    });
  });

  it('asks for confirmation before turning off a setting a screen needs, not for 42', async () => {
    await settings(await put(child.id, 'services', servicesBody([6, 47, 52])));
    await expectError(await put(child.id, 'services', servicesBody([42, 52])), 409, {
      code: 'CONFIRMATION_REQUIRED',
      message: confirmMsg('6, 47'),
      field: 'confirm',
    });
    const kept = await settings(await get(child.id));
    expect(kept.services.service_settings).toEqual([6, 47, 52]);
    const saved = await settings(await put(child.id, 'services', servicesBody([42, 52], { confirm: true })));
    expect(saved.services.service_settings).toEqual([42, 52]);
    // Turning 42 off hides nothing: no confirmation.
    expect((await settings(await put(child.id, 'services', servicesBody([52])))).services.service_settings).toEqual([
      52,
    ]);
  });

  it('keeps ids of unknown meaning stored by others, and refuses another company and a non-admin', async () => {
    await db.insert(companyServiceSettings).values({ companyId: child.id, settingId: 99 });
    // 52 was on: turning it off hides the private users list, so it is confirmed.
    const saved = await settings(await put(child.id, 'services', servicesBody([6], { confirm: true })));
    expect(saved.services.service_settings).toEqual([6]);
    const stored = await db
      .select({ id: companyServiceSettings.settingId })
      .from(companyServiceSettings)
      .where(eq(companyServiceSettings.companyId, child.id));
    expect(stored.map((r) => r.id).sort((a, b) => a - b)).toEqual([6, 99]);
    await expectError(await put(other.company.id, 'services', servicesBody([])), 404, {
      code: 'NOT_FOUND',
      message: notFound(other.company.id),
    });
    await expectError(await put(child.id, 'services', servicesBody([]), managerSession), 403, {
      code: 'FORBIDDEN',
      message: MSG.forbidden,
    });
  });

  it('saves charging on parent and siblings and the mandatory license plate', async () => {
    const saved = await settings(
      await put(
        child.id,
        'services',
        servicesBody([6], { parent_can_charge_on: true, siblings_can_charge_on: true, mandatory_license_plate: true }),
      ),
    );
    expect(saved.services).toEqual({
      service_settings: [6],
      parent_can_charge_on: true,
      siblings_can_charge_on: true,
      mandatory_license_plate: true,
    });
  });
});

describe('siblings (spec settings/company/siblings, siblings-can-charge-on)', () => {
  it('lists linked siblings from either side and switches the flag', async () => {
    const sibling = await createCompany(db, { name: unique('Sibling') });
    await db.insert(companySiblings).values({ companyId: sibling.id, siblingId: admin.company.id });
    const res = await call('/settings/company/siblings', adminSession);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: [{ id: sibling.id, name: sibling.name }],
      siblings_can_charge_on: false,
    });
    const put = await call('/settings/company/siblings-can-charge-on', {
      ...adminSession,
      method: 'PUT',
      json: { siblings_can_charge_on: true },
    });
    expect(((await settings(put)) as Settings).services.siblings_can_charge_on).toBe(true);
    const reread = await db.select().from(companies).where(eq(companies.id, admin.company.id)).get();
    expect(reread?.siblingsCanChargeOn).toBe(true);
  });

  it('answers 404 for another company, 400 for a bad flag and 403 for a non-admin', async () => {
    await expectError(await call(`/settings/company/siblings?company_id=${other.company.id}`, adminSession), 404, {
      code: 'NOT_FOUND',
      message: notFound(other.company.id),
    });
    await expectError(
      await call('/settings/company/siblings-can-charge-on', {
        ...adminSession,
        method: 'PUT',
        json: { siblings_can_charge_on: true, company_id: other.company.id },
      }),
      404,
      { code: 'NOT_FOUND', message: notFound(other.company.id) },
    );
    const bad = await call('/settings/company/siblings-can-charge-on', {
      ...adminSession,
      method: 'PUT',
      json: { siblings_can_charge_on: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect((await call('/settings/company/siblings', managerSession)).status).toBe(403);
  });
});

describe('group labels tab', () => {
  it('saves four labels that the filters and /me use at once', async () => {
    const saved = await settings(
      await put(admin.company.id, 'group-labels', { group_labels: ['Region', 'Site', ' Team ', 'Desk'] }),
    );
    expect(saved.group_labels).toEqual(['Region', 'Site', 'Team', 'Desk']);
    const me = (await (await call('/me', adminSession)).json()) as { company: { groupLabels: string[] } };
    expect(me.company.groupLabels).toEqual(['Region', 'Site', 'Team', 'Desk']);
  });

  it('refuses an empty or too long label, a wrong count, another company and a non-admin', async () => {
    await expectError(await put(admin.company.id, 'group-labels', { group_labels: ['A', '', 'C', 'D'] }), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.label,
      field: 'group_labels.1',
    });
    await expectError(
      await put(admin.company.id, 'group-labels', { group_labels: ['A', 'B', 'C', 'x'.repeat(41)] }),
      400,
      { code: 'VALIDATION_FAILED', message: MSG.label, field: 'group_labels.3' },
    );
    expect((await put(admin.company.id, 'group-labels', { group_labels: ['A', 'B', 'C'] })).status).toBe(400);
    await expectError(await put(other.company.id, 'group-labels', { group_labels: ['A', 'B', 'C', 'D'] }), 404, {
      code: 'NOT_FOUND',
      message: notFound(other.company.id),
    });
    expect(
      (await put(admin.company.id, 'group-labels', { group_labels: ['A', 'B', 'C', 'D'] }, managerSession)).status,
    ).toBe(403);
  });
});

describe('effects on the fleet screens of the selected company', () => {
  const listEmails = async () => {
    const res = await call('/users', { ...adminSession, json: {} });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { email: string }[] }).data.map((u) => u.email);
  };
  const setServices = async (ids: number[], extra: Record<string, unknown> = {}) =>
    settings(await put(admin.company.id, 'services', servicesBody(ids, { confirm: true, ...extra })));

  it('42 hides deleted fleet users from the list', async () => {
    const gone = await createUser(db, {
      companyId: admin.company.id,
      email: `${unique('gone')}@example.test`,
      status: 'deleted',
    });
    await setServices([...BASE]);
    expect(await listEmails()).toContain(gone.email);
    await setServices([...BASE, SERVICE.HIDE_DELETED_FLEET_USERS]);
    expect(await listEmails()).not.toContain(gone.email);
  });

  it('52 opens the private users list; 53-55 choose its sessions; 56 shows e-mails on active ones', async () => {
    const driver = await createUser(db, {
      companyId: admin.company.id,
      email: `${unique('private')}@example.test`,
      onlyPrivate: true,
    });
    const home = await createStation(db, { uid: unique('HOME'), companyId: admin.company.id, type: 'home' });
    const pub = await createStation(db, { uid: unique('PUB'), companyId: admin.company.id, type: 'public' });
    await insertDriverSessions(driver, admin.company.id, [
      [home.id, 'in_progress'],
      [pub.id, 'closed'],
    ]);
    type Private = {
      session_scope: string;
      sessions: { station_type: string; email: string | null; status: string }[];
    };
    const privateList = async () => {
      const res = await call('/users/private', { ...adminSession, json: {} });
      return res.status === 200 ? ((await res.json()) as Private) : res.status;
    };

    await setServices([...BASE]);
    expect(await privateList()).toBe(403);
    await setServices([...BASE, SERVICE.PRIVATE_USER_LIST]);
    expect(await privateList()).toMatchObject({ session_scope: 'none', sessions: [] });

    await setServices([...BASE, SERVICE.PRIVATE_USER_LIST, SERVICE.PRIVATE_USERS_PRIVATE_SESSIONS]);
    const privateOnly = (await privateList()) as Private;
    expect(privateOnly.session_scope).toBe('private');
    // Without 56 the e-mail of a session in progress is hidden (GDPR).
    expect(privateOnly.sessions.map((s) => [s.station_type, s.email])).toEqual([['home', null]]);

    await setServices([...BASE, SERVICE.PRIVATE_USER_LIST, SERVICE.PRIVATE_USERS_ALL_SESSIONS]);
    const all = (await privateList()) as Private;
    expect(all.session_scope).toBe('all');
    expect(all.sessions.map((s) => s.station_type).sort()).toEqual(['home', 'public']);

    await setServices([
      ...BASE,
      SERVICE.PRIVATE_USER_LIST,
      SERVICE.PRIVATE_USERS_ALL_SESSIONS,
      SERVICE.PRIVATE_EMAIL_ON_ACTIVE_SESSIONS,
    ]);
    const shown = (await privateList()) as Private;
    expect(shown.sessions.find((s) => s.status === 'in_progress')?.email).toBe(driver.email);
    expect(shown.sessions.find((s) => s.status === 'closed')?.email).toBe(driver.email);
  });

  it('the mandatory license plate decides whether the user wizard asks for one', async () => {
    const body = () => ({
      email: `${unique('driver')}@example.test`,
      corporate_group_id: groupId,
      can_charge_work: true,
    });
    await setServices([...BASE], { mandatory_license_plate: true });
    await expectError(await call('/users/create', { ...adminSession, json: body() }), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.plateRequired,
      field: 'license_plate',
    });
    await setServices([...BASE], { mandatory_license_plate: false });
    expect((await call('/users/create', { ...adminSession, json: body() })).status).toBe(201);
  });

  it('turning off 6 (manage users) hides the fleet user screens after confirmation', async () => {
    await setServices([...BASE]);
    expect((await call('/users/create', { ...adminSession, json: {} })).status).toBe(400);
    await setServices([]);
    expect((await call('/users/create', { ...adminSession, json: {} })).status).toBe(403);
    await setServices([...BASE]);
  });
});
