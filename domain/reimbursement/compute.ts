/**
 * @module One employee's reimbursement for one month (issue 19 part 5), pure: the month's home sessions
 * (and, for offline home stations, the energy between two approved meter readings) priced at the
 * tariff valid on each session's local start date in the company's time zone, the price per kWh capped
 * by the company's kWh cost limit, plus the employee's extra expense capped by the company's limit.
 *
 * - A session belongs to the month its start falls in, in the company's zone (so a session starting at
 *   00:30 on 1 November in Paris is November's, though it is still October in UTC; the CET/CEST change
 *   moves no session between months or tariffs).
 * - Tariffs are valid from `validFrom` to `validTo` inclusive (local dates). Energy on a date no tariff
 *   covers is reported as uncovered and reimbursed 0, never priced at a guess.
 * - An offline station's month is priced at the tariff valid on the month's last day.
 * - Amounts are rounded half away from zero once per tariff slice; the total is the sum of the slices.
 * Prices are milli-minor units per kWh; energy Wh; amounts minor units.
 */
import { parsePeriod } from '../billing/period';
import { dayIndex, dayOfDate, zoneClock } from '../time/zone-clock';

export interface HomeSession {
  id: number;
  /** Start instant, ms since the epoch. */
  startAt: number;
  energyWh: number | null;
}

export interface ApplicableTariff {
  /** Null for the company's flat tariff. */
  id: number | null;
  pricePerKwh: number;
  validFrom: string;
  validTo: string | null;
}

export interface OfflineMonth {
  homeStationId: number;
  /** The approved reading closing the month before (the month's opening index), if any. */
  opening: { documentId: number; meterWh: number } | null;
  /** The approved reading closing this month, if any. */
  closing: { documentId: number; meterWh: number } | null;
}

export interface MonthInput {
  period: string;
  timeZone: string;
  sessions: readonly HomeSession[];
  tariffs: readonly ApplicableTariff[];
  /** Milli-minor units per kWh; null: no cap. */
  kwhCostLimit: number | null;
  offline?: readonly OfflineMonth[];
  /** Declared by the employee (minor units); counted only when the company allows extra expenses. */
  extraExpense?: number;
  extraExpenseEnabled?: boolean;
  /** Minor units; null: no cap. */
  extraExpenseLimit?: number | null;
}

export interface Slice {
  tariffId: number | null;
  validFrom: string;
  validTo: string | null;
  pricePerKwh: number;
  /** After the kWh cost limit. */
  appliedPricePerKwh: number;
  source: 'sessions' | 'meter';
  sessions: number;
  energyWh: number;
  amount: number;
}

export type MonthNote =
  | { code: 'uncovered'; sessions: number; energyWh: number; firstDate: string }
  | { code: 'meter_missing'; homeStationId: number }
  | { code: 'meter_went_back'; homeStationId: number; openingWh: number; closingWh: number };

export interface MonthResult {
  sessions: number;
  energyWh: number;
  energyAmount: number;
  /** The kWh cost limit lowered at least one slice's price. */
  capped: boolean;
  extraExpense: number;
  value: number;
  slices: Slice[];
  notes: MonthNote[];
}

const DAY_MS = 86_400_000;

/** Local calendar date (YYYY-MM-DD) of an instant in `timeZone`. */
export function localDate(utc: number, timeZone: string): string {
  const wall = utc + zoneClock(timeZone).offsetAt(utc);
  return new Date(dayIndex(wall) * DAY_MS).toISOString().slice(0, 10);
}

