import { describe, expect, it } from 'vitest';
import { SERVICE } from '../permissions/service-settings';
import { eligibility, feeOf, initialStatus, payoutMethod, reimbursementActive, variantsInForce } from './variants';

const all = {
  contractApproval: true,
  skipDocumentUpload: false,
  offlineStationProcess: true,
  paymentProviderFlow: true,
  fleetRuleSet: true,
};
const employee = {
  homeReimbursementEvfleet: true,
  docUploadNotMandatory: false,
  hasApprovedContract: true,
  homeStations: [{ isOffline: false }],
};

describe('variants', () => {
  it('count only with their service setting', () => {
    expect(variantsInForce(all, [SERVICE.HOME_REIMBURSEMENT_VARIANT_A])).toEqual({
      contractApproval: true,
      skipDocumentUpload: false,
      offlineStationProcess: false,
      paymentProviderFlow: false,
      fleetRuleSet: false,
    });
    expect(reimbursementActive({ active: true }, [])).toBe(false);
    expect(reimbursementActive(null, [SERVICE.HOME_REIMBURSEMENT])).toBe(false);
    expect(reimbursementActive({ active: true }, [SERVICE.HOME_REIMBURSEMENT])).toBe(true);
  });

  it('contract approval requires an approved contract unless documents are optional', () => {
    const v = { ...all, fleetRuleSet: false };
    expect(eligibility({ ...employee, hasApprovedContract: false }, v)).toEqual({
      eligible: false,
      reason: 'no_approved_contract',
    });
    expect(eligibility({ ...employee, hasApprovedContract: false, docUploadNotMandatory: true }, v).eligible).toBe(
      true,
    );
    expect(eligibility({ ...employee, hasApprovedContract: false }, { ...v, skipDocumentUpload: true }).eligible).toBe(
      true,
    );
    expect(eligibility({ ...employee, hasApprovedContract: false }, { ...v, contractApproval: false }).eligible).toBe(
      true,
    );
  });

  it('offline stations count only under the offline-station process', () => {
    const offline = { ...employee, homeStations: [{ isOffline: true }] };
    expect(eligibility(offline, all).eligible).toBe(true);
    expect(eligibility(offline, { ...all, offlineStationProcess: false })).toEqual({
      eligible: false,
      reason: 'no_home_station',
    });
  });

  it('the fleet rule set takes only flagged employees and skips their validation', () => {
    expect(eligibility({ ...employee, homeReimbursementEvfleet: false }, all)).toEqual({
      eligible: false,
      reason: 'not_flagged',
    });
    expect(
      eligibility({ ...employee, homeReimbursementEvfleet: false }, { ...all, fleetRuleSet: false }).eligible,
    ).toBe(true);
    expect(initialStatus(all)).toBe('validated_by_user');
    expect(initialStatus({ ...all, fleetRuleSet: false })).toBe('pending_approval');
  });

  it('pays by Stripe under the payment provider flow, else by bank transfer; fee in basis points', () => {
    expect(payoutMethod(all)).toBe('stripe');
    expect(payoutMethod({ ...all, paymentProviderFlow: false })).toBe('bank_transfer');
    expect(feeOf(13_450, 250)).toBe(336);
    expect(feeOf(10_000, 0)).toBe(0);
  });
});
