import { describe, expect, it } from 'vitest';
import { anchorMonth, inContract, periodBounds, previousPeriod } from './period';
import { type UsageCompany, type UsageFacts, type UsageSession, usageInvoice } from './usage-invoice';

const aCompany = (over: Partial<UsageCompany> = {}): UsageCompany => ({
  id: 7,
  currency: 'EUR',
  timeZone: 'Europe/Paris',
  fees: { keyfob: null, saas: null, cpms: null, connectorMonthly: null, simMonthly: null, platformAnnual: null },
  billingCycleAnchor: null,
  contractStartDate: null,
  contractEndDate: null,
  createdAt: new Date('2025-03-10T09:00:00Z'),
  ...over,
});

let nextId = 1;
const aSession = (over: Partial<UsageSession> = {}): UsageSession => ({
  id: nextId++,
  stationName: 'Depot A',
  startAt: new Date('2026-10-05T08:00:00Z'),
  energyWh: 12_345,
  empTotal: 480,
  currency: 'EUR',
  needsRevision: false,
  billed: false,
  ...over,
});

const facts = (over: Partial<UsageFacts> = {}): UsageFacts => ({
  company: aCompany(),
  period: '2026-10',
  counts: { activeKeyfobs: 0, connectors: 0, sims: null },
  sessions: [],
  oneTimeProducts: [],
  ...over,
});

describe('usage invoice: sessions', () => {
  it('makes one line per session with its EMSP total, station, local date and kWh, never re-priced', () => {
    const s1 = aSession({ empTotal: 480, startAt: new Date('2026-10-31T23:30:00Z'), stationName: 'Depot B' });
    const s2 = aSession({ empTotal: 1_999, energyWh: 40_000 });
    const inv = usageInvoice(facts({ sessions: [s1, s2] }));
    expect(inv.lines).toEqual([
      expect.objectContaining({
        kind: 'session',
        sessionId: s2.id,
        amount: 1_999,
        unitAmount: 1_999,
        quantity: 1,
        description: 'Depot A · 2026-10-05 · 40.000 kWh',
      }),
      // 23:30 UTC on 31 October is 00:30 on 1 November in Paris: the next month's session.
    ]);
    expect(inv.total).toBe(1_999);
    const nov = usageInvoice(facts({ period: '2026-11', sessions: [s1] }));
    expect(nov.lines[0]).toMatchObject({ sessionId: s1.id, description: 'Depot B · 2026-11-01 · 12.345 kWh' });
  });

  it('excludes sessions already billed and holds back those needing revision', () => {
    const billed = aSession({ billed: true });
    const revision = aSession({ needsRevision: true });
    const ok = aSession();
    const inv = usageInvoice(facts({ sessions: [billed, revision, ok] }));
    expect(inv.lines.map((l) => (l.kind === 'session' ? l.sessionId : null))).toEqual([ok.id]);
    expect(inv.summary).toMatchObject({ sessions: 1, alreadyBilled: 1, heldBack: [revision.id] });
  });

  it('bills an earlier held-back session once revised (the store gathers it), but not a session of a later month', () => {
    const earlier = aSession({ startAt: new Date('2026-09-12T10:00:00Z') });
    const later = aSession({ startAt: new Date('2026-11-02T10:00:00Z') });
    const inv = usageInvoice(facts({ sessions: [later, earlier] }));
    expect(inv.lines).toHaveLength(1);
    expect(inv.lines[0]).toMatchObject({ sessionId: earlier.id });
  });

  it('gives no line to a session without an EMSP price, nor to one priced in another currency', () => {
    const unpriced = aSession({ empTotal: null });
    const pounds = aSession({ currency: 'GBP' });
    const inv = usageInvoice(facts({ sessions: [unpriced, pounds] }));
    expect(inv.lines).toEqual([]);
    expect(inv.summary).toMatchObject({ noEmspPrice: 1, otherCurrency: [pounds.id] });
    expect(inv.total).toBe(0);
  });
});

