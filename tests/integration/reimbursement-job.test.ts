/**
 * The monthly home reimbursement job, its recalculation and its fee on the usage invoice (issue 19
 * parts 5, 8 and 10) inside workerd, through real rows: the worked example of
 * domain/reimbursement/compute.test.ts (a tariff change on the 16th and the end of summer time) with
 * its exact numbers, a rerun changing nothing, a run interrupted after one chunk and resumed giving the
 * same months as one run, the five-minute trigger taking over a stale run, the alert e-mail of a failed
 * chunk, each variant that changes who is computed, the recalculation after a tariff edit, the job by
 * hand, and the fee billed once.
 */

import { createScheduledController, env } from 'cloudflare:test';
import { stripeClient } from '@api/lib/stripe';
import {
  billingCustomers,
  billingInvoiceLines,
  billingInvoices,
  chargingSessions,
  companies,
  emailOutbox,
  homeReimbursementSettings,
  homeStations,
  jobRuns,
  reimbursementDocuments,
  reimbursementEvents,
  reimbursements,
  reimbursementTariffs,
} from '@db/schema';
import { createCompany, createStation, createUser } from '@db/seed/factories';
import { ROLE } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScheduled } from '../../workers/cron/src';
import {
  continueReimbursementRun,
  reimburseChunk,
  runHomeReimbursements,
} from '../../workers/cron/src/home-reimbursements';
import { candidates } from '../../workers/cron/src/home-reimbursements.store';
import { runMonthlyInvoices } from '../../workers/cron/src/monthly-invoices';
import { call, db, login, unique, world } from './helpers';

const at = (iso: string) => new Date(iso);
let operator: { id: number };

type Flags = Partial<typeof homeReimbursementSettings.$inferInsert>;

/** A fleet company reimbursing home charging: setting 25 plus `services`, its settings row with `flags`. */
async function reimbursingCompany(flags: Flags = {}, services: number[] = [], company: Record<string, unknown> = {}) {
  const row = await createCompany(db, {
    name: unique('Fleet'),
    isEvfleet: true,
    currency: 'EUR',
    timeZone: 'Europe/Paris',
    services: [SERVICE.HOME_REIMBURSEMENT, ...services],
    ...company,
  });
  await db.insert(homeReimbursementSettings).values({ companyId: row.id, active: true, type: 'employee', ...flags });
  return row;
}

/** An employee with an online home station (a station of our network) and the worked example's tariffs. */
async function employee(companyId: number, user: Record<string, unknown> = {}, tariffs = true) {
  const u = await createUser(db, { companyId, email: `${unique('emp')}@example.test`, ...user });
  const station = await createStation(db, { uid: unique('HOME'), companyId: operator.id });
  const [home] = await db
    .insert(homeStations)
    .values({ companyId, userId: u.id, stationId: station.id, name: 'Garage' })
    .returning();
  if (tariffs)
    await db.insert(reimbursementTariffs).values([
      {
        companyId,
        userId: u.id,
        pricePerKwh: 25_160,
        currency: 'EUR',
        validFrom: '2026-01-01',
        validTo: '2026-10-15',
        status: 'active',
      },
      { companyId, userId: u.id, pricePerKwh: 27_400, currency: 'EUR', validFrom: '2026-10-16', status: 'active' },
    ]);
  return { user: u, stationId: station.id, homeStationId: home?.id as number };
}

function session(stationId: number, start: Date, energyWh: number, extra: Record<string, unknown> = {}) {
  return {
    cdrId: unique('cdr'),
    stationId,
    connectorNumber: 1,
    companyId: operator.id,
    authId: 'TAG',
    startKey: unique('k'),
    startAt: start,
    endAt: new Date(start.getTime() + 3_600_000),
    meterStartWh: 0,
    meterStopWh: energyWh,
    energyWh,
    status: 'closed' as const,
    currency: 'EUR',
    ...extra,
  };
}

/** Inserts sessions a few at a time (D1 takes at most 100 bound values per statement). */
async function insertSessions(rows: ReturnType<typeof session>[]) {
  for (let i = 0; i < rows.length; i += 4) await db.insert(chargingSessions).values(rows.slice(i, i + 4));
}

