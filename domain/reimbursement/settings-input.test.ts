import { describe, expect, it } from 'vitest';
import { SERVICE } from '../permissions/service-settings';
import { emailList, judgeSettings, type SettingsInput, validDate } from './settings-input';

const aSettings = (over: Partial<SettingsInput> = {}): SettingsInput => ({
  active: true,
  type: 'company',
  flatTariff: 25_160,
  flatTariffValidFrom: '2026-01-01',
  extraExpenseEnabled: false,
  extraExpenseLimit: null,
  feeBasisPoints: 250,
  contactEmails: null,
  alertEmails: null,
  recipients: null,
  reimbursementKwhCostLimit: null,
  contractApproval: false,
  paymentProviderFlow: false,
  offlineStationProcess: false,
  skipDocumentUpload: false,
  fleetRuleSet: false,
  ...over,
});
const ALL = [
  SERVICE.HOME_REIMBURSEMENT,
  SERVICE.HOME_REIMBURSEMENT_VARIANT_A,
  SERVICE.HOME_REIMBURSEMENT_VARIANT_B,
  SERVICE.PAYMENT_PROVIDER_HOME_REIMBURSEMENT,
  SERVICE.HOME_REIMBURSEMENT_FLEET,
];

describe('judgeSettings', () => {
  it.each([
    {
      name: 'flat tariff missing',
      over: { flatTariff: null },
      field: 'flatTariff',
      key: 'reimbursementFlatTariffRequired',
    },
    {
      name: 'valid-from missing',
      over: { flatTariffValidFrom: null },
      field: 'flatTariffValidFrom',
      key: 'reimbursementFlatTariffRequired',
    },
    { name: 'negative flat tariff', over: { flatTariff: -1 }, field: 'flatTariff', key: 'reimbursementPriceInvalid' },
    {
      name: 'fractional flat tariff',
      over: { flatTariff: 1.5 },
      field: 'flatTariff',
      key: 'reimbursementPriceInvalid',
    },
    {
      name: 'impossible date',
      over: { flatTariffValidFrom: '2026-02-30' },
      field: 'flatTariffValidFrom',
      key: 'tariffDateInvalid',
    },
    {
      name: 'negative extra limit',
      over: { extraExpenseLimit: -5 },
      field: 'extraExpenseLimit',
      key: 'tariffAmountInvalid',
    },
    {
      name: 'fee over 100 %',
      over: { feeBasisPoints: 10_001 },
      field: 'feeBasisPoints',
      key: 'reimbursementFeeInvalid',
    },
    { name: 'negative fee', over: { feeBasisPoints: -1 }, field: 'feeBasisPoints', key: 'reimbursementFeeInvalid' },
    {
      name: 'negative kWh cost limit',
      over: { reimbursementKwhCostLimit: -1 },
      field: 'reimbursementKwhCostLimit',
      key: 'reimbursementPriceInvalid',
    },
  ] as const)('refuses $name', ({ over, field, key }) => {
    expect(judgeSettings(aSettings(over), ALL)).toEqual({ ok: false, field, key });
  });

  it('requires the flat tariff only for an active company type', () => {
    expect(judgeSettings(aSettings({ type: 'employee', flatTariff: null, flatTariffValidFrom: null }), ALL).ok).toBe(
      true,
    );
    expect(judgeSettings(aSettings({ active: false, flatTariff: null, flatTariffValidFrom: null }), ALL).ok).toBe(true);
  });

  it('accepts the bounds', () => {
    const verdict = judgeSettings(
      aSettings({ flatTariff: 0, feeBasisPoints: 10_000, extraExpenseLimit: 0, reimbursementKwhCostLimit: 0 }),
      ALL,
    );
    expect(verdict.ok).toBe(true);
    expect(judgeSettings(aSettings({ feeBasisPoints: 0 }), ALL).ok).toBe(true);
  });

  it('names the bad address of an e-mail list', () => {
    expect(judgeSettings(aSettings({ alertEmails: 'ops@example.com, not-an-address' }), ALL)).toEqual({
      ok: false,
      field: 'alertEmails',
      key: 'emailListInvalid',
      params: { address: 'not-an-address' },
    });
  });

  it('normalizes the e-mail lists', () => {
    const verdict = judgeSettings(
      aSettings({ contactEmails: ' A@Example.com,b@example.org , a@example.com,', recipients: '  ' }),
      ALL,
    );
    expect(verdict).toMatchObject({
      ok: true,
      values: { contactEmails: 'a@example.com, b@example.org', recipients: null },
    });
  });

  it.each([
    { variant: 'contractApproval', setting: SERVICE.HOME_REIMBURSEMENT_VARIANT_A },
    { variant: 'skipDocumentUpload', setting: SERVICE.HOME_REIMBURSEMENT_VARIANT_A },
    { variant: 'offlineStationProcess', setting: SERVICE.HOME_REIMBURSEMENT_VARIANT_B },
    { variant: 'paymentProviderFlow', setting: SERVICE.PAYMENT_PROVIDER_HOME_REIMBURSEMENT },
    { variant: 'fleetRuleSet', setting: SERVICE.HOME_REIMBURSEMENT_FLEET },
  ] as const)('refuses $variant while setting $setting is off', ({ variant, setting }) => {
    const without = ALL.filter((s) => s !== setting);
    expect(judgeSettings(aSettings({ [variant]: true }), without)).toEqual({
      ok: false,
      field: variant,
      key: 'reimbursementVariantNeedsService',
      params: { setting },
    });
    expect(judgeSettings(aSettings({ [variant]: true }), ALL).ok).toBe(true);
    expect(judgeSettings(aSettings({ [variant]: false }), without).ok).toBe(true);
  });
});

describe('helpers', () => {
  it.each([
    ['2026-01-31', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2026-1-31', false],
    ['', false],
  ] as const)('validDate(%s) is %s', (value, ok) => {
    expect(validDate(value)).toBe(ok);
  });

  it.each(['a@b', 'a b@example.com', '@example.com', 'a@@example.com', 'a@example.', '<a@example.com>'])(
    'refuses %s in a list',
    (address) => {
      expect(emailList(`ok@example.com,${address}`)).toEqual({ ok: false, address });
    },
  );
});