describe('usage invoice: fees', () => {
  const fees = {
    keyfob: 150,
    saas: 5_000,
    cpms: 2_500,
    connectorMonthly: 300,
    simMonthly: 200,
    platformAnnual: 90_000,
  };

  it('bills the monthly fees by count; the SIM fee is reported uncounted when SIMs cannot be counted', () => {
    const inv = usageInvoice(
      facts({
        company: aCompany({ fees, contractStartDate: '2025-03-01' }),
        counts: { activeKeyfobs: 12, connectors: 4, sims: null },
      }),
    );
    expect(inv.lines.map((l) => (l.kind === 'fee' ? [l.fee, l.quantity, l.unitAmount, l.amount] : null))).toEqual([
      ['keyfob', 12, 150, 1_800],
      ['saas', 1, 5_000, 5_000],
      ['cpms', 1, 2_500, 2_500],
      ['connector', 4, 300, 1_200],
    ]);
    expect(inv.summary.uncounted).toEqual(['sim']);
    expect(inv.feesTotal).toBe(10_500);
    expect(inv.lines[0]?.description).toBe('Key fob fee × 12 (2026-10)');
    expect(inv.lines[0]?.periodStart).toEqual(new Date('2026-09-30T22:00:00Z'));
    expect(inv.lines[0]?.periodEnd).toEqual(new Date('2026-10-31T23:00:00Z'));
  });

  it('counts SIMs when given, and skips fee lines of zero quantity or unset fees', () => {
    const inv = usageInvoice(
      facts({
        company: aCompany({ fees: { ...fees, saas: null, cpms: 0 }, contractStartDate: '2025-03-01' }),
        counts: { activeKeyfobs: 0, connectors: 0, sims: 3 },
      }),
    );
    expect(inv.lines.map((l) => (l.kind === 'fee' ? [l.fee, l.quantity, l.unitAmount, l.amount] : null))).toEqual([
      ['sim', 3, 200, 600],
    ]);
    expect(inv.lines[0]?.description).toBe('SIM monthly fee × 3 (2026-10)');
    expect(inv.summary.uncounted).toEqual([]);
    expect(inv.feesTotal).toBe(600);
  });

  it.each([
    { contractStartDate: '2024-10-15', period: '2026-10', expected: true },
    { contractStartDate: '2024-10-15', period: '2026-09', expected: false },
    { contractStartDate: null, period: '2026-03', expected: true },
    { contractStartDate: null, period: '2026-10', expected: false },
  ])(
    'bills the platform annual fee only in the anchor month ($contractStartDate, $period)',
    ({ contractStartDate, period, expected }) => {
      const inv = usageInvoice(facts({ period, company: aCompany({ fees, contractStartDate }) }));
      expect(inv.summary.platformFeeMonth).toBe(expected);
      expect(inv.lines.some((l) => l.kind === 'fee' && l.fee === 'platform' && l.amount === 90_000)).toBe(expected);
    },
  );

  it('bills no fee outside the contract months, but still bills the sessions', () => {
    const company = aCompany({ fees, contractStartDate: '2026-11-01', contractEndDate: null });
    const inv = usageInvoice(facts({ company, sessions: [aSession()] }));
    expect(inv.lines.map((l) => l.kind)).toEqual(['session']);
    const ended = usageInvoice(facts({ company: aCompany({ fees, contractEndDate: '2026-09-30' }) }));
    expect(ended.lines).toEqual([]);
  });
});

