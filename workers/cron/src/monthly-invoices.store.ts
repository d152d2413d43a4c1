/**
 * @module The monthly invoice job's statements (issue 17 part 10): the run in `job_runs`, the fleet
 * companies to bill in id order, each company's facts, the invoice written in one D1 batch, and the
 * Stripe ids stored back. Platform-wide by nature (the job bills every fleet company); the API's
 * routes never call these. Integers we produced (ids, amounts, instants) are written into the SQL so a
 * thousand-line invoice needs a handful of statements under D1's 100-parameter limit; every text is
 * a bound parameter.
 */
import type { UsageCompany, UsageInvoice, UsageLine, UsageSession } from '@domain/billing/usage-invoice';
import { FEE_DUE_STATUSES } from '@domain/reimbursement/statuses';

/** A fleet company with its billing customer (the lowest-id one with a Stripe id, when it has several). */
export interface BillableCompany extends UsageCompany {
  name: string;
  customerId: number;
  ownerCompanyId: number;
  stripeCustomerId: string;
  customerEmail: string | null;
}

const int = (n: number) => String(Math.trunc(n));

const ELIGIBLE = `FROM companies c JOIN billing_customers bc ON bc.id = (
    SELECT MIN(id) FROM billing_customers WHERE company_id = c.id AND stripe_customer_id IS NOT NULL)
  WHERE c.is_evfleet = 1`;

export function countBillable(d1: D1Database) {
  return d1
    .prepare(`SELECT count(*) AS n ${ELIGIBLE}`)
    .first<{ n: number }>()
    .then((r) => r?.n ?? 0);
}

interface CompanyRow {
  id: number;
  name: string;
  currency: string;
  time_zone: string;
  keyfob_fee: number | null;
  saas_fee: number | null;
  cpms_fee: number | null;
  monthly_connector_fee: number | null;
  monthly_sim_fee: number | null;
  annual_platform_fee: number | null;
  billing_cycle_anchor: string | null;
  contract_start_date: string | null;
  contract_end_date: string | null;
  created_at: number;
  customer_id: number;
  owner_company_id: number;
  stripe_customer_id: string;
  email: string | null;
}

/** The next `limit` billable fleet companies after id `afterId`, in id order. */
export async function billableCompanies(d1: D1Database, afterId: number, limit: number): Promise<BillableCompany[]> {
  const { results } = await d1
    .prepare(
      `SELECT c.id, c.name, c.currency, c.time_zone, c.keyfob_fee, c.saas_fee, c.cpms_fee, c.monthly_connector_fee,
         c.monthly_sim_fee, c.annual_platform_fee, c.billing_cycle_anchor, c.contract_start_date, c.contract_end_date,
         c.created_at, bc.id AS customer_id, bc.owner_company_id, bc.stripe_customer_id, bc.email
       ${ELIGIBLE} AND c.id > ?1 ORDER BY c.id LIMIT ?2`,
    )
    .bind(afterId, limit)
    .all<CompanyRow>();
  return results.map((r) => ({
    id: r.id,
    name: r.name,
    currency: r.currency,
    timeZone: r.time_zone,
    fees: {
      keyfob: r.keyfob_fee,
      saas: r.saas_fee,
      cpms: r.cpms_fee,
      connectorMonthly: r.monthly_connector_fee,
      simMonthly: r.monthly_sim_fee,
      platformAnnual: r.annual_platform_fee,
    },
    billingCycleAnchor: r.billing_cycle_anchor,
    contractStartDate: r.contract_start_date,
    contractEndDate: r.contract_end_date,
    createdAt: new Date(r.created_at),
    customerId: r.customer_id,
    ownerCompanyId: r.owner_company_id,
    stripeCustomerId: r.stripe_customer_id,
    customerEmail: r.email,
  }));
}

interface SessionRow {
  id: number;
  station_name: string | null;
  cdr_start: number;
  cdr_consumed_energy: number | null;
  emp_price_total: number | null;
  currency: string;
  cdr_needs_revision: number;
  billed: number;
}

/**
 * Everything the invoice decision reads for one company, in one round trip: its usage invoice of the
 * period if there is one, its counts (SIMs: its stations currently reporting an ICCID, ADR 043), its pending one-time
 * products sold by the customer's operator and not yet on a Stripe item, and its drivers' priced,
 * closed, not refused sessions started before the period's end and no earlier than the first month it
 * was ever invoiced for (or this period's start): see domain/billing/usage-invoice.ts.
 */
