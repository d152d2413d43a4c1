/**
 * Graphic customisation, mobile app customisation, reports settings and demo mode (issue 20 parts 2 and 7,
 * ADR 049): logo type and size refused with their texts, stored in R2 and served behind the session; every
 * tab saved and read again; 403 for a fleet manager, 404 for another company; demo mode masking the e-mails
 * of a list and of an export.
 */
import { SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { createUser } from '../../drizzle/seed/factories';
import {
  BASE,
  call,
  db,
  expectError,
  failOnConsoleError,
  login,
  type Session,
  unique,
  type World,
  world,
} from './helpers';

failOnConsoleError();

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const FORBIDDEN = "Forbidden resource. You don't have the permission to request this resource.";

interface Branding {
  company_id: number;
  logo_url: string | null;
  brand_color: string | null;
  title: string | null;
  white_label: boolean;
  demo_mode: boolean;
}

let admin: World;
let adminSession: Session;
let managerSession: Session;
let managerEmail: string;
let driverEmail: string;
let other: World;
let otherSession: Session;

const branding = (id: number, s: Session = adminSession) => call(`/settings/company/${id}/branding`, s);
const putBranding = (id: number, json: Record<string, unknown>, s: Session = adminSession) =>
  call(`/settings/company/${id}/branding`, { ...s, method: 'PUT', json });
const brandingBody = (extra: Record<string, unknown> = {}) => ({
  brand_color: '#1A73E8',
  title: '  Acme   Charge ',
  white_label: false,
  demo_mode: false,
  ...extra,
});
function uploadLogo(id: number, bytes: Uint8Array<ArrayBuffer>, s: Session = adminSession) {
  const form = new FormData();
  // The client's content type lies on purpose: only the bytes decide.
  form.append('file', new File([bytes], 'logo.png', { type: 'image/png' }));
  return SELF.fetch(`${BASE}/api/settings/company/${id}/logo`, {
    method: 'POST',
    headers: { cookie: `sid=${s.cookie}`, 'cf-connecting-ip': s.ip },
    body: form,
  });
}

beforeAll(async () => {
  const company = { isEvfleet: true, services: [SERVICE.MANAGE_USERS, SERVICE.USER_LIMITS] };
  admin = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company });
  other = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company });
  managerEmail = `${unique('manager')}@example.test`;
  await createUser(
    db,
    {
      companyId: admin.company.id,
      email: managerEmail,
      password: admin.password,
      roles: [ROLE.FLEET_MANAGER_MANAGE_USERS],
    },
    { iterations: 1000 },
  );
  driverEmail = `${unique('Driver')}@example.test`;
  await createUser(
    db,
    { companyId: admin.company.id, email: driverEmail, password: admin.password, roles: [] },
    { iterations: 1000 },
  );
  [adminSession, managerSession, otherSession] = await Promise.all([
    login(admin.email, admin.password, admin.ip),
    login(managerEmail, admin.password),
    login(other.email, other.password, other.ip),
  ]);
});

describe('graphic customisation', () => {
  it('saves the brand colour, title and flags and shows them again, in the tab and in /me', async () => {
    const before = (await (await branding(admin.company.id)).json()) as Branding;
    expect(before).toEqual({
      company_id: admin.company.id,
      logo_url: null,
      brand_color: null,
      title: null,
      white_label: false,
      demo_mode: false,
    });
    const saved = await putBranding(admin.company.id, brandingBody({ white_label: true }));
    expect(saved.status).toBe(200);
    const again = (await (await branding(admin.company.id)).json()) as Branding;
    expect(again).toMatchObject({ brand_color: '#1a73e8', title: 'Acme Charge', white_label: true, demo_mode: false });
    const me = (await (await call('/me', managerSession)).json()) as { company: { branding: Branding } };
    expect(me.company.branding).toMatchObject({ title: 'Acme Charge', white_label: true, brand_color: '#1a73e8' });
    await putBranding(admin.company.id, brandingBody());
  });

  it('refuses a colour that is not #rrggbb and a title over 60 characters, with their texts', async () => {
    await expectError(await putBranding(admin.company.id, brandingBody({ brand_color: 'red' })), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Write the brand colour as #rrggbb, e.g. #00aaff.',
      field: 'brand_color',
    });
    await expectError(await putBranding(admin.company.id, brandingBody({ title: 'x'.repeat(61) })), 400, {
      code: 'VALIDATION_FAILED',
      message: 'The title must be 1 to 60 characters.',
      field: 'title',
    });
  });

  it('is for admins of the company (403 for a fleet manager, 404 for another company)', async () => {
    await expectError(await putBranding(admin.company.id, brandingBody(), managerSession), 403, {
      code: 'FORBIDDEN',
      message: FORBIDDEN,
    });
    await expectError(await branding(other.company.id), 404, {
      code: 'NOT_FOUND',
      message: `Company id: ${other.company.id} not found.`,
    });
    expect((await uploadLogo(other.company.id, PNG)).status).toBe(404);
  });
});

