/** The home reimbursement tab's form → the API's integers: prices per kWh in milli-minor units, money in minor units, the fee in basis points. */
import { describe, expect, it } from 'vitest';
import { reimbursementBody } from '../../app/routes/_app.settings.$companyId/home-reimbursement.server';

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

describe('reimbursementBody', () => {
  it('scales the typed decimals to the stored integers', () => {
    const built = reimbursementBody(
      form({
        active: 'true',
        type: 'company',
        flatTariff: '0.2516',
        flatTariffValidFrom: '2026-01-01',
        reimbursementKwhCostLimit: '0.3',
        extraExpenseLimit: '20.5',
        feePercent: '2.5',
        contactEmails: ' a@example.com ',
        offlineStationProcess: 'true',
      }),
      'EUR',
    );
    expect(built.body).toMatchObject({
      active: true,
      flatTariff: 25_160,
      reimbursementKwhCostLimit: 30_000,
      extraExpenseLimit: 2_050,
      feeBasisPoints: 250,
      contactEmails: 'a@example.com',
      alertEmails: null,
      offlineStationProcess: true,
      paymentProviderFlow: false,
    });
  });

  it('leaves empty numbers null (the fee 0) and follows the currency’s minor unit', () => {
    expect(reimbursementBody(form({ type: 'employee' }), 'EUR').body).toMatchObject({
      type: 'employee',
      flatTariff: null,
      extraExpenseLimit: null,
      feeBasisPoints: 0,
    });
    expect(reimbursementBody(form({ flatTariff: '25.5', extraExpenseLimit: '2000' }), 'JPY').body).toMatchObject({
      flatTariff: 25_500,
      extraExpenseLimit: 2_000,
    });
  });

  it.each([
    ['flatTariff', '0,25', 'reimbursementSettings.decimalInvalid'],
    ['flatTariff', '-1', 'reimbursementSettings.decimalInvalid'],
    ['flatTariff', '0.123456', 'reimbursementSettings.decimalInvalid'],
    ['extraExpenseLimit', '1.234', 'reimbursementSettings.decimalInvalid'],
    ['feePercent', '2.555', 'reimbursementSettings.feeInvalid'],
  ])('refuses %s = %s', (name, value, key) => {
    const field = name === 'feePercent' ? 'feeBasisPoints' : name;
    expect(reimbursementBody(form({ [name]: value }), 'EUR')).toEqual({ failure: { field, key } });
  });
});