export async function companyFacts(d1: D1Database, c: BillableCompany, period: string, start: number, end: number) {
  const id = int(c.id);
  const [invoice, keyfobs, connectors, sims, oneTime, sessions, feeDue] = await d1.batch([
    d1
      .prepare(`SELECT id FROM billing_invoices WHERE company_id = ${id} AND kind = 'usage' AND period = ?1`)
      .bind(period),
    d1
      .prepare(
        `SELECT count(*) AS n FROM rfids WHERE company_id = ${id} AND status = 'active' AND (expires_at IS NULL OR expires_at >= ${int(end)})`,
      )
      .bind(),
    d1
      .prepare(
        `SELECT count(*) AS n FROM connectors k JOIN stations st ON st.id = k.station_id WHERE st.company_id = ${id}`,
      )
      .bind(),
    d1
      .prepare(`SELECT count(*) AS n FROM stations WHERE company_id = ${id} AND trim(coalesce(iccid, '')) <> ''`)
      .bind(),
    d1
      .prepare(
        `SELECT o.id, p.name, o.quantity, o.unit_amount, o.currency FROM billing_one_time_products o
         JOIN billing_products p ON p.id = o.product_id
         WHERE o.company_id = ${id} AND o.owner_company_id = ${int(c.ownerCompanyId)} AND o.status = 'pending'
           AND o.stripe_invoice_item_id IS NULL ORDER BY o.id`,
      )
      .bind(),
    d1
      .prepare(
        `SELECT s.id, s.station_name, s.cdr_start, s.cdr_consumed_energy, s.emp_price_total, s.currency,
           s.cdr_needs_revision, (b.session_id IS NOT NULL) AS billed
         FROM users u JOIN charging_sessions s ON s.user_id = u.id
         LEFT JOIN billed_sessions b ON b.session_id = s.id
         WHERE u.company_id = ${id} AND s.status = 'closed' AND s.pricing_status = 'priced' AND s.refused_status IS NULL
           AND s.cdr_start < ${int(end)}
           AND s.cdr_start >= min(${int(start)}, coalesce((SELECT min(period_start) FROM billing_invoices
                 WHERE company_id = ${id} AND kind = 'usage'), ${int(start)}))`,
      )
      .bind(),
    // The home reimbursement fee (issue 19 part 8): approved reimbursements no invoice billed yet.
    d1
      .prepare(
        `SELECT s.fee_basis_points, r.id, r.value, r.currency FROM home_reimbursement_settings s
         JOIN reimbursements r ON r.company_id = s.company_id
         WHERE s.company_id = ${id} AND s.fee_basis_points > 0 AND r.fee_invoice_id IS NULL
           AND r.status IN (${FEE_DUE_STATUSES.map((st) => `'${st}'`).join(',')})`,
      )
      .bind(),
  ]);
  const feeRows = (feeDue?.results ?? []) as {
    fee_basis_points: number;
    id: number;
    value: number;
    currency: string;
  }[];
  const n = (r: D1Result | undefined) => ((r?.results[0] as { n?: number } | undefined)?.n ?? 0) as number;
  return {
    invoiceId: ((invoice?.results[0] as { id?: number } | undefined)?.id ?? null) as number | null,
    counts: { activeKeyfobs: n(keyfobs), connectors: n(connectors), sims: n(sims) },
    oneTimeProducts: (oneTime?.results ?? []).map((r) => {
      const o = r as { id: number; name: string; quantity: number; unit_amount: number; currency: string };
      return { id: o.id, productName: o.name, quantity: o.quantity, unitAmount: o.unit_amount, currency: o.currency };
    }),
    reimbursementFee: {
      basisPoints: feeRows[0]?.fee_basis_points ?? 0,
      reimbursements: feeRows.map((r) => ({ id: r.id, value: r.value, currency: r.currency })),
    },
    sessions: ((sessions?.results ?? []) as SessionRow[]).map(
      (s): UsageSession => ({
        id: s.id,
        stationName: s.station_name,
        startAt: new Date(s.cdr_start),
        energyWh: s.cdr_consumed_energy,
        empTotal: s.emp_price_total,
        currency: s.currency,
        needsRevision: s.cdr_needs_revision !== 0,
        billed: s.billed !== 0,
      }),
    ),
  };
}