describe('usage invoice: the home reimbursement fee', () => {
  const due = [
    { id: 31, value: 1_345, currency: 'EUR' },
    { id: 30, value: 10_000, currency: 'EUR' },
    // Another currency cannot be on this invoice: it stays for an invoice in its currency.
    { id: 32, value: 5_000, currency: 'GBP' },
  ];

  it('bills the percentage of the approved reimbursements not yet invoiced as one fee line naming them', () => {
    const inv = usageInvoice(facts({ reimbursementFee: { basisPoints: 250, reimbursements: due } }));
    // 2.5 % of 113.45 EUR = 2.83625 → 2.84
    expect(inv.lines).toEqual([
      expect.objectContaining({
        kind: 'fee',
        fee: 'home_reimbursement',
        reimbursementIds: [30, 31],
        description: 'Home reimbursement fee 2026-10: 2 reimbursements',
        quantity: 1,
        amount: 284,
      }),
    ]);
    expect(inv.feesTotal).toBe(284);
    expect(inv.total).toBe(284);
  });

  it('bills it outside the contract months too, and makes no line without a percentage or anything due', () => {
    const outside = aCompany({ contractStartDate: '2027-01-01', fees: { ...aCompany().fees, saas: 5_000 } });
    const inv = usageInvoice(
      facts({ company: outside, reimbursementFee: { basisPoints: 100, reimbursements: [due[0] as (typeof due)[0]] } }),
    );
    expect(inv.lines.map((l) => [l.kind, l.description, l.amount])).toEqual([
      ['fee', 'Home reimbursement fee 2026-10: 1 reimbursement', 13],
    ]);
    expect(usageInvoice(facts({ reimbursementFee: { basisPoints: 0, reimbursements: due } })).lines).toEqual([]);
    expect(usageInvoice(facts({ reimbursementFee: { basisPoints: 250, reimbursements: [] } })).lines).toEqual([]);
    // 0.01 % of 13.45 rounds to 0: no line, the reimbursement waits for the next invoice.
    const tiny = { basisPoints: 1, reimbursements: [due[0] as (typeof due)[0]] };
    expect(usageInvoice(facts({ reimbursementFee: tiny })).lines).toEqual([]);
  });
});

describe('usage invoice: one-time products and totals', () => {
  it('adds pending one-time products as lines and totals every part in integer minor units', () => {
    const inv = usageInvoice(
      facts({
        company: aCompany({ fees: { ...aCompany().fees, saas: 1_000 } }),
        sessions: [aSession({ empTotal: 333 }), aSession({ empTotal: 667 })],
        oneTimeProducts: [
          { id: 9, productName: 'Charging cable', quantity: 2, unitAmount: 2_550, currency: 'eur' },
          { id: 10, productName: 'Adapter', quantity: 1, unitAmount: 900, currency: 'USD' },
        ],
      }),
    );
    expect(inv.lines.filter((l) => l.kind === 'one_time')).toEqual([
      expect.objectContaining({ oneTimeProductId: 9, description: 'Charging cable × 2', amount: 5_100 }),
    ]);
    expect(inv).toMatchObject({ sessionsTotal: 1_000, feesTotal: 1_000, oneTimeTotal: 5_100, total: 7_100 });
    expect(inv.lines.every((l) => Number.isInteger(l.amount) && l.currency === 'EUR')).toBe(true);
  });
});

describe('billing periods', () => {
  it('bounds a month in the company zone and names the previous month', () => {
    expect(periodBounds('2026-03', 'Europe/London')).toEqual({
      start: new Date('2026-03-01T00:00:00Z'),
      end: new Date('2026-03-31T23:00:00Z'),
    });
    expect(previousPeriod(new Date('2026-01-01T03:00:00Z'))).toBe('2025-12');
    expect(previousPeriod(new Date('2026-11-01T03:00:00Z'))).toBe('2026-10');
    expect(() => periodBounds('2026-13', 'UTC')).toThrow(RangeError);
  });

  it('anchors the annual fee on the contract start, else the creation month; contract months inclusive', () => {
    expect(anchorMonth({ contractStartDate: '2024-07-31', createdAt: new Date('2020-01-01') })).toBe(7);
    expect(anchorMonth({ contractStartDate: null, createdAt: new Date('2020-05-01T00:00:00Z') })).toBe(5);
    const c = { contractStartDate: '2026-02-15', contractEndDate: '2026-06-01' };
    expect([
      inContract(c, '2026-01'),
      inContract(c, '2026-02'),
      inContract(c, '2026-06'),
      inContract(c, '2026-07'),
    ]).toEqual([false, true, true, false]);
  });
});
