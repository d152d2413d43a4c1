import { describe, expect, it } from 'vitest';
import { type EconomicsValues, economicsBounds, judgeEconomics, vendorFieldsChanged } from './economics-rules';

const stored: EconomicsValues = {
  keyfob_fee: 500,
  saas_fee: null,
  cpms_fee: null,
  monthly_connector_fee: null,
  monthly_sim_fee: null,
  annual_platform_fee: null,
  kwh_net_cost: 25_160,
  pre_authorization_amount: 5000,
  billing_cycle_anchor: null,
  contract_number: null,
  contract_start_date: '2026-01-01',
  contract_end_date: null,
};

describe('judgeEconomics', () => {
  it('merges the input into the stored values: absent keeps, null clears', () => {
    const v = judgeEconomics({ saas_fee: 1200, keyfob_fee: null, billing_cycle_anchor: 'eom' }, stored, 'EUR');
    expect(v).toEqual({
      ok: true,
      values: { ...stored, saas_fee: 1200, keyfob_fee: null, billing_cycle_anchor: 'eom' },
    });
  });

  it.each([
    ['1', true],
    ['28', true],
    ['eom', true],
    ['0', false],
    ['29', false],
    ['31', false],
    ['01', false],
    ['EOM', false],
    ['1.5', false],
  ])('billing cycle anchor %s → valid %s', (anchor, ok) => {
    const v = judgeEconomics({ billing_cycle_anchor: anchor }, stored, 'EUR');
    expect(v.ok).toBe(ok);
    if (!v.ok) expect(v).toMatchObject({ field: 'billing_cycle_anchor', key: 'billingAnchorInvalid' });
  });

  it('refuses a negative or too large fee with the bounds in the currency', () => {
    const v = judgeEconomics({ monthly_sim_fee: -1 }, stored, 'EUR');
    expect(v).toMatchObject({ ok: false, field: 'monthly_sim_fee', key: 'economicsAmountInvalid' });
    expect(judgeEconomics({ annual_platform_fee: 100_000_001 }, stored, 'EUR').ok).toBe(false);
    expect(judgeEconomics({ annual_platform_fee: 100_000_000 }, stored, 'EUR').ok).toBe(true);
  });

  it('bounds the pre-authorization amount to 1 … 500 major units of the currency', () => {
    expect(economicsBounds('EUR').preAuthorization).toEqual({ min: 100, max: 50_000 });
    expect(economicsBounds('JPY').preAuthorization).toEqual({ min: 1, max: 500 });
    expect(judgeEconomics({ pre_authorization_amount: 99 }, stored, 'EUR')).toMatchObject({
      ok: false,
      field: 'pre_authorization_amount',
      key: 'preAuthorizationRange',
    });
    expect(judgeEconomics({ pre_authorization_amount: 50_001 }, stored, 'EUR').ok).toBe(false);
    expect(judgeEconomics({ pre_authorization_amount: 100 }, stored, 'EUR').ok).toBe(true);
    // Cleared: QR payments are refused again (NO_PRE_AUTHORIZATION).
    expect(judgeEconomics({ pre_authorization_amount: null }, stored, 'EUR').ok).toBe(true);
  });

  it('bounds the kWh net cost to 10 major units per kWh in milli-minor units', () => {
    expect(judgeEconomics({ kwh_net_cost: 1_000_000 }, stored, 'EUR').ok).toBe(true);
    expect(judgeEconomics({ kwh_net_cost: 1_000_001 }, stored, 'EUR')).toMatchObject({ field: 'kwh_net_cost' });
  });

  it('checks the contract dates and their order against the stored start', () => {
    expect(judgeEconomics({ contract_end_date: '2025-12-31' }, stored, 'EUR')).toMatchObject({
      ok: false,
      field: 'contract_end_date',
      key: 'contractDatesOrder',
    });
    expect(judgeEconomics({ contract_end_date: '2026-01-01' }, stored, 'EUR').ok).toBe(true);
    expect(judgeEconomics({ contract_start_date: '2026-02-30' }, stored, 'EUR')).toMatchObject({
      field: 'contract_start_date',
      key: 'tariffDateInvalid',
    });
  });
});

describe('vendorFieldsChanged', () => {
  it('names the fees, anchor and contract fields whose value changes, not the others', () => {
    expect(vendorFieldsChanged({ keyfob_fee: 500, pre_authorization_amount: 900, kwh_net_cost: 1 }, stored)).toEqual(
      [],
    );
    expect(
      vendorFieldsChanged({ keyfob_fee: 600, billing_cycle_anchor: 'eom', contract_number: null }, stored),
    ).toEqual(['keyfob_fee', 'billing_cycle_anchor']);
  });
});
