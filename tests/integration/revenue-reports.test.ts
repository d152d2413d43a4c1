import { env } from 'cloudflare:test';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { chargingSessions, companyReportSettings, emailOutbox, jobRuns, revenueReports } from '../../drizzle/schema';
import { createCompany, createConnector, createStation } from '../../drizzle/seed/factories';
import { revenueReportsPass, revenueReportsScheduled } from '../../workers/cron/src/revenue-reports';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

/** 1 October 2025, 03:00 UTC: September and Q3 have ended in Paris. */
const NOW = Date.UTC(2025, 9, 1, 3);
const SEPT = Date.UTC(2025, 8, 10, 10);

let root: World;
let session: Session;
let enabled: { id: number; name: string };
let other: { id: number; name: string };
const recipients = () => [
  `${enabled.name.toLowerCase()}-a@example.test`,
  `${enabled.name.toLowerCase()}-b@example.test`,
];

const sessionRow = (
  stationId: number,
  connectorId: number,
  companyId: number,
  at: number,
  wh: number,
  emp: number,
) => ({
  cdrId: unique('cdr'),
  stationId,
  connectorId,
  connectorNumber: 1,
  companyId,
  authId: 'TAG1',
  startMethod: 'RFID',
  startKey: unique('k'),
  startAt: new Date(at),
  endAt: new Date(at + 3_600_000),
  meterStartWh: 0,
  meterStopWh: wh,
  energyWh: wh,
  status: 'closed' as const,
  pricingStatus: 'priced' as const,
  empTotal: emp,
  empNetTotal: Math.round(emp / 1.2),
  subcpoTotal: Math.round(emp / 2),
});

/** The job's figures read from D1 (the fallback source, same SQL semantics as the warehouse, ADR 052). */
const d1Env = () => ({ ...env, NEON_DATABASE_URL: undefined });

const latin1 = (bytes: ArrayBuffer) => new TextDecoder('latin1').decode(bytes).replace(/\u00a0/g, ' ');

beforeAll(async () => {
  root = await world({ roles: [ROLE.SUPER_USER], company: { cpms: 'public' } });
  session = await login(root.email, root.password, root.ip);
  const name = unique('Volt');
  enabled = await createCompany(db, { name, parentCompanyId: root.company.id, cpms: 'public' });
  other = await createCompany(db, { name: unique('Other'), cpms: 'public' });
  await db.insert(companyReportSettings).values([
    { companyId: enabled.id, monthlyRevenue: true, quarterlyRevenue: true, recipients: recipients().join(', ') },
    { companyId: other.id, monthlyRevenue: true, quarterlyRevenue: false, recipients: null },
  ]);
  const tag = unique('RR');
  const st = await createStation(db, { uid: `${tag}-A`, name: 'Gare Centrale', companyId: enabled.id });
  const c = await createConnector(db, { stationId: st.id, connectorNumber: 1, uid: `${tag}-A-1` });
  const ost = await createStation(db, { uid: `${tag}-O`, name: 'Elsewhere', companyId: other.id });
  const oc = await createConnector(db, { stationId: ost.id, connectorNumber: 1, uid: `${tag}-O-1` });
  for (const row of [
    sessionRow(st.id, c.id, enabled.id, SEPT, 20_000, 1_200),
    sessionRow(st.id, c.id, enabled.id, SEPT + 86_400_000, 10_000, 1_145),
    sessionRow(ost.id, oc.id, other.id, SEPT, 5_000, 999),
  ])
    await db.insert(chargingSessions).values(row);
});

const mine = () =>
  db
    .select()
    .from(revenueReports)
    .where(inArray(revenueReports.companyId, [enabled.id, other.id]))
    .orderBy(revenueReports.companyId, revenueReports.periodKind);

const mails = () => db.select().from(emailOutbox).where(inArray(emailOutbox.to, recipients()));