/** The worked example's October 2026 in Paris: five October sessions and one of 1 November. */
async function octoberSessions(stationId: number) {
  await insertSessions([
    session(stationId, at('2026-09-30T22:30:00Z'), 12_000),
    session(stationId, at('2026-10-15T21:59:00Z'), 8_500),
    session(stationId, at('2026-10-15T22:10:00Z'), 20_250),
    session(stationId, at('2026-10-25T01:30:00Z'), 7_000),
    session(stationId, at('2026-10-31T22:30:00Z'), 3_000),
    session(stationId, at('2026-10-31T23:15:00Z'), 50_000),
    // Still charging at the end of the month: not counted until closed.
    session(stationId, at('2026-10-20T10:00:00Z'), 9_000, { status: 'in_progress' }),
  ]);
}

/** Two sessions in `month` (YYYY-MM): `wh` on the 10th and 1 kWh on the 20th. */
async function monthSessions(stationId: number, month: string, wh: number) {
  await insertSessions([
    session(stationId, at(`${month}-10T08:00:00Z`), wh),
    session(stationId, at(`${month}-20T18:00:00Z`), 1_000),
  ]);
}

const monthOf = (userId: number, period: string) =>
  db
    .select()
    .from(reimbursements)
    .where(and(eq(reimbursements.userId, userId), eq(reimbursements.period, period)))
    .get();
const eventsOf = (id: number) =>
  db
    .select()
    .from(reimbursementEvents)
    .where(eq(reimbursementEvents.reimbursementId, id))
    .orderBy(asc(reimbursementEvents.id));

/** The live statement rows of an employee's month. */
const statementsOf = (userId: number, period: string) =>
  db
    .select()
    .from(reimbursementDocuments)
    .where(
      and(
        eq(reimbursementDocuments.userId, userId),
        eq(reimbursementDocuments.type, 'statement'),
        eq(reimbursementDocuments.period, period),
      ),
    );

/** A PDF in R2 as WinAnsi text ("latin1" is windows-1252 in TextDecoder), no-break spaces as spaces. */
async function pdfText(key: string) {
  const object = await env.FILES.get(key);
  if (!object) return null;
  return new TextDecoder('latin1').decode(await object.arrayBuffer()).replace(/\u00a0/g, ' ');
}

/** The statement's total: the only value in bold (font F2) at the value column. */
const totalIn = (text: string | null) => /BT \/F2 10 Tf 260 \d+ Td \(([^)]*)\) Tj/.exec(text ?? '')?.[1];

let main: Awaited<ReturnType<typeof reimbursingCompany>>;
let alice: Awaited<ReturnType<typeof employee>>;

beforeAll(async () => {
  operator = await createCompany(db, { name: unique('Operator'), cpms: 'public' });
  main = await reimbursingCompany({ alertEmails: 'ops@fleet.example, not-an-address' });
  alice = await employee(main.id, { ibanOwner: 'Alice Martin', partnerUserId: 'P-77' });
  await octoberSessions(alice.stationId);
});

