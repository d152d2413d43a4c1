/**
 * Demo mode in the file exports (issue 20 part 7, ADR 049 addendum): with the company's demo mode on,
 * the sessions CSV, XLSX and PDF, the fleet users CSV and the wallet ledger CSV carry none of the seeded
 * driver's e-mail, licence plate, employee number, card UUID and key hanger code, but their placeholders
 * in 1000–5000, the same ones the JSON list shows; with demo mode off the real values are back.
 */
import { appendEntry } from '@db/queries/wallet-ledger.store';
import { chargingSessions, companies, corporateGroups, rfids, users, wallets } from '@db/schema';
import { createCompany, createConnector, createStation, createUser } from '@db/seed/factories';
import { ROLE } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import { DEMO_MAX, DEMO_MIN, demoPlaceholder } from '@domain/sessions/display';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { call, db, failOnConsoleError, login, type Session, unique, world } from './helpers';
import { readPdf } from './pdf-text';

failOnConsoleError();

const T0 = Date.UTC(2026, 5, 3, 7, 0);

let session: Session;
let companyId: number;
let walletId: number;
let driverId: number;
/** The driver's real values, each a string an export must hide in demo mode. */
let real: { email: string; plate: string; employee: string; uuid: string; hanger: string; author: string };
const tag = unique('Demo');

beforeAll(async () => {
  const fleet = await world({
    roles: [ROLE.ADMINISTRATIVE_SERVICES],
    company: { isEvfleet: true, services: [SERVICE.MANAGE_USERS, SERVICE.USER_LIMITS] },
  });
  companyId = fleet.company.id;
  const suffix = tag.slice(-6).toUpperCase();
  real = {
    email: `${unique('driver')}@example.test`,
    plate: 'DM-427-QX',
    employee: `EMP-${suffix}`,
    uuid: `04${suffix}AA`,
    hanger: `KH-${suffix}`,
    author: `${unique('author')}@example.test`,
  };
  const [group] = await db.insert(corporateGroups).values({ companyId, name: 'Drivers' }).returning();
  const driver = await createUser(db, {
    companyId,
    email: real.email,
    licensePlate: real.plate,
    employeeNumber: real.employee,
    corporateGroupId: group?.id ?? null,
    canChargeWork: true,
  });
  driverId = driver.id;
  // An author without a name: the ledger shows the author by e-mail.
  const author = await createUser(db, { companyId, email: real.author });
  await db.insert(rfids).values({ companyId, keyHangerCode: real.hanger, uuid: real.uuid, userId: driver.id });

  const operator = await createCompany(db, { name: unique('Operator'), cpms: 'public' });
  const station = await createStation(db, {
    uid: `${tag}-S`,
    name: `${tag} Square`,
    companyId: operator.id,
    type: 'public',
  });
  const connector = await createConnector(db, { stationId: station.id, connectorNumber: 1, uid: `${tag}-S-1` });
  await db.insert(chargingSessions).values({
    cdrId: `${tag}-one`,
    status: 'closed',
    stationId: station.id,
    connectorId: connector.id,
    connectorNumber: 1,
    companyId: operator.id,
    ownerCompanyId: operator.id,
    startKey: `${tag}-one`,
    startAt: new Date(T0),
    endAt: new Date(T0 + 3_600_000),
    meterStartWh: 0,
    energyWh: 8_000,
    durationS: 3600,
    stationName: station.name,
    authId: real.uuid,
    startMethod: 'RFID',
    userId: driver.id,
    userEmail: real.email,
    childPlate: real.plate,
    childEmployeeId: real.employee,
    userKeyHangerCode: real.hanger,
  });

  const [wallet] = await db
    .insert(wallets)
    .values({ companyId, name: 'Company wallet', currency: 'EUR' })
    .returning({ id: wallets.id });
  if (!wallet) throw new Error('wallet insert returned nothing');
  walletId = wallet.id;
  await appendEntry(db, {
    walletId,
    kind: 'adjustment',
    amount: 500,
    reference: `adjustment:${crypto.randomUUID()}`,
    reason: 'Goodwill',
    authorId: author.id,
  });
  session = await login(fleet.email, fleet.password, fleet.ip);
});

const setDemo = (on: boolean) => db.update(companies).set({ demoMode: on }).where(eq(companies.id, companyId));

