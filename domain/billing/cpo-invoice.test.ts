import { describe, expect, it } from 'vitest';
import {
  type CpoInvoiceChecks,
  type CpoInvoiceState,
  canRecompute,
  cpoInvoiceName,
  decideEdit,
  invoiceFigures,
  monthBounds,
  monthOf,
  monthOpen,
  nextStatuses,
  parseMonth,
  type SessionSums,
  UNCHECKED,
} from './cpo-invoice';

const sums = (s: Partial<SessionSums>): SessionSums => ({
  currency: 'EUR',
  sessions: 1,
  energyWh: 10_000,
  subOperatorEnergy: 300,
  subOperatorTotal: 400,
  ownerTotal: 200,
  unpriced: 0,
  ...s,
});
const ALL: CpoInvoiceChecks = { sessions_checked: true, amounts_checked: true, sent_to_operator: true };
const state = (status: CpoInvoiceState['status'], checks: Partial<CpoInvoiceChecks> = {}): CpoInvoiceState => ({
  status,
  checks: { ...UNCHECKED, ...checks },
});

describe('invoiceFigures', () => {
  it('no sessions: zeros in the operator currency', () => {
    expect(invoiceFigures([], 'GBP')).toEqual({
      ok: true,
      figures: {
        currency: 'GBP',
        sessions: 0,
        energyWh: 0,
        energyAmount: 0,
        subOperatorTotal: 0,
        ownerTotal: 0,
        unpricedSessions: 0,
      },
    });
  });

  it('adds the groups of one currency: sub-operator energy and total, owner total, unpriced sessions', () => {
    const result = invoiceFigures(
      [
        sums({ sessions: 3, energyWh: 45_500, subOperatorEnergy: 1_234, subOperatorTotal: 1_500, ownerTotal: 700 }),
        sums({ sessions: 2, energyWh: 7_000, subOperatorEnergy: 0, subOperatorTotal: 0, ownerTotal: 0, unpriced: 2 }),
      ],
      'EUR',
    );
    expect(result).toEqual({
      ok: true,
      figures: {
        currency: 'EUR',
        sessions: 5,
        energyWh: 52_500,
        energyAmount: 1_234,
        subOperatorTotal: 1_500,
        ownerTotal: 700,
        unpricedSessions: 2,
      },
    });
  });

  it('the sessions currency wins over the operator currency', () => {
    const result = invoiceFigures([sums({ currency: 'CHF' })], 'EUR');
    expect(result.ok && result.figures.currency).toBe('CHF');
  });

  it('refuses sessions in several currencies instead of adding them', () => {
    expect(invoiceFigures([sums({ currency: 'GBP' }), sums({ currency: 'EUR' })], 'EUR')).toEqual({
      ok: false,
      reason: 'mixed-currencies',
      currencies: ['EUR', 'GBP'],
    });
  });

  it('ignores an empty group of another currency', () => {
    const result = invoiceFigures([sums({ currency: 'GBP', sessions: 0 }), sums({})], 'EUR');
    expect(result.ok && result.figures.currency).toBe('EUR');
  });
});

describe('months', () => {
  it.each([
    ['2026-10', { year: 2026, month: 10 }],
    ['2026-01', { year: 2026, month: 1 }],
    ['2026-13', null],
    ['2026-1', null],
    ['202610', null],
  ])('parseMonth(%s)', (value, expected) => {
    expect(parseMonth(value)).toEqual(expected);
  });

  it('a month in the operator time zone: Paris October 2026 starts at 22:00 UTC (summer time) and ends at 23:00 UTC', () => {
    expect(monthBounds('2026-10', 'Europe/Paris')).toEqual({
      from: new Date('2026-09-30T22:00:00.000Z'),
      to: new Date('2026-10-31T23:00:00.000Z'),
    });
    expect(monthBounds('2026-12', 'UTC')).toEqual({
      from: new Date('2026-12-01T00:00:00.000Z'),
      to: new Date('2027-01-01T00:00:00.000Z'),
    });
  });

  it('monthOf reads the local month; a future month is not open', () => {
    const now = new Date('2026-10-31T23:30:00.000Z');
    expect(monthOf(now, 'Europe/Paris')).toBe('2026-11');
    expect(monthOf(now, 'UTC')).toBe('2026-10');
    expect(monthOpen('2026-11', now, 'UTC')).toBe(false);
    expect(monthOpen('2026-10', now, 'UTC')).toBe(true);
    expect(monthOpen('2025-12', now, 'UTC')).toBe(true);
  });

  it('names the row after operator and month', () => {
    expect(cpoInvoiceName(12, '2026-10')).toBe('CPO-2026-10-000012');
  });
});