describe('revenue reports', () => {
  it('the job on the 1st generates each chosen report once into R2, with its row and the recipients’ e-mails', async () => {
    // Bounded: the pass may stop at its limit; the next tick carries on until nothing is due.
    for (let i = 0; i < 10 && (await revenueReportsPass(d1Env(), NOW)).more; i++);
    const rows = await mine();
    expect(rows.map((r) => [r.companyId, r.periodKind, r.period, r.status])).toEqual([
      [enabled.id, 'month', '2025-09', 'ready'],
      [enabled.id, 'quarter', '2025-Q3', 'ready'],
      [other.id, 'month', '2025-09', 'ready'],
    ]);
    const month = rows[0];
    expect(month?.r2Key).toBe(`revenue-reports/${enabled.id}/2025-09.pdf`);
    const object = await env.FILES.get(month?.r2Key ?? '');
    const pdf = latin1(await (object as R2ObjectBody).arrayBuffer());
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(`(${enabled.name})`);
    // The total of the month: 12,00 € + 11,45 € driver gross.
    expect(pdf).toContain('(23,45 €)');
    expect(pdf).toContain('Gare Centrale');
    expect(pdf).not.toContain('Elsewhere');
    expect(month?.sizeBytes).toBe(object?.size);
    // Two recipients × two reports; the other company has none.
    const sent = await mails();
    expect(sent.map((m) => m.to).sort()).toEqual([...recipients(), ...recipients()].sort());
    expect(sent.every((m) => m.template === 'revenue-report' && m.text.includes('/reports/revenue?company_id='))).toBe(
      true,
    );
    expect(rows[0]?.emailedAt).not.toBeNull();

    // A second run generates and sends nothing new.
    const again = await revenueReportsScheduled(d1Env(), NOW + 300_000, true);
    expect(again?.generated ?? -1).toBe(0);
    expect((await mine()).map((r) => r.generatedAt.getTime())).toEqual(rows.map((r) => r.generatedAt.getTime()));
    expect((await mails()).length).toBe(4);
    const run = await db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'revenue-reports'), eq(jobRuns.period, '2025-10-01')))
      .get();
    expect(run?.status).toBe('done');
  });

  it('lists and streams the reports of the caller’s scope only', async () => {
    const res = await call(`/revenue-reports?period=2025-09&company_id=${enabled.id}`, session);
    expect(res.status).toBe(200);
    const page = (await res.json()) as {
      data: { id: number; company_id: number; period_kind: string }[];
      total: number;
    };
    expect(page.total).toBe(1);
    const id = page.data[0]?.id ?? 0;
    const pdf = await call(`/revenue-reports/${id}/pdf`, session);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(latin1(await pdf.arrayBuffer()).startsWith('%PDF-')).toBe(true);
    // Another company's report (outside the scope) is not found, in the list and as a PDF.
    const [foreign] = await db.select().from(revenueReports).where(eq(revenueReports.companyId, other.id));
    await expectError(await call(`/revenue-reports/${foreign?.id}/pdf`, session), 404, {
      code: 'NOT_FOUND',
      message: `Revenue report ${foreign?.id} not found (or not in your scope).`,
    });
    expect((await call(`/revenue-reports?company_id=${other.id}`, session)).status).toBe(404);
    const all = (await (await call('/revenue-reports?items_per_page=100', session)).json()) as typeof page;
    expect(all.data.some((r) => r.company_id === other.id)).toBe(false);
  });

  it('generates a finished period now (idempotently) and refuses one not over yet', async () => {
    const body = { company_id: enabled.id, period_kind: 'month', period: '2025-08' };
    const first = await call('/revenue-reports', { ...session, json: body });
    expect(first.status).toBe(201);
    const again = await call('/revenue-reports', { ...session, json: body });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: number }).id).toBe(((await first.json()) as { id: number }).id);
    const now = new Date();
    const current = `${now.getUTCFullYear() + 1}-01`;
    await expectError(await call('/revenue-reports', { ...session, json: { ...body, period: current } }), 409, {
      code: 'PERIOD_NOT_OVER',
      message: `The period ${current} is not over yet in the company’s time zone: its report can be generated from the 1st after it.`,
      field: 'period',
    });
    await expectError(
      await call('/revenue-reports', { ...session, json: { ...body, period_kind: 'quarter', period: '2025-09' } }),
      400,
      {
        code: 'VALIDATION_FAILED',
        message: 'The period must be YYYY-MM for a month or YYYY-Qn for a quarter.',
        field: 'period',
      },
    );
    const foreign = await call('/revenue-reports', { ...session, json: { ...body, company_id: other.id } });
    expect(foreign.status).toBe(404);
  });
});