describe('the month of an employee', () => {
  it('is priced across the tariff change and the end of summer time with the worked example numbers, and a rerun changes nothing', async () => {
    const run = await runHomeReimbursements(env, '2026-10');
    expect(run).toMatchObject({ job: 'home-reimbursements', period: '2026-10', status: 'done', error: null });
    const month = await monthOf(alice.user.id, '2026-10');
    expect(month).toMatchObject({
      companyId: main.id,
      status: 'pending_approval',
      currency: 'EUR',
      sessions: 5,
      energyWh: 50_750,
      energyAmount: 1_345,
      value: 1_345,
      capped: false,
      payoutMethod: 'bank_transfer',
      ibanOwner: 'Alice Martin',
      partnerUserId: 'P-77',
      runId: run?.id,
    });
    const breakdown = JSON.parse(month?.breakdown as string) as {
      slices: { tariffId: number; sessions: number; energyWh: number; amount: number }[];
      notes: unknown[];
    };
    expect(breakdown.slices.map((s) => [s.sessions, s.energyWh, s.amount])).toEqual([
      [2, 20_500, 516],
      [3, 30_250, 829],
    ]);
    expect(breakdown.notes).toEqual([]);
    const events = await eventsOf(month?.id as number);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorId, e.note])).toEqual([
      [null, 'pending_approval', null, 'computed'],
    ]);

    // A second run finds the first; the job over the same month again (a new run) writes nothing new.
    expect((await runHomeReimbursements(env, '2026-10'))?.id).toBe(run?.id);
    const chunk = await candidates(env.DB, 0, 1_000);
    expect(await reimburseChunk(env.DB, chunk, '2026-10', null, Date.now())).toBe(0);
    expect(await monthOf(alice.user.id, '2026-10')).toEqual(month);
    expect(await eventsOf(month?.id as number)).toEqual(events);
  });

  it('caps the price per kWh by the company limit and uses the flat tariff of a company-type setting', async () => {
    const capped = await reimbursingCompany({}, [], { reimbursementKwhCostLimit: 26_000 });
    const e = await employee(capped.id);
    await octoberSessions(e.stationId);
    const flat = await reimbursingCompany({ type: 'company', flatTariff: 20_000, flatTariffValidFrom: '2026-10-16' });
    // The flat tariff is the company's: the employee's own tariffs do not count.
    const f = await employee(flat.id);
    await octoberSessions(f.stationId);
    // October's run is done: a chunk over the two computes them as the run would.
    await reimburseChunk(env.DB, await candidates(env.DB, e.user.id - 1, 1), '2026-10', null, Date.now());
    await reimburseChunk(env.DB, await candidates(env.DB, f.user.id - 1, 1), '2026-10', null, Date.now());
    expect(await monthOf(e.user.id, '2026-10')).toMatchObject({ energyAmount: 516 + 787, capped: true });
    // Before the 16th no flat tariff: 20.5 kWh uncovered, reimbursed 0; after it 30.25 kWh × 0.20 = 6.05.
    const m = await monthOf(f.user.id, '2026-10');
    expect(m).toMatchObject({ sessions: 5, energyWh: 50_750, value: 605 });
    expect(JSON.parse(m?.breakdown as string).notes).toEqual([
      { code: 'uncovered', sessions: 2, energyWh: 20_500, firstDate: '2026-10-01' },
    ]);
  });
});

describe('a run interrupted half-way', () => {
  let team: Awaited<ReturnType<typeof employee>>[];

  beforeAll(async () => {
    const c = await reimbursingCompany();
    team = [await employee(c.id), await employee(c.id), await employee(c.id)];
    for (const [i, e] of team.entries()) {
      await monthSessions(e.stationId, '2026-07', 10_000 + i * 1_111);
      // The same month shape a month later: the interrupted run must give the same values.
      await monthSessions(e.stationId, '2026-08', 10_000 + i * 1_111);
    }
  });

  const valuesOf = async (period: string) =>
    Promise.all(team.map(async (e) => (await monthOf(e.user.id, period))?.value ?? null));

  it('resumes after its last finished chunk and ends with the months of an uninterrupted run', async () => {
    const whole = await runHomeReimbursements(env, '2026-07', { chunkSize: 2 });
    expect(whole?.status).toBe('done');
    const first = await runHomeReimbursements(env, '2026-08', { chunkSize: 2, maxChunks: 1 });
    expect(first).toMatchObject({ status: 'running', processed: 2, chunks: 1 });
    // A worker that died mid-chunk had already written the next chunk without saving its progress.
    const next = await candidates(env.DB, Number(first?.cursor), 2);
    await reimburseChunk(env.DB, next, '2026-08', first?.id as number, Date.now());
    const resumed = await continueReimbursementRun(env, '2026-08', { chunkSize: 2 });
    expect(resumed).toMatchObject({ status: 'done', processed: resumed?.total, error: null });
    const july = await valuesOf('2026-07');
    expect(july.every((v) => typeof v === 'number' && v > 0)).toBe(true);
    expect(await valuesOf('2026-08')).toEqual(july);
    const august = await db.select().from(reimbursements).where(eq(reimbursements.period, '2026-08'));
    expect(new Set(august.map((r) => r.userId)).size).toBe(august.length);
    for (const r of august) expect(await eventsOf(r.id)).toHaveLength(1);
  });

  it('stops an invocation before a chunk could pass its write budget; the next one carries on', async () => {
    await Promise.all(team.map((e) => monthSessions(e.stationId, '2025-09', 4_000)));
    const written = async () =>
      (await db.select().from(reimbursements).where(eq(reimbursements.period, '2025-09'))).length;
    const first = await runHomeReimbursements(env, '2025-09', { chunkSize: 1, maxWrites: 2 });
    expect(first?.status).toBe('running');
    expect(await written()).toBe(2);
    const rest = await continueReimbursementRun(env, '2025-09', { chunkSize: 1 });
    expect(rest).toMatchObject({ status: 'done', processed: rest?.total });
    expect(await written()).toBe(3);
  });

  it('is carried on by the five-minute trigger once its heartbeat went quiet', async () => {
    await Promise.all(team.map((e) => monthSessions(e.stationId, '2026-06', 5_000)));
    const first = await runHomeReimbursements(env, '2026-06', { chunkSize: 1, maxChunks: 1 });
    expect(first?.status).toBe('running');
    await db
      .update(jobRuns)
      .set({ heartbeatAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(jobRuns.id, first?.id as number));
    await runScheduled(createScheduledController({ cron: '*/5 * * * *', scheduledTime: Date.now() }), env);
    const [run] = await db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.id, first?.id as number));
    expect(run?.status).toBe('done');
    expect((await valuesOf('2026-06')).every((v) => v !== null)).toBe(true);
  });

  it('records a failed chunk on the run and e-mails the alert address once, then finishes once fixed', async () => {
    const broken = await reimbursingCompany({ alertEmails: 'alerts@broken.example' }, [], { timeZone: 'Mars/Olympus' });
    const e = await employee(broken.id);
    await monthSessions(e.stationId, '2026-03', 4_000);
    await expect(runHomeReimbursements(env, '2026-03')).rejects.toThrow();
    await expect(continueReimbursementRun(env, '2026-03')).rejects.toThrow();
    const [run] = await db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'home-reimbursements'), eq(jobRuns.period, '2026-03')));
    expect(run).toMatchObject({ status: 'running', error: expect.stringContaining('Mars/Olympus') });
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'alerts@broken.example'));
    expect(mails.map((m) => [m.subject, m.template])).toEqual([
      ['Home reimbursements of 2026-03: the monthly run failed', 'home-reimbursement-job-failed'],
    ]);
    expect(mails[0]?.text).toContain('stopped with an error');

    await db.update(companies).set({ timeZone: 'Europe/Paris' }).where(eq(companies.id, broken.id));
    expect(await continueReimbursementRun(env, '2026-03')).toMatchObject({ status: 'done' });
    expect((await monthOf(e.user.id, '2026-03'))?.value).toBeGreaterThan(0);
  });
});