const sqlInt = (n: number | null | undefined) => (n === null || n === undefined ? 'NULL' : int(n));
const ROWS_PER_STATEMENT = 90;

function* slices<T>(items: T[], size: number) {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * Writes the usage invoice, its lines, its billed sessions, its one-time products marked invoiced and
 * the reimbursements its home reimbursement fee bills marked with it in ONE D1 batch (one
 * transaction). Plain inserts: when the same company is billed twice at once, the unique (company,
 * kind, period) index or a billed session's primary key fails the second batch whole, and the caller
 * reads the first one's invoice.
 */
export async function writeInvoice(d1: D1Database, c: BillableCompany, inv: UsageInvoice, now: number) {
  const invoiceIdSql = `(SELECT id FROM billing_invoices WHERE company_id = ${int(c.id)} AND kind = 'usage' AND period = ?1)`;
  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        `INSERT INTO billing_invoices (owner_company_id, company_id, customer_id, kind, period, status, currency,
           subtotal, total_excluding_tax, tax, total, amount_due, customer_email, period_start, period_end, created_at)
         VALUES (${int(c.ownerCompanyId)}, ${int(c.id)}, ${int(c.customerId)}, 'usage', ?1, 'draft', ?2,
           ${int(inv.total)}, ${int(inv.total)}, 0, ${int(inv.total)}, ${int(inv.total)}, ?3,
           ${int(inv.periodStart.getTime())}, ${int(inv.periodEnd.getTime())}, ${int(now)})`,
      )
      .bind(inv.period, inv.currency, c.customerEmail),
  ];
  for (const part of slices(inv.lines, ROWS_PER_STATEMENT)) {
    const values = part.map((l: UsageLine, i) => {
      const session = l.kind === 'session' ? l : null;
      return `('${l.kind}', ?${i + 3}, ${int(l.quantity)}, ${int(l.unitAmount)}, ${int(l.amount)},
        ${sqlInt(session?.sessionId)}, ${sqlInt(session?.energyWh)}, ${int(l.periodStart.getTime())}, ${int(l.periodEnd.getTime())})`;
    });
    statements.push(
      d1
        .prepare(
          `INSERT INTO billing_invoice_lines (invoice_id, kind, description, quantity, unit_amount, amount, currency,
             session_id, energy_wh, period_start, period_end)
           SELECT ${invoiceIdSql}, column1, column2, column3, column4, column5, ?2, column6, column7, column8, column9
           FROM (VALUES ${values.join(',')})`,
        )
        .bind(inv.period, inv.currency, ...part.map((l) => l.description)),
    );
  }
  const sessionIds = inv.lines.flatMap((l) => (l.kind === 'session' ? [l.sessionId] : []));
  for (const part of slices(sessionIds, 500)) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO billed_sessions (session_id, invoice_id)
           SELECT column1, ${invoiceIdSql} FROM (VALUES ${part.map((s) => `(${int(s)})`).join(',')})`,
        )
        .bind(inv.period),
    );
  }
  const oneTime = inv.lines.flatMap((l) => (l.kind === 'one_time' ? [l.oneTimeProductId] : []));
  if (oneTime.length > 0) {
    statements.push(
      d1
        .prepare(
          `UPDATE billing_one_time_products SET status = 'invoiced', invoice_id = ${invoiceIdSql}, updated_at = ${int(now)}
           WHERE id IN (${oneTime.map(int).join(',')}) AND status = 'pending'`,
        )
        .bind(inv.period),
    );
  }
  // The home reimbursement fee's reimbursements carry this invoice: billed once, whatever reruns.
  const feeIds = inv.lines.flatMap((l) => (l.kind === 'fee' ? (l.reimbursementIds ?? []) : []));
  for (const part of slices(feeIds, 500)) {
    statements.push(
      d1
        .prepare(
          `UPDATE reimbursements SET fee_invoice_id = ${invoiceIdSql}
           WHERE id IN (${part.map(int).join(',')}) AND company_id = ${int(c.id)} AND fee_invoice_id IS NULL`,
        )
        .bind(inv.period),
    );
  }
  await d1.batch(statements);
}