async function sessionsExport(format: 'csv' | 'xlsx' | 'pdf'): Promise<string> {
  const res = await call('/sessions/fleet/roaming', { ...session, json: { keyword: tag, format } });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-export-rows')).toBe('1');
  if (format === 'csv') return res.text();
  if (format === 'pdf') return (await readPdf(res)).pages;
  const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: 'array' });
  const sheet = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
  return XLSX.utils
    .sheet_to_json<unknown[]>(sheet, { header: 1 })
    .map((row) => row.join('\t'))
    .join('\n');
}

async function usersCsv(): Promise<string> {
  const res = await call('/users/export', { ...session, json: {} });
  expect(res.status).toBe(200);
  return res.text();
}

async function ledgerCsv(): Promise<string> {
  const res = await call(`/wallet/${walletId}/entries.csv`, session);
  expect(res.status).toBe(200);
  return res.text();
}

/** The placeholder of a value, checked to be in the spec's range. */
function placeholder(value: string): string {
  const p = demoPlaceholder(value);
  expect(Number(p)).toBeGreaterThanOrEqual(DEMO_MIN);
  expect(Number(p)).toBeLessThanOrEqual(DEMO_MAX);
  return p;
}

function expectMasked(text: string, values: string[]) {
  for (const v of values) {
    // A PDF cell may cut a long value with "…": its first characters must not show either.
    expect(text).not.toContain(v.slice(0, 10));
    expect(text).toContain(placeholder(v));
  }
}

describe('demo mode in the exports', () => {
  it('masks e-mails and codes in the sessions CSV, XLSX and PDF', async () => {
    await setDemo(true);
    const driverValues = [real.email, real.plate, real.employee, real.hanger];
    for (const format of ['csv', 'xlsx', 'pdf'] as const) expectMasked(await sessionsExport(format), driverValues);
  });

  it('masks the fleet users CSV with the placeholders of the JSON list, card by card', async () => {
    await setDemo(true);
    const csv = await usersCsv();
    expectMasked(csv, [real.email, real.plate, real.employee, real.uuid]);
    const list = (await (await call('/users', { ...session, json: {} })).json()) as {
      data: { email: string; license_plate: string; rfids: { uuid: string; key_hanger_code: string }[] }[];
    };
    const shown = list.data.find((u) => u.email === placeholder(real.email));
    expect(shown).toMatchObject({
      license_plate: placeholder(real.plate),
      rfids: [{ uuid: placeholder(real.uuid), key_hanger_code: placeholder(real.hanger) }],
    });
    expect(JSON.stringify(list)).not.toContain(real.uuid);
  });

  it('masks an author shown by e-mail in the wallet ledger CSV and its JSON page alike', async () => {
    await setDemo(true);
    expectMasked(await ledgerCsv(), [real.author]);
    const page = (await (await call(`/wallet/${walletId}/entries`, session)).json()) as {
      data: { authorName: string }[];
    };
    expect(page.data[0]?.authorName).toBe(placeholder(real.author));
  });

  it('keeps the stored values when the user form sends back the placeholders it was shown', async () => {
    await setDemo(true);
    const form = (await (await call(`/users/${driverId}`, session)).json()) as Record<string, unknown>;
    expect(form.email).toBe(placeholder(real.email));
    // An e-mail placeholder is no e-mail: the body's validation refuses it before anything is written.
    const refused = await call(`/users/${driverId}`, { ...session, method: 'PUT', json: { email: form.email } });
    expect(refused.status, await refused.clone().text()).toBe(400);
    const json = { license_plate: form.license_plate, employee_number: form.employee_number, first_name: 'Renamed' };
    const res = await call(`/users/${driverId}`, { ...session, method: 'PUT', json });
    expect(res.status, await res.clone().text()).toBe(200);
    const stored = await db.select().from(users).where(eq(users.id, driverId)).get();
    expect(stored).toMatchObject({
      email: real.email,
      licensePlate: real.plate,
      employeeNumber: real.employee,
      firstName: 'Renamed',
    });
  });

  it('shows the real values again once demo mode is off', async () => {
    await setDemo(false);
    for (const format of ['csv', 'xlsx'] as const) {
      const text = await sessionsExport(format);
      for (const v of [real.email, real.plate, real.employee, real.hanger]) expect(text).toContain(v);
    }
    const pdf = await sessionsExport('pdf');
    for (const v of [real.email, real.plate, real.employee, real.hanger]) expect(pdf).toContain(v.slice(0, 10));
    const csv = await usersCsv();
    for (const v of [real.email, real.plate, real.employee, real.uuid]) expect(csv).toContain(v);
    expect(await ledgerCsv()).toContain(real.author);
  });
});
