/**
 * Driver self-service (spec 2 7.8 update-user-data, /my-data): every field's validation message,
 * IBAN sealed and never answered or logged in clear, station choice by the charger's rule,
 * permissions, another company's user, a private user editing someone else.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import { auditLog, userPersonalData, users } from '../../drizzle/schema';
import { createStation, createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const FLEET = { isEvfleet: true, services: [SERVICE.MANAGE_USERS] };
const GOOD_IBAN = 'DE89 3704 0044 0532 0130 00';
const MSG = {
  forbidden: "Forbidden resource. You don't have the permission to request this resource.",
  notFound: 'User not found',
  // The private user chose French in the first test of their block.
  ownOnlyFr: 'Vous ne pouvez modifier que vos propres données personnelles.',
  characters:
    'The IBAN must start with a country code and two check digits, followed by letters and digits only (spaces are allowed).',
  country: 'The IBAN starts with US, which is not a country that uses IBANs.',
  length: 'An IBAN from DE has 22 characters; this one has 21.',
  checksum: 'The IBAN check digits do not match: look for a mistyped character.',
  isoCountry: 'Choose a country by its two-letter ISO code (e.g. FR).',
  lang: 'Choose one of the languages: en, de, fr, nl, it, es, pt.',
};

interface UserData {
  userId: number;
  firstName: string | null;
  country: string | null;
  city: string | null;
  zip: string | null;
  autoRechargeEnabled: boolean;
  stationId: number | null;
  stationName: string | null;
  ibanMasked: string | null;
  ibanOwner: string | null;
  ssnMasked: string | null;
  lang: string;
}

let manager: World;
let session: Session;
let viewer: Session;
let otherManager: Session;
let driverId: number;
let otherDriverId: number;
let privateUser: World;
let privateSession: Session;
let privateSibling: number;
let workStation: number;
let foreignWorkStation: number;
let publicStation: number;

const email = () => `${unique('driver')}@example.test`;

beforeAll(async () => {
  manager = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
  const other = await world({ roles: [ROLE.FLEET_MANAGER_MANAGE_USERS], company: FLEET });
  privateUser = await world({ roles: [ROLE.SELF_CHARGE], user: { canChargeHome: true, canChargePublic: true } });
  const view = await createUser(
    db,
    { companyId: manager.company.id, email: email(), password: manager.password, roles: [ROLE.FLEET_MANAGER_VIEW] },
    { iterations: 1000 },
  );
  const driver = await createUser(db, { companyId: manager.company.id, email: email(), canChargeWork: true });
  const otherDriver = await createUser(db, { companyId: other.company.id, email: email(), canChargeWork: true });
  const sibling = await createUser(db, { companyId: privateUser.company.id, email: email() });
  driverId = driver.id;
  otherDriverId = otherDriver.id;
  privateSibling = sibling.id;
  workStation = (await createStation(db, { uid: unique('WRK'), companyId: manager.company.id, type: 'work' })).id;
  foreignWorkStation = (await createStation(db, { uid: unique('FWK'), companyId: other.company.id, type: 'work' })).id;
  publicStation = (await createStation(db, { uid: unique('PUB'), companyId: other.company.id, type: 'public' })).id;
  [session, viewer, otherManager, privateSession] = await Promise.all([
    login(manager.email, manager.password, manager.ip),
    login(view.email, manager.password),
    login(other.email, other.password, other.ip),
    login(privateUser.email, privateUser.password, privateUser.ip),
  ]);
});

const update = (userId: number, json: unknown, s: Session = session) =>
  call(`/users/${userId}/update-user-data`, { ...s, json });
const selfUpdate = (userId: number, json: unknown, s: Session = privateSession) =>
  call(`/my-data/${userId}/update-user-data`, { ...s, json });

describe('fleet admin: users/{userId}/update-user-data', () => {
  it('saves every personal data field; IBAN stored normalized and sealed, answered masked', async () => {
    const res = await update(driverId, {
      firstName: 'Lea',
      lastName: 'Roth',
      country: 'de',
      city: 'Köln',
      district: 'Ehrenfeld',
      street: 'Venloer Str.',
      streetNumber: '12a',
      zip: '50823',
      autoRechargeEnabled: true,
      stationId: workStation,
      iban: GOOD_IBAN.toLowerCase(),
      ibanOwner: 'Lea Roth',
      ssn: '1850775123456',
      lang: 'de',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as UserData;
    expect(body).toMatchObject({
      firstName: 'Lea',
      country: 'DE',
      city: 'Köln',
      zip: '50823',
      autoRechargeEnabled: true,
      stationId: workStation,
      ibanMasked: 'DE•• •••• 3000',
      ibanOwner: 'Lea Roth',
      ssnMasked: '••••••••56',
      lang: 'de',
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain('370400440532013000');
    expect(text).not.toContain('1850775123456');
    const row = await db.select().from(userPersonalData).where(eq(userPersonalData.userId, driverId)).get();
    expect(row?.ibanSealed).toMatch(/^v1\./);
    expect(row?.ibanSealed).not.toContain('DE89');
    expect(row).toMatchObject({ ibanCountry: 'DE', ibanLast4: '3000' });
    const u = await db.select().from(users).where(eq(users.id, driverId)).get();
    expect(u?.language).toBe('de');
    // The audit names the fields, never the values.
    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(driverId)));
    const detail = audits.map((a) => a.detailJson ?? '').join(' ');
    expect(detail).toContain('iban');
    expect(detail).not.toContain('3704');
    expect(detail).not.toContain('1850775123456');
  });

  it('reads back masked, changes only the fields sent, null clears', async () => {
    const read = await call(`/users/${driverId}/user-data`, viewer);
    expect(read.status).toBe(200);
    expect(((await read.json()) as UserData).ibanMasked).toBe('DE•• •••• 3000');
    const res = await update(driverId, { city: 'Bonn', iban: null, stationId: null });
    const body = (await res.json()) as UserData;
    expect(body).toMatchObject({
      city: 'Bonn',
      zip: '50823',
      ibanMasked: null,
      stationId: null,
      ibanOwner: 'Lea Roth',
    });
  });

  it('names each IBAN failure and keeps the stored value', async () => {
    await update(driverId, { iban: 'NL91ABNA0417164300' });
    const cases: [string, string][] = [
      ['DE89-3704-0044-0532-0130-00', MSG.characters],
      ['US12 3456 7890 1234', MSG.country],
      ['DE89 3704 0044 0532 0130 0', MSG.length],
      ['DE88 3704 0044 0532 0130 00', MSG.checksum],
    ];
    for (const [iban, message] of cases) {
      await expectError(await update(driverId, { iban, city: 'Lost' }), 400, {
        code: 'VALIDATION_FAILED',
        message,
        field: 'iban',
      });
    }
    const body = (await (await call(`/users/${driverId}/user-data`, session)).json()) as UserData;
    expect(body.ibanMasked).toBe('NL•• •••• 4300');
    expect(body.city).toBe('Bonn');
  });

  it('checks country, language and unknown fields', async () => {
    await expectError(await update(driverId, { country: 'XX' }), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.isoCountry,
      field: 'country',
    });
    await expectError(await update(driverId, { country: 'France' }), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.isoCountry,
      field: 'country',
    });
    await expectError(await update(driverId, { lang: 'ru' }), 400, {
      code: 'VALIDATION_FAILED',
      message: MSG.lang,
      field: 'lang',
    });
    const res = await update(driverId, { password: 'x' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('UNKNOWN_FIELD');
  });

  it('accepts only a station the user may charge at', async () => {
    // A work station of another company: not in the driver's family.
    await expectError(await update(driverId, { stationId: foreignWorkStation }), 400, {
      code: 'VALIDATION_FAILED',
      message: `Station id: ${foreignWorkStation} is not a station this user may charge at.`,
      field: 'stationId',
    });
    // A public station, but the driver has no public permission.
    await expectError(await update(driverId, { stationId: publicStation }), 400, {
      code: 'VALIDATION_FAILED',
      message: `Station id: ${publicStation} is not a station this user may charge at.`,
      field: 'stationId',
    });
    await expectError(await update(driverId, { stationId: 999999 }), 400, {
      code: 'VALIDATION_FAILED',
      message: 'Station id: 999999 is not a station this user may charge at.',
      field: 'stationId',
    });
    const list = await call(`/users/${driverId}/user-data/stations`, session);
    const ids = ((await list.json()) as { data: { id: number }[] }).data.map((s) => s.id);
    expect(ids).toContain(workStation);
    expect(ids).not.toContain(foreignWorkStation);
    expect(ids).not.toContain(publicStation);
  });

  it('refuses a viewer (403) and another company (404)', async () => {
    await expectError(await update(driverId, { city: 'X' }, viewer), 403, {
      code: 'FORBIDDEN',
      message: MSG.forbidden,
    });
    await expectError(await update(driverId, { city: 'X' }, otherManager), 404, {
      code: 'USER_NOT_FOUND',
      message: MSG.notFound,
    });
    await expectError(await call(`/users/${driverId}/user-data`, otherManager), 404, {
      code: 'USER_NOT_FOUND',
      message: MSG.notFound,
    });
    await expectError(await update(otherDriverId, { city: 'X' }), 404, {
      code: 'USER_NOT_FOUND',
      message: MSG.notFound,
    });
    // A private user is not a fleet admin.
    await expectError(await update(privateUser.user.id, { city: 'X' }, privateSession), 403, {
      code: 'FORBIDDEN',
      message: MSG.forbidden,
    });
  });
});

describe('private user: /my-data/{userId}/update-user-data', () => {
  it('changes their own data, with a usable station of the public network', async () => {
    const res = await selfUpdate(privateUser.user.id, {
      street: 'Rue de Rivoli',
      streetNumber: '1',
      zip: '75001',
      city: 'Paris',
      country: 'FR',
      iban: 'FR14 2004 1010 0505 0001 3M02 606',
      stationId: publicStation,
      lang: 'fr',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ city: 'Paris', ibanMasked: 'FR•• •••• 2606', stationId: publicStation });
    const read = await call(`/my-data/${privateUser.user.id}/user-data`, privateSession);
    expect(((await read.json()) as UserData).lang).toBe('fr');
  });

  it('validates as the admin route does, in the language the user just chose', async () => {
    await expectError(await selfUpdate(privateUser.user.id, { iban: 'FR14 2004 1010 0505 0001 3M02 607' }), 400, {
      code: 'VALIDATION_FAILED',
      message: "Les chiffres de contrôle de l'IBAN ne correspondent pas : cherchez un caractère mal saisi.",
      field: 'iban',
    });
  });

  it('refuses another id (404: 403 is only what roles refuse), even of the same company', async () => {
    for (const id of [privateSibling, driverId, 999999]) {
      await expectError(await selfUpdate(id, { city: 'X' }), 404, { code: 'USER_NOT_FOUND', message: MSG.ownOnlyFr });
      await expectError(await call(`/my-data/${id}/user-data`, privateSession), 404, {
        code: 'USER_NOT_FOUND',
        message: MSG.ownOnlyFr,
      });
    }
    const sibling = await db.select().from(userPersonalData).where(eq(userPersonalData.userId, privateSibling)).get();
    expect(sibling).toBeUndefined();
  });

  it('is for private users only: a fleet manager gets 403 even for their own id', async () => {
    await expectError(await selfUpdate(manager.user.id, { city: 'X' }, session), 403, {
      code: 'FORBIDDEN',
      message: MSG.forbidden,
    });
  });

  it('needs a login', async () => {
    const res = await call(`/my-data/${privateUser.user.id}/update-user-data`, { json: { city: 'X' } });
    expect(res.status).toBe(401);
  });
});