describe('the variants that change who is computed', () => {
  const november = async (flags: Flags, services: number[], user: Record<string, unknown> = {}) => {
    const c = await reimbursingCompany(flags, services);
    const e = await employee(c.id, user);
    await monthSessions(e.stationId, '2026-11', 10_000);
    return { company: c, ...e };
  };

  it('computes each eligible employee of November and nobody else', async () => {
    const A = SERVICE.HOME_REIMBURSEMENT_VARIANT_A;
    // Contract approval: only with an approved power contract on file …
    const noContract = await november({ contractApproval: true }, [A]);
    const withContract = await november({ contractApproval: true }, [A]);
    await db.insert(reimbursementDocuments).values({
      companyId: withContract.company.id,
      userId: withContract.user.id,
      type: 'power_contract',
      fileName: 'contract.pdf',
      contentType: 'application/pdf',
      size: 100,
      r2Key: unique('r2'),
      approved: true,
    });
    // … unless documents are not mandatory: the company's skip-upload variant or the user's own flag.
    const skipUpload = await november({ contractApproval: true, skipDocumentUpload: true }, [A]);
    const ownFlag = await november({ contractApproval: true }, [A], { docUploadNotMandatory: true });
    // The flag without its service setting is no variant: computed.
    const flagOnly = await november({ contractApproval: true }, []);
    // Fleet rule set: only flagged employees, and they start validated by the user.
    const fleetUnflagged = await november({ fleetRuleSet: true }, [SERVICE.HOME_REIMBURSEMENT_FLEET]);
    const fleetFlagged = await november({ fleetRuleSet: true }, [SERVICE.HOME_REIMBURSEMENT_FLEET], {
      homeReimbursementEvfleet: true,
    });
    // Payment provider flow: paid by Stripe Connect.
    const stripePaid = await november({ paymentProviderFlow: true }, [SERVICE.PAYMENT_PROVIDER_HOME_REIMBURSEMENT]);
    // Inactive settings row, or no setting 25: nobody.
    const inactive = await november({ active: false }, []);

    // Offline-station process: an offline home station is reimbursed from the approved readings …
    const offline = async (flags: Flags, services: number[]) => {
      const c = await reimbursingCompany(flags, services);
      const u = await createUser(db, { companyId: c.id, email: `${unique('off')}@example.test` });
      const [home] = await db
        .insert(homeStations)
        .values({ companyId: c.id, userId: u.id, name: 'Cellar meter', isOffline: true })
        .returning();
      await db.insert(reimbursementTariffs).values({
        companyId: c.id,
        userId: u.id,
        pricePerKwh: 22_000,
        currency: 'EUR',
        validFrom: '2026-01-01',
        status: 'active',
      });
      const reading = (period: string, meterWh: number, approved: boolean | null) => ({
        companyId: c.id,
        userId: u.id,
        homeStationId: home?.id,
        type: 'meter_reading' as const,
        fileName: 'meter.jpg',
        contentType: 'image/jpeg',
        size: 100,
        r2Key: unique('r2'),
        period,
        meterWh,
        approved,
      });
      await db.insert(reimbursementDocuments).values([
        reading('2026-10', 1_000_000, true),
        // The newest approved reading of a month counts; an unreviewed one does not.
        reading('2026-11', 1_100_000, true),
        reading('2026-11', 1_150_500, true),
        reading('2026-11', 9_999_999, null),
      ]);
      return u;
    };
    const offlineOn = await offline({ offlineStationProcess: true }, [SERVICE.HOME_REIMBURSEMENT_VARIANT_B]);
    const offlineOff = await offline({ offlineStationProcess: false }, [SERVICE.HOME_REIMBURSEMENT_VARIANT_B]);

    expect(await runHomeReimbursements(env, '2026-11')).toMatchObject({ status: 'done' });
    const got = async (u: { id: number }) => (await monthOf(u.id, '2026-11')) ?? null;
    expect(await got(noContract.user)).toBeNull();
    expect(await got(withContract.user)).toMatchObject({ status: 'pending_approval', value: 301 });
    expect(await got(skipUpload.user)).toMatchObject({ status: 'pending_approval' });
    expect(await got(ownFlag.user)).toMatchObject({ status: 'pending_approval' });
    expect(await got(flagOnly.user)).toMatchObject({ status: 'pending_approval' });
    expect(await got(fleetUnflagged.user)).toBeNull();
    expect(await got(fleetFlagged.user)).toMatchObject({ status: 'validated_by_user' });
    const [event] = await eventsOf((await got(fleetFlagged.user))?.id as number);
    expect(event).toMatchObject({ fromStatus: null, toStatus: 'validated_by_user' });
    expect(await got(stripePaid.user)).toMatchObject({ payoutMethod: 'stripe' });
    expect(await got(inactive.user)).toBeNull();
    // 150.5 kWh × 0.22 = 33.11
    expect(await got(offlineOn)).toMatchObject({ sessions: 0, energyWh: 150_500, value: 3_311 });
    expect(await got(offlineOff)).toBeNull();
  });

  it('writes no month for an employee who charged nothing', async () => {
    const c = await reimbursingCompany();
    const idle = await employee(c.id);
    await runHomeReimbursements(env, '2026-12');
    expect(await monthOf(idle.user.id, '2026-12')).toBeUndefined();
  });
});

