/**
 * @module The monthly usage invoice of a fleet company (issue 17 part 7): from the company's fees and
 * counts, its priced sessions and its pending one-time products, the invoice lines and totals. Pure:
 * the monthly job (workers/cron/src/monthly-invoices.ts) gathers the facts and writes what this returns.
 *
 * **Which price a session line carries.** Pricing at close computes three perspectives per session:
 * the e-mobility provider's (`emp_price_total`, what the driver is charged), the sub-CPO's
 * (`subcpo_price_total`, what the operator charges the e-mobility provider) and the owner's
 * (`owner_price_total`, the owner's revenue). A fleet company's drivers charge as the company's
 * customers of the e-mobility service, so the company pays what its drivers are charged: the EMSP
 * perspective incl. VAT, the same money ADR 028 counts against a driver's currency limit. A line's
 * amount is that stored total, never re-priced. A priced session without an EMSP price costs nothing
 * (ADR 028) and gets no line.
 *
 * **Which sessions.** The store reads the unbilled, priced sessions of the company's drivers started
 * before the end of the billed month and no earlier than the first month the company was invoiced for
 * (or the billed month when it never was), so a session held back once (below) is billed on the first
 * invoice after its revision, never lost and never billed before billing started. Then, here:
 * - a session already in `billed_sessions` is excluded (a session is billed once, whatever the reruns);
 * - a session with `cdr_needs_revision` set is held back and listed in `summary.heldBack`;
 * - a session priced in another currency than the company's is left out (`summary.otherCurrency`):
 *   one invoice has one currency.
 *
 * **Fees** (spec section 3, minor units of the company currency, a null or 0 fee gives no line), for
 * the months of the contract (from the month of `contract_start_date`, to the month of
 * `contract_end_date`, each when set):
 * - key fob fee: per active key fob, every month;
 * - SaaS fee and CPMS fee: once a month;
 * - connector monthly fee: per connector of the company's stations, every month;
 * - SIM monthly fee: per SIM, every month (the job counts the company's stations currently reporting
 *   an ICCID in BootNotification, ADR 043 addendum) — when the SIMs cannot be counted (`counts.sims`
 *   null) no line is made and `summary.uncounted` says so, never a guessed quantity;
 * - platform annual fee: once a year, in the **anchor month**: the month of the contract start date,
 *   else the month the company was created. `billing_cycle_anchor` (a day of month or `eom`) sets the
 *   day subscriptions renew on and does not name a month; usage invoices cover the calendar month in
 *   the company's time zone whatever it says.
 */

import { anchorMonth, inContract, parsePeriod, periodBounds } from './period';
import { reimbursementFeeLine } from './usage-invoice.reimbursement-fee';
import { FEE_TEXT, type FeeCode, type UsageFacts, type UsageInvoice, type UsageLine } from './usage-invoice.types';

export { reimbursementFeeLine } from './usage-invoice.reimbursement-fee';
export {
  type CompanyFees,
  FEE_CODES,
  type FeeCode,
  type PendingOneTimeProduct,
  type ReimbursementFeeFacts,
  type UsageCompany,
  type UsageCounts,
  type UsageFacts,
  type UsageInvoice,
  type UsageLine,
  type UsageSession,
} from './usage-invoice.types';

/** "2026-10-05" in the company's zone. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** "12.345 kWh": three decimals with a point, the invoice's neutral notation (Stripe shows it as is). */
function kwhText(wh: number | null): string {
  return wh === null ? '— kWh' : `${(wh / 1000).toFixed(3)} kWh`;
}

/** The invoice of the month: see the module comment for every rule. */
export function usageInvoice(f: UsageFacts): UsageInvoice {
  const { company, period, counts } = f;
  const currency = company.currency.toUpperCase();
  const { start, end } = periodBounds(period, company.timeZone);
  const lines: UsageLine[] = [];
  const summary: UsageInvoice['summary'] = {
    sessions: 0,
    heldBack: [],
    alreadyBilled: 0,
    noEmspPrice: 0,
    otherCurrency: [],
    uncounted: [],
    platformFeeMonth: false,
  };

  const sessions = [...f.sessions].sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.id - b.id);
  for (const s of sessions) {
    if (s.startAt.getTime() >= end.getTime()) continue;
    if (s.billed) {
      summary.alreadyBilled++;
      continue;
    }
    if (s.needsRevision) {
      summary.heldBack.push(s.id);
      continue;
    }
    if (s.empTotal === null) {
      summary.noEmspPrice++;
      continue;
    }
    if (s.currency.toUpperCase() !== currency) {
      summary.otherCurrency.push(s.id);
      continue;
    }
    summary.sessions++;
    lines.push({
      kind: 'session',
      sessionId: s.id,
      energyWh: s.energyWh,
      description: `${s.stationName ?? `Session ${s.id}`} · ${localDate(s.startAt, company.timeZone)} · ${kwhText(s.energyWh)}`,
      quantity: 1,
      unitAmount: s.empTotal,
      amount: s.empTotal,
      currency,
      periodStart: s.startAt,
      periodEnd: s.startAt,
    });
  }

  if (inContract(company, period)) {
    const fee = (code: FeeCode, unit: number | null, quantity: number | null) => {
      if (!unit) return;
      if (quantity === null) {
        summary.uncounted.push(code);
        return;
      }
      if (quantity <= 0) return;
      const description = quantity === 1 ? FEE_TEXT[code] : `${FEE_TEXT[code]} × ${quantity}`;
      lines.push({
        kind: 'fee',
        fee: code,
        description: `${description} (${period})`,
        quantity,
        unitAmount: unit,
        amount: unit * quantity,
        currency,
        periodStart: start,
        periodEnd: end,
      });
    };
    const { fees } = company;
    fee('keyfob', fees.keyfob, counts.activeKeyfobs);
    fee('saas', fees.saas, 1);
    fee('cpms', fees.cpms, 1);
    fee('connector', fees.connectorMonthly, counts.connectors);
    fee('sim', fees.simMonthly, counts.sims);
    summary.platformFeeMonth = parsePeriod(period)[1] === anchorMonth(company);
    if (summary.platformFeeMonth) fee('platform', fees.platformAnnual, 1);
  }

  const reimbursementFee = f.reimbursementFee && reimbursementFeeLine(f.reimbursementFee, period, currency, start, end);
  if (reimbursementFee) lines.push(reimbursementFee);

  for (const p of [...f.oneTimeProducts].sort((a, b) => a.id - b.id)) {
    if (p.currency.toUpperCase() !== currency || p.quantity <= 0) continue;
    lines.push({
      kind: 'one_time',
      oneTimeProductId: p.id,
      description: p.quantity === 1 ? p.productName : `${p.productName} × ${p.quantity}`,
      quantity: p.quantity,
      unitAmount: p.unitAmount,
      amount: p.unitAmount * p.quantity,
      currency,
      periodStart: start,
      periodEnd: end,
    });
  }

  const sum = (kind: UsageLine['kind']) => lines.reduce((t, l) => (l.kind === kind ? t + l.amount : t), 0);
  const sessionsTotal = sum('session');
  const feesTotal = sum('fee');
  const oneTimeTotal = sum('one_time');
  return {
    period,
    currency,
    periodStart: start,
    periodEnd: end,
    lines,
    sessionsTotal,
    feesTotal,
    oneTimeTotal,
    total: sessionsTotal + feesTotal + oneTimeTotal,
    summary,
  };
}
