/**
 * @module The decisions of a limit stop (ADR 020, ADR 028) that the ChargePoint object's handler
 * (workers/ocpp/src/handlers/limit-stop.ts) used to take itself: whether a reading uses the budget up,
 * the budget after a refresh, and what the customer-service log records of the stop. Pure.
 */
import type { CommandOutcome } from '../ocpp/command-outcome';
import { type Budget, budgetUse, limitStopReason, type MoneyBudget, rebase, refreshTime } from './limits';
import { nextDayStart } from './periods';

type Tx = { meterStartWh: number; startedAt: number };
type Reading = { at: number; wh: number };

/**
 * The energy and (currency budgets) money used when the reading reaches the budget, and which budget
 * it reached (a kWh budget's `also`, the prepaid wallet, is checked too); null while below both.
 */
export function limitStopDue(
  budget: Budget,
  tx: Tx,
  reading: Reading,
): { energyWh: number; spentMinor: number | null; reached: Budget } | null {
  // kWh budgets: Wh since meter start; currency budgets (ADR 028): the session's price so far.
  const used = budgetUse(budget, tx, reading);
  const left = budget.unit === 'currency' ? budget.leftMinor : budget.wh;
  if (used < left) return budget.unit !== 'currency' && budget.also ? limitStopDue(budget.also, tx, reading) : null;
  return {
    energyWh: reading.wh - tx.meterStartWh,
    spentMinor: budget.unit === 'currency' ? used : null,
    reached: budget,
  };
}

/** The budget a stop was sent for (the reason at close): the one reached at the reading, else the budget. */
export function stoppedBudget(budget: Budget, tx: Tx, reading: Reading): Budget {
  return limitStopDue(budget, tx, reading)?.reached ?? budget;
}

/**
 * The budget after a refresh at `at`: the decision's new one counted from the current reading (a money
 * budget keeps the tariff chosen at the start: that one prices the session), or, when the decision
 * gives none (limit removed, card refused for another reason), the current one checked again later.
 */
export function refreshedBudget(
  current: Budget,
  fresh: Budget | null | undefined,
  tx: Tx,
  reading: Reading,
  at: Date,
): Budget {
  const refreshAt = refreshTime(at.getTime(), nextDayStart(at).getTime());
  if (!fresh) return { ...current, refreshAt };
  // The tariff chosen at the start prices the session: a fresh money budget keeps it.
  const startTariff = current.unit === 'currency' ? current : current.also;
  const keep = (b: MoneyBudget): MoneyBudget =>
    startTariff ? { ...b, tariff: startTariff.tariff, timeZone: startTariff.timeZone } : b;
  const kept: Budget =
    fresh.unit === 'currency' ? keep(fresh) : fresh.also ? { ...fresh, also: keep(fresh.also) } : fresh;
  return rebase(kept, tx, reading, refreshAt);
}

export interface LimitStopLog {
  reason: string;
  detail: object;
  succeeded: boolean;
  error: string | null;
}

/** What the customer-service log keeps of a stop: only an Accepted reply succeeded; the tariff by id. */
export function limitStopLog(
  budget: Budget,
  energyWh: number,
  spentMinor: number | null,
  request: { transactionId: number },
  outcome: CommandOutcome,
): LimitStopLog {
  const status = replyStatus(outcome);
  const succeeded = status === 'Accepted';
  return {
    reason: limitStopReason(budget, energyWh, spentMinor),
    // The tariff is in the budget to price the session so far; the log keeps its id only.
    detail: {
      request,
      budget:
        budget.unit === 'currency'
          ? { ...budget, tariff: budget.tariff.id }
          : budget.also
            ? { ...budget, also: { ...budget.also, tariff: budget.also.tariff.id } }
            : budget,
      energyWh,
      spentMinor,
      outcome,
    },
    succeeded,
    error: succeeded ? null : failure(outcome, status),
  };
}

function replyStatus(outcome: CommandOutcome): string | null {
  if (outcome.status !== 'accepted') return null;
  const status = (outcome.reply as { status?: unknown } | null)?.status;
  return typeof status === 'string' ? status : null;
}

function failure(outcome: CommandOutcome, status: string | null): string {
  if (outcome.status === 'accepted') return `The charge point answered ${status ?? 'without a status'}.`;
  if (outcome.status === 'rejected') return `${outcome.code}: ${outcome.description}`;
  return outcome.status === 'offline' ? 'The charge point is offline.' : 'The charge point did not answer in time.';
}