describe('the recalculation of a month', () => {
  it('after a tariff edit changes only the unsettled months, reports them, and refuses a month not over', async () => {
    const manager = await world({
      roles: [ROLE.FLEET_MANAGER_MANAGE_USERS],
      company: { isEvfleet: true, currency: 'EUR', timeZone: 'Europe/Paris', services: [SERVICE.HOME_REIMBURSEMENT] },
    });
    const c = manager.company;
    await db.insert(homeReimbursementSettings).values({ companyId: c.id, active: true, type: 'employee' });
    const [pending, approved, paid, untouched] = [
      await employee(c.id),
      await employee(c.id),
      await employee(c.id),
      await employee(c.id),
    ];
    for (const e of [pending, approved, paid, untouched]) await octoberSessions((e as { stationId: number }).stationId);
    const later = await employee(c.id);
    const run = await runHomeReimbursements(env, '2026-10');
    expect(run?.status).toBe('done');
    // The October run was done before these employees existed: computed now by a chunk of theirs.
    const mine = await candidates(env.DB, (pending?.user.id as number) - 1, 4);
    await reimburseChunk(env.DB, mine, '2026-10', null, Date.now(), env.FILES);
    for (const e of [pending, approved, paid, untouched])
      expect((await monthOf(e?.user.id as number, '2026-10'))?.value).toBe(1_345);
    const approvedStatement = await statementsOf(approved?.user.id as number, '2026-10');
    expect(approvedStatement).toHaveLength(1);
    expect(totalIn(await pdfText(approvedStatement[0]?.r2Key as string))).toBe('13,45 €');
    await db
      .update(reimbursements)
      .set({ status: 'validated_by_manager' })
      .where(eq(reimbursements.userId, approved?.user.id as number));
    await db
      .update(reimbursements)
      .set({ status: 'paid' })
      .where(eq(reimbursements.userId, paid?.user.id as number));
    // The second tariff corrected to 0.30000 for three of them; `later` charged only after the run.
    await db
      .update(reimbursementTariffs)
      .set({ pricePerKwh: 30_000 })
      .where(
        and(
          inArray(
            reimbursementTariffs.userId,
            [pending, approved, paid].map((e) => e?.user.id as number),
          ),
          eq(reimbursementTariffs.validFrom, '2026-10-16'),
        ),
      );
    await octoberSessions(later.stationId);

    const session = await login(manager.email, manager.password, manager.ip);
    const res = await call('/settings/recalc/home-reimbursements', { ...session, json: { year: 2026, month: 10 } });
    expect(res.status).toBe(200);
    // 20.5 kWh × 0.2516 = 5.16 and 30.25 kWh × 0.30 = 9.075 → 9.08
    expect(await res.json()).toEqual({
      period: '2026-10',
      created: [{ userId: later.user.id, value: 1_345 }],
      changed: [
        { userId: pending?.user.id, from: 1_345, to: 1_424 },
        { userId: approved?.user.id, from: 1_345, to: 1_424 },
      ],
      unchanged: 1,
      skipped: [{ userId: paid?.user.id, reason: 'settled' }],
    });
    const back = await monthOf(approved?.user.id as number, '2026-10');
    expect(back).toMatchObject({
      status: 'pending_approval',
      value: 1_424,
      energyAmount: 1_424,
      updatedBy: manager.user.id,
    });
    expect((await eventsOf(back?.id as number)).map((e) => [e.fromStatus, e.toStatus, e.actorId, e.note])).toEqual([
      [null, 'pending_approval', null, 'computed'],
      ['validated_by_manager', 'pending_approval', manager.user.id, 'recalculated: 1345 → 1424'],
    ]);
    expect(await monthOf(paid?.user.id as number, '2026-10')).toMatchObject({ status: 'paid', value: 1_345 });
    const created = await monthOf(later.user.id, '2026-10');
    expect(await eventsOf(created?.id as number)).toMatchObject([
      { fromStatus: null, toStatus: 'pending_approval', actorId: manager.user.id, note: 'computed by recalculation' },
    ]);
    // The changed month's statement is rewritten under the same key, its row kept; the created month has one.
    const rewritten = await statementsOf(approved?.user.id as number, '2026-10');
    expect(rewritten.map((d) => [d.id, d.r2Key])).toEqual(approvedStatement.map((d) => [d.id, d.r2Key]));
    const text = await pdfText(rewritten[0]?.r2Key as string);
    expect(totalIn(text)).toBe('14,24 €');
    expect(text).toContain('Waiting for the employee');
    expect(rewritten[0]?.size).toBe((await env.FILES.head(rewritten[0]?.r2Key as string))?.size);
    // The detail names it, and the documents download serves it.
    const detail = await call(`/reimbursement/${back?.id}`, session);
    expect(((await detail.json()) as { statementDocumentId: number | null }).statementDocumentId).toBe(
      rewritten[0]?.id,
    );
    const download = await call(`/documents/${rewritten[0]?.id}/download`, session);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder('latin1').decode((await download.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const listed = await call(`/documents?type=statement&user_id=${approved?.user.id}`, session);
    expect(((await listed.json()) as { data: { id: number; type: string }[] }).data).toEqual([
      expect.objectContaining({ id: rewritten[0]?.id, type: 'statement' }),
    ]);
    // The settled month keeps its statement as written.
    const paidStatement = (await statementsOf(paid?.user.id as number, '2026-10'))[0];
    expect(totalIn(await pdfText(paidStatement?.r2Key as string))).toBe('13,45 €');
    expect(await statementsOf(later.user.id, '2026-10')).toHaveLength(1);

    // A second recalculation changes nothing.
    const again = await call('/settings/recalc/home-reimbursements', { ...session, json: { year: 2026, month: 10 } });
    expect(await again.json()).toMatchObject({ created: [], changed: [], unchanged: 4 });

    const now = new Date();
    const current = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
    const early = await call('/settings/recalc/home-reimbursements', { ...session, json: current });
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({
      code: 'PERIOD_NOT_OVER',
      'error-msg': 'Choose a month that has already ended.',
    });
    const bad = await call('/settings/recalc/home-reimbursements', { ...session, json: { year: 2026, month: 13 } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'month', 'error-msg': 'Choose a month that has already ended.' });
    const foreign = await call('/settings/recalc/home-reimbursements', {
      ...session,
      json: { year: 2026, month: 10, companyId: main.id },
    });
    expect(foreign.status).toBe(403);
    expect((await monthOf(alice.user.id, '2026-10'))?.value).toBe(1_345);

    const viewer = await world({
      roles: [ROLE.FLEET_MANAGER_VIEW],
      company: { isEvfleet: true, services: [SERVICE.HOME_REIMBURSEMENT] },
    });
    const viewerSession = await login(viewer.email, viewer.password, viewer.ip);
    const refused = await call('/settings/recalc/home-reimbursements', {
      ...viewerSession,
      json: { year: 2026, month: 10 },
    });
    expect(refused.status).toBe(403);
  });
});

describe('the job by hand', () => {
  it('lets role 42 run a month that is over and lists it among the runs', async () => {
    const admin = await world({ roles: [ROLE.PAYMENT_PROVIDER_ADMIN] });
    const session = await login(admin.email, admin.password, admin.ip);
    const res = await call('/jobs/home-reimbursements/run', { ...session, json: { period: '2026-01' } });
    expect(res.status).toBe(200);
    const run = (await res.json()) as { id: number; job: string; status: string; triggered_by: number };
    expect(run).toMatchObject({ job: 'home-reimbursements', status: 'done', triggered_by: admin.user.id });
    const list = (await (await call('/jobs/runs?items_per_page=100', session)).json()) as {
      data: { id: number; job: string }[];
    };
    expect(list.data.find((r) => r.id === run.id)).toMatchObject({ job: 'home-reimbursements' });
    const thisMonth = new Date().toISOString().slice(0, 7);
    const early = await call('/jobs/home-reimbursements/run', { ...session, json: { period: thisMonth } });
    expect(early.status).toBe(400);
  });
});

describe('the fee on the usage invoice', () => {
  it('bills the percentage of the approved months once: a rerun and the next month never bill them again', async () => {
    const c = await reimbursingCompany({ feeBasisPoints: 250 });
    const stripe = stripeClient(env);
    if (!stripe) throw new Error('the workers project sets STRIPE_SECRET_KEY');
    const customer = await stripe.customers.create({ name: c.name, metadata: { company_id: String(c.id) } });
    await db
      .insert(billingCustomers)
      .values({ companyId: c.id, ownerCompanyId: operator.id, stripeCustomerId: customer.id, name: c.name });
    const [a, b, p] = [await employee(c.id), await employee(c.id), await employee(c.id)];
    for (const e of [a, b, p]) await octoberSessions(e.stationId);
    await reimburseChunk(env.DB, await candidates(env.DB, a.user.id - 1, 3), '2026-10', null, Date.now());
    await db.update(reimbursements).set({ status: 'validated_by_manager' }).where(eq(reimbursements.userId, a.user.id));
    await db.update(reimbursements).set({ status: 'paid' }).where(eq(reimbursements.userId, b.user.id));
    // p stays pending: no fee on it yet.

    await runMonthlyInvoices(env, '2026-10');
    await runMonthlyInvoices(env, '2026-10');
    const invoices = await db.select().from(billingInvoices).where(eq(billingInvoices.companyId, c.id));
    expect(invoices.map((i) => i.period)).toEqual(['2026-10']);
    const lines = await db
      .select()
      .from(billingInvoiceLines)
      .where(eq(billingInvoiceLines.invoiceId, invoices[0]?.id as number));
    // 2.5 % of 2 × 13.45 = 0.6725 → 0.67
    expect(lines.map((l) => [l.kind, l.description, l.amount])).toEqual([
      ['fee', 'Home reimbursement fee 2026-10: 2 reimbursements', 67],
    ]);
    const marked = async (e: { user: { id: number } }) => (await monthOf(e.user.id, '2026-10'))?.feeInvoiceId ?? null;
    expect([await marked(a), await marked(b), await marked(p)]).toEqual([invoices[0]?.id, invoices[0]?.id, null]);

    await db.update(reimbursements).set({ status: 'validated_by_manager' }).where(eq(reimbursements.userId, p.user.id));
    await runMonthlyInvoices(env, '2026-11');
    const nov = await db
      .select()
      .from(billingInvoices)
      .where(and(eq(billingInvoices.companyId, c.id), eq(billingInvoices.period, '2026-11')))
      .get();
    const novLines = await db
      .select()
      .from(billingInvoiceLines)
      .where(eq(billingInvoiceLines.invoiceId, nov?.id as number));
    // Only the month approved since: 2.5 % of 13.45 = 0.33625 → 0.34.
    expect(novLines.map((l) => [l.description, l.amount])).toEqual([
      ['Home reimbursement fee 2026-11: 1 reimbursement', 34],
    ]);
    expect(await marked(a)).toBe(invoices[0]?.id);
    expect(await marked(p)).toBe(nov?.id);
  });
});

describe('the monthly statement', () => {
  it('is written once per new month (object in R2, document row), and a rerun writes none', async () => {
    const c = await reimbursingCompany({}, [], { name: unique('Flotte Société') });
    const e = await employee(c.id, { firstName: 'Zoë', lastName: 'Brûlé' });
    await monthSessions(e.stationId, '2026-05', 10_000);
    const run = await runHomeReimbursements(env, '2026-05');
    expect(run?.status).toBe('done');
    const month = await monthOf(e.user.id, '2026-05');
    // 11 kWh × 0.25160 = 2.7676 → 2.77
    expect(month?.value).toBe(277);
    const key = `reimbursement/${c.id}/${e.user.id}/statement-2026-05.pdf`;
    const rows = await statementsOf(e.user.id, '2026-05');
    expect(rows).toEqual([
      expect.objectContaining({
        companyId: c.id,
        homeStationId: e.homeStationId,
        type: 'statement',
        fileName: 'statement-2026-05.pdf',
        contentType: 'application/pdf',
        r2Key: key,
        approved: null,
        uploadedBy: null,
        deletedAt: null,
      }),
    ]);
    const head = await env.FILES.head(key);
    expect(head?.size).toBe(rows[0]?.size);
    const text = (await pdfText(key)) as string;
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(totalIn(text)).toBe('2,77 €');
    for (const part of [c.name, 'Zoë Brûlé', '2026-05', 'Tariff 2026-01-01 to 2026-10-15'])
      expect(text).toContain(part);

    // The job over the same month again writes no month and no statement: one row, the object untouched.
    expect(
      await reimburseChunk(env.DB, await candidates(env.DB, e.user.id - 1, 1), '2026-05', null, Date.now(), env.FILES),
    ).toBe(0);
    expect(await statementsOf(e.user.id, '2026-05')).toEqual(rows);
    expect((await env.FILES.head(key))?.uploaded.getTime()).toBe(head?.uploaded.getTime());
  });

  it('after a crash between the object and the rows, the rerun overwrites the same object and writes one row', async () => {
    const c = await reimbursingCompany();
    const e = await employee(c.id);
    await monthSessions(e.stationId, '2026-04', 5_000);
    const key = `reimbursement/${c.id}/${e.user.id}/statement-2026-04.pdf`;
    // What a chunk that died after putting the PDF left behind: an object, no month, no row.
    await env.FILES.put(key, new TextEncoder().encode('%PDF-1.4 half-written'));
    const chunk = await candidates(env.DB, e.user.id - 1, 1);
    expect(await reimburseChunk(env.DB, chunk, '2026-04', null, Date.now(), env.FILES)).toBe(1);
    expect(await statementsOf(e.user.id, '2026-04')).toHaveLength(1);
    expect(totalIn(await pdfText(key))).toBe('1,51 €');
  });
});