describe('logo', () => {
  it('refuses SVG and files over 1 MB, with their texts', async () => {
    await expectError(await uploadLogo(admin.company.id, SVG), 400, {
      code: 'LOGO_TYPE_REFUSED',
      message: 'The logo must be a PNG or JPEG image (SVG is not accepted).',
      field: 'file',
    });
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(PNG);
    await expectError(await uploadLogo(admin.company.id, big), 413, {
      code: 'LOGO_TOO_LARGE',
      message: 'The logo is larger than 1 MB.',
      field: 'file',
    });
  });

  it('stores a PNG and serves it to users of the company only, under a URL that changes with each upload', async () => {
    const res = await uploadLogo(admin.company.id, PNG);
    expect(res.status).toBe(200);
    const first = ((await res.json()) as Branding).logo_url as string;
    expect(first).toMatch(new RegExp(`^/api/company-logos/${admin.company.id}/[0-9a-f-]{36}\\.png$`));
    const served = await SELF.fetch(`${BASE}${first}`, { headers: { cookie: `sid=${managerSession.cookie}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    const foreign = await SELF.fetch(`${BASE}${first}`, { headers: { cookie: `sid=${otherSession.cookie}` } });
    expect(foreign.status).toBe(404);
    expect((await SELF.fetch(`${BASE}${first}`)).status).toBe(401);

    const second = ((await (await uploadLogo(admin.company.id, PNG)).json()) as Branding).logo_url;
    expect(second).not.toBe(first);
    const old = await SELF.fetch(`${BASE}${first}`, { headers: { cookie: `sid=${adminSession.cookie}` } });
    expect(old.status).toBe(404);
    const removed = await call(`/settings/company/${admin.company.id}/logo`, { ...adminSession, method: 'DELETE' });
    expect(((await removed.json()) as Branding).logo_url).toBeNull();
  });
});

describe('mobile app customisation', () => {
  it('lists the customisations and saves the company choice; an unknown id is 404', async () => {
    const list = (await (await call('/app-customizations', adminSession)).json()) as {
      data: { id: number; name: string }[];
    };
    const standard = list.data.find((a) => a.name === 'Standard app');
    expect(standard).toBeDefined();
    const path = `/settings/company/${admin.company.id}/app-customization`;
    const put = await call(path, {
      ...adminSession,
      method: 'PUT',
      json: { app_customization_customers_id: standard?.id },
    });
    expect(put.status).toBe(200);
    expect(await (await call(path, adminSession)).json()).toMatchObject({
      app_customization_customers_id: standard?.id,
    });
    await expectError(
      await call(path, { ...adminSession, method: 'PUT', json: { app_customization_customers_id: 999999 } }),
      404,
      {
        code: 'NOT_FOUND',
        message: 'App customisation id: 999999 not found.',
        field: 'app_customization_customers_id',
      },
    );
  });

  it('lets only super users change the catalog', async () => {
    const res = await call('/app-customizations', { ...adminSession, json: { name: unique('App') } });
    expect(res.status).toBe(403);
    const sup = await world({ roles: [ROLE.SUPER_USER] });
    const superSession = await login(sup.email, sup.password, sup.ip);
    const name = unique('Fleet app');
    const created = await call('/app-customizations', { ...superSession, json: { name } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await expectError(await call('/app-customizations', { ...superSession, json: { name } }), 409, {
      code: 'CONFLICT',
      message: 'An app customisation with this name already exists.',
      field: 'name',
    });
    const renamed = await call(`/app-customizations/${id}`, {
      ...superSession,
      method: 'PUT',
      json: { name: `${name} 2` },
    });
    expect(await renamed.json()).toEqual({ id, name: `${name} 2` });
    const list = (await (await call('/app-customizations', adminSession)).json()) as { data: { name: string }[] };
    expect(list.data.map((a) => a.name)).toContain(`${name} 2`);
  });
});

describe('reports', () => {
  it('saves which revenue reports go to whom and says sending is not yet available', async () => {
    const body = { monthly_revenue: true, quarterly_revenue: false, recipients: ' CFO@acme.test, ops@acme.test ' };
    expect((await call('/company/reports', { ...adminSession, method: 'PUT', json: body })).status).toBe(200);
    expect(await (await call('/company/reports', adminSession)).json()).toEqual({
      company_id: admin.company.id,
      monthly_revenue: true,
      quarterly_revenue: false,
      recipients: 'cfo@acme.test, ops@acme.test',
      sending: 'active',
    });
  });

  it('refuses a bad address, and another company', async () => {
    const body = { monthly_revenue: true, quarterly_revenue: true, recipients: 'cfo@acme.test, nope' };
    await expectError(await call('/company/reports', { ...adminSession, method: 'PUT', json: body }), 400, {
      code: 'VALIDATION_FAILED',
      message: '“nope” is not a valid e-mail address.',
      field: 'recipients',
    });
    expect((await call(`/company/reports?company_id=${other.company.id}`, adminSession)).status).toBe(404);
    const many = Array.from({ length: 21 }, (_, i) => `r${i}@acme.test`).join(', ');
    await expectError(
      await call('/company/reports', { ...adminSession, method: 'PUT', json: { ...body, recipients: many } }),
      400,
      { code: 'VALIDATION_FAILED', message: 'At most 20 report recipients (21 given).', field: 'recipients' },
    );
  });
});

describe('demo mode', () => {
  it('masks the e-mails of the fleet user list and of its CSV export, and stops when turned off', async () => {
    const listed = async () => JSON.stringify(await (await call('/users', { ...managerSession, json: {} })).json());
    const exported = async () => (await call('/users/export', { ...managerSession, json: {} })).text();
    expect(await listed()).toContain(driverEmail.toLowerCase());
    expect(await exported()).toContain(driverEmail.toLowerCase());

    await putBranding(admin.company.id, brandingBody({ demo_mode: true }));
    const list = await listed();
    const csv = await exported();
    expect(list).not.toContain('@');
    expect(csv).not.toContain('@');
    const placeholders = (list.match(/"email":"(\d{4})"/g) ?? []).map((m) => Number(m.slice(9, 13)));
    expect(placeholders.length).toBeGreaterThan(0);
    for (const p of placeholders) expect(p).toBeGreaterThanOrEqual(1000);
    for (const p of placeholders) expect(p).toBeLessThanOrEqual(5000);

    await putBranding(admin.company.id, brandingBody({ demo_mode: false }));
    expect(await listed()).toContain(driverEmail.toLowerCase());
  });
});
