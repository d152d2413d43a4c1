/** PDF export of the session lists (spec 7.15 "exportPdf gives blob"): scope, filters, columns, permission. */
import { beforeAll, describe, expect, it } from 'vitest';
import { chargingSessions } from '../../drizzle/schema';
import { createCompany, createConnector, createStation, createUser } from '../../drizzle/seed/factories';
import { call, db, failOnConsoleError, login, type Session, unique, world } from './helpers';
import { readPdf } from './pdf-text';

failOnConsoleError();

const H = 3_600_000;
const T0 = Date.UTC(2026, 6, 1, 8, 0);

describe('session list PDF export', () => {
  const tag = unique('PDF');
  let admin: Session;
  let fleetManager: Session;
  let selfCharge: Session;
  let stationA: number;
  let outsiderConnector: number;

  beforeAll(async () => {
    const operator = await world({ roles: [37], company: { cpms: 'public', empServices: true } });
    const fleet = await world({ roles: [35], company: { isEvfleet: true } });
    const noSessions = await world({ roles: [55], company: { cpms: 'public' } });
    const driver = await createUser(db, { companyId: fleet.company.id, email: `${unique('driver')}@example.test` });
    const outsider = await createCompany(db, { name: unique('Outsider'), cpms: 'public' });
    const stA = await createStation(db, {
      uid: `${tag}-A`,
      name: `${tag} Café Zürich – Straße`,
      companyId: operator.company.id,
      type: 'public',
    });
    const stB = await createStation(db, { uid: `${tag}-B`, name: `${tag} Gare`, companyId: operator.company.id });
    const stX = await createStation(db, { uid: `${tag}-X`, name: `${tag} Elsewhere`, companyId: outsider.id });
    stationA = stA.id;
    const cA = await createConnector(db, { stationId: stA.id, connectorNumber: 1, uid: `${tag}-A-1` });
    const cB = await createConnector(db, { stationId: stB.id, connectorNumber: 1, uid: `${tag}-B-1` });
    const cX = await createConnector(db, { stationId: stX.id, connectorNumber: 1, uid: `${tag}-X-1` });
    outsiderConnector = cX.id;
    const session = (name: string, st: typeof stA, connector: number, start: number, extra: object = {}) => ({
      cdrId: `${tag}-${name}`,
      status: 'closed' as const,
      stationId: st.id,
      connectorId: connector,
      connectorNumber: 1,
      companyId: st.companyId,
      ownerCompanyId: st.ownerCompanyId,
      startKey: `${tag}-${name}`,
      startAt: new Date(start),
      endAt: new Date(start + H),
      meterStartWh: 0,
      energyWh: 12_345,
      durationS: 3600,
      chargingMinutes: 50,
      parkingS: 600,
      stationName: st.name,
      authId: `AUTH-${name}`,
      startMethod: 'RFID',
      ...extra,
    });
    await db.insert(chargingSessions).values([
      session('one', stA, cA.id, T0, {
        userId: driver.id,
        userEmail: driver.email,
        pricingStatus: 'priced',
        empTotal: 468,
        empNetTotal: 390,
        empNetEnergy: 390,
        empEnergy: 468,
        vatValue: 78,
      }),
      session('two', stA, cA.id, T0 + 24 * H, { pricingStatus: 'priced', empTotal: 1000, empNetTotal: 820 }),
      session('flag', stB, cB.id, T0 + 48 * H, { needsRevision: 1, pricingNote: 'No tariff applies' }),
      session('other', stX, cX.id, T0, { userId: driver.id, userEmail: driver.email }),
    ]);
    [admin, fleetManager, selfCharge] = await Promise.all([
      login(operator.email, operator.password, operator.ip),
      login(fleet.email, fleet.password, fleet.ip),
      login(noSessions.email, noSessions.password, noSessions.ip),
    ]);
  });

  const pdf = async (path: string, who: Session, json: Record<string, unknown>) => {
    const res = await call(path, { ...who, json: { ...json, format: 'pdf' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sessions-[a-z_]+-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const body = await readPdf(res);
    expect(body.file.startsWith('%PDF-1.4\n')).toBe(true);
    expect(body.file.endsWith('%%EOF\n')).toBe(true);
    return { ...body, rows: res.headers.get('x-export-rows') };
  };

  it('returns the company’s sessions as a PDF with the variant’s columns, accents and sums', async () => {
    const { pages, rows } = await pdf('/connectors/sessions', admin, { keyword: tag });
    expect(rows).toBe('3');
    expect(pages).toContain('(Sessions \xb7 E-mobility provider) Tj');
    // WinAnsi bytes: é ü and the en dash (0x96); the long name may be cut with "…" to fit its column.
    expect(pages).toContain(`(${tag} Caf\xe9 Z\xfcrich \x96 St`);
    expect(pages).toContain(`(${tag}-one) Tj`);
    expect(pages).toContain(`(${tag}-flag) Tj`);
    expect(pages).not.toContain('Elsewhere');
    expect(pages).not.toContain(`${tag}-other`);
    // Provider columns of the emp variant, unpriced shown as such, the sums of the priced rows.
    expect(pages).toContain('(Provider');
    expect(pages).toContain('(unpriced) Tj');
    expect(pages).toContain('(Sums) Tj');
    expect(pages).toContain('(14,68) Tj');
    expect(pages).toContain('(37,035) Tj');
    expect(pages).toContain('(3 sessions in this document.) Tj');
    expect(pages).toContain('(1 sessions are unpriced; their prices are not in the sums.) Tj');
    expect(pages).toContain(`search \x93${tag}\x94`);
    expect(pages).toContain('(Page 1 of ) Tj');
  });

  it('respects the filters and names them on the first page', async () => {
    const flagged = await pdf('/connectors/sessions', admin, { keyword: tag, needs_revision: true });
    expect(flagged.rows).toBe('1');
    expect(flagged.pages).toContain(`(${tag}-flag) Tj`);
    expect(flagged.pages).not.toContain(`(${tag}-one) Tj`);
    expect(flagged.pages).toContain('needs revision: Yes');
    const byStation = await pdf('/connectors/sessions', admin, { station_id: stationA });
    expect(byStation.rows).toBe('2');
    expect(byStation.pages).toContain(`station ${tag} Caf\xe9 Z\xfcrich`);
    expect(byStation.pages).not.toContain(`(${tag}-flag) Tj`);
    const period = await pdf('/connectors/sessions', admin, {
      keyword: tag,
      from: new Date(T0 + 12 * H).toISOString(),
      to: new Date(T0 + 36 * H).toISOString(),
    });
    expect(period.rows).toBe('1');
    expect(period.pages).toContain(`(${tag}-two) Tj`);
  });

  it('keeps to the company scope on the fleet and connector lists', async () => {
    // The fleet manager's driver charged on the operator's and the outsider's stations.
    const fleet = await pdf('/sessions/fleet/roaming', fleetManager, { keyword: tag });
    expect(fleet.pages).toContain('(Sessions \xb7 Fleet \\(VAT excluded\\)) Tj');
    expect(fleet.pages).not.toContain(`(${tag}-two) Tj`);
    // The fleet variant has no session id column (the provider variant has).
    expect(fleet.pages).toContain('(Start) Tj');
    expect(fleet.pages).not.toContain(`(${tag}-one) Tj`);
    expect(
      (await call(`/connectors/${outsiderConnector}/sessions`, { ...admin, json: { format: 'pdf' } })).status,
    ).toBe(404);
  });

  it('refuses a role without session access (403) and an anonymous caller (401)', async () => {
    expect((await call('/connectors/sessions', { ...selfCharge, json: { format: 'pdf' } })).status).toBe(403);
    expect((await call('/sessions/fleet/work', { ...selfCharge, json: { format: 'pdf' } })).status).toBe(403);
    expect((await call('/connectors/sessions', { ...fleetManager, json: { format: 'pdf' } })).status).toBe(403);
    expect((await call('/connectors/sessions', { json: { format: 'pdf' } })).status).toBe(401);
  });
});