describe('status transitions', () => {
  it('lists where each status may go; paid is final', () => {
    expect(nextStatuses('draft')).toEqual(['checked']);
    expect(nextStatuses('checked')).toEqual(['draft', 'sent']);
    expect(nextStatuses('sent')).toEqual(['paid', 'disputed']);
    expect(nextStatuses('paid')).toEqual([]);
  });

  it('ticking checks on a draft records each change on the timeline', () => {
    expect(decideEdit(state('draft'), { checks: { sessions_checked: true, amounts_checked: false } })).toEqual({
      ok: true,
      state: state('draft', { sessions_checked: true }),
      timeline: [{ kind: 'check', check: 'sessions_checked', value: true }],
    });
  });

  it('checked needs sessions and amounts checked, given in the same edit or before', () => {
    expect(decideEdit(state('draft'), { status: 'checked' })).toEqual({
      ok: false,
      reason: 'checks-missing',
      status: 'checked',
      missing: ['sessions_checked', 'amounts_checked'],
    });
    const ok = decideEdit(state('draft'), {
      status: 'checked',
      checks: { sessions_checked: true, amounts_checked: true },
    });
    expect(ok.ok && ok.timeline.at(-1)).toEqual({ kind: 'status', from: 'draft', to: 'checked' });
  });

  it('paid only after sent', () => {
    expect(decideEdit(state('checked', ALL), { status: 'paid' })).toEqual({
      ok: false,
      reason: 'transition',
      from: 'checked',
      to: 'paid',
    });
    expect(decideEdit(state('draft'), { status: 'sent' })).toMatchObject({ ok: false, reason: 'transition' });
    expect(decideEdit(state('sent', ALL), { status: 'paid' })).toMatchObject({
      ok: true,
      state: { status: 'paid' },
    });
  });

  it('sent needs the sent-to-operator check', () => {
    const checked = state('checked', { sessions_checked: true, amounts_checked: true });
    expect(decideEdit(checked, { status: 'sent' })).toMatchObject({ ok: false, missing: ['sent_to_operator'] });
    expect(decideEdit(checked, { status: 'sent', checks: { sent_to_operator: true } })).toMatchObject({ ok: true });
  });

  it('a check a status stands for is unticked only when the row goes back to draft', () => {
    const checked = state('checked', { sessions_checked: true, amounts_checked: true });
    expect(decideEdit(checked, { checks: { amounts_checked: false } })).toMatchObject({
      ok: false,
      reason: 'checks-missing',
    });
    expect(decideEdit(checked, { status: 'draft', checks: { amounts_checked: false } })).toMatchObject({
      ok: true,
      state: state('draft', { sessions_checked: true }),
    });
  });

  it('a disputed row goes back to draft or is paid', () => {
    expect(decideEdit(state('disputed', ALL), { status: 'draft' })).toMatchObject({ ok: true });
    expect(decideEdit(state('disputed', ALL), { status: 'sent' })).toMatchObject({ reason: 'transition' });
  });

  it('a paid row changes no more, but its notes may', () => {
    expect(decideEdit(state('paid', ALL), { checks: { sent_to_operator: false } })).toEqual({
      ok: false,
      reason: 'paid-final',
    });
    expect(decideEdit(state('paid', ALL), { status: 'disputed' })).toEqual({ ok: false, reason: 'paid-final' });
    expect(decideEdit(state('paid', ALL), { notes: true })).toEqual({
      ok: true,
      state: state('paid', ALL),
      timeline: [{ kind: 'notes' }],
    });
  });

  it('the same status and checks again is no change', () => {
    expect(decideEdit(state('sent', ALL), { status: 'sent', checks: ALL })).toEqual({
      ok: true,
      state: state('sent', ALL),
      timeline: [],
    });
  });

  it('figures are recomputed only while draft', () => {
    expect(canRecompute('draft')).toBe(true);
    for (const s of ['checked', 'sent', 'paid', 'disputed'] as const) expect(canRecompute(s)).toBe(false);
  });
});