/** The last calendar day of a 'YYYY-MM' period. */
export function lastDayOf(period: string): string {
  const [y, m] = parsePeriod(period);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The tariff valid on `date`; when several overlap (a data error the API refuses), the latest start wins. */
export function tariffOn(tariffs: readonly ApplicableTariff[], date: string): ApplicableTariff | null {
  let found: ApplicableTariff | null = null;
  const day = dayOfDate(date);
  for (const t of tariffs) {
    if (dayOfDate(t.validFrom) > day) continue;
    if (t.validTo !== null && dayOfDate(t.validTo) < day) continue;
    if (!found || t.validFrom > found.validFrom) found = t;
  }
  return found;
}

/** Energy × price per kWh (milli-minor) → minor units, rounded half away from zero. */
export function priceEnergy(energyWh: number, pricePerKwh: number): number {
  return Math.round((energyWh * pricePerKwh) / 1_000_000);
}

export function computeMonth(input: MonthInput): MonthResult {
  const slices = new Map<string, Slice>();
  const notes: MonthNote[] = [];
  const limit = input.kwhCostLimit;
  const slice = (t: ApplicableTariff, source: Slice['source']) => {
    const key = `${source}:${t.id ?? 'flat'}:${t.validFrom}`;
    let s = slices.get(key);
    if (!s) {
      const applied = limit !== null && limit >= 0 ? Math.min(t.pricePerKwh, limit) : t.pricePerKwh;
      s = {
        tariffId: t.id,
        validFrom: t.validFrom,
        validTo: t.validTo,
        pricePerKwh: t.pricePerKwh,
        appliedPricePerKwh: applied,
        source,
        sessions: 0,
        energyWh: 0,
        amount: 0,
      };
      slices.set(key, s);
    }
    return s;
  };
  let uncovered: Extract<MonthNote, { code: 'uncovered' }> | null = null;
  let sessions = 0;
  let energyWh = 0;
  for (const session of input.sessions) {
    const date = localDate(session.startAt, input.timeZone);
    if (date.slice(0, 7) !== input.period) continue;
    const wh = Math.max(0, Math.round(session.energyWh ?? 0));
    sessions++;
    energyWh += wh;
    const tariff = tariffOn(input.tariffs, date);
    if (!tariff) {
      uncovered ??= { code: 'uncovered', sessions: 0, energyWh: 0, firstDate: date };
      uncovered.sessions++;
      uncovered.energyWh += wh;
      if (date < uncovered.firstDate) uncovered.firstDate = date;
      continue;
    }
    const s = slice(tariff, 'sessions');
    s.sessions++;
    s.energyWh += wh;
  }
  const lastDay = lastDayOf(input.period);
  for (const station of input.offline ?? []) {
    if (!station.opening || !station.closing) {
      notes.push({ code: 'meter_missing', homeStationId: station.homeStationId });
      continue;
    }
    const wh = station.closing.meterWh - station.opening.meterWh;
    if (wh < 0) {
      notes.push({
        code: 'meter_went_back',
        homeStationId: station.homeStationId,
        openingWh: station.opening.meterWh,
        closingWh: station.closing.meterWh,
      });
      continue;
    }
    energyWh += wh;
    const tariff = tariffOn(input.tariffs, lastDay);
    if (!tariff) {
      uncovered ??= { code: 'uncovered', sessions: 0, energyWh: 0, firstDate: lastDay };
      uncovered.energyWh += wh;
      continue;
    }
    slice(tariff, 'meter').energyWh += wh;
  }
  if (uncovered) notes.unshift(uncovered);
  const list = [...slices.values()].sort(
    (a, b) => a.validFrom.localeCompare(b.validFrom) || a.source.localeCompare(b.source),
  );
  let energyAmount = 0;
  for (const s of list) {
    s.amount = priceEnergy(s.energyWh, s.appliedPricePerKwh);
    energyAmount += s.amount;
  }
  const declared = input.extraExpenseEnabled ? Math.max(0, Math.round(input.extraExpense ?? 0)) : 0;
  const cap = input.extraExpenseLimit;
  const extraExpense = cap !== null && cap !== undefined ? Math.min(declared, Math.max(0, cap)) : declared;
  return {
    sessions,
    energyWh,
    energyAmount,
    capped: list.some((s) => s.appliedPricePerKwh < s.pricePerKwh && s.energyWh > 0),
    extraExpense,
    value: energyAmount + extraExpense,
    slices: list,
    notes,
  };
}
