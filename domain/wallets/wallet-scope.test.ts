import { describe, expect, it } from 'vitest';
import type { AccessContext } from '../permissions/permissions';
import { ROLE } from '../permissions/roles';
import { listCompanies, walletScope } from './wallet-scope';

const kind = { cpms: null, isSubcpo: false, isLifestyle: false, isEvfleet: true, empServices: false };
const as = (roles: number[], isEvfleet = true): AccessContext => ({
  roles,
  services: [],
  company: { ...kind, isEvfleet },
});

describe('walletScope', () => {
  it.each([
    { who: 'a super user', access: as([ROLE.SUPER_USER]), expected: [10, 11, 12] },
    { who: 'a payment provider admin', access: as([ROLE.PAYMENT_PROVIDER_ADMIN], false), expected: [10, 11, 12] },
    { who: 'a fleet company admin', access: as([ROLE.ADMINISTRATIVE_SERVICES]), expected: [10] },
    { who: 'an admin of a company that is no fleet', access: as([ROLE.ADMINISTRATIVE_SERVICES], false), expected: [] },
    { who: 'a private user', access: as([ROLE.SELF_CHARGE]), expected: [] },
  ])('$who reaches $expected', ({ access, expected }) => {
    expect(walletScope(access, 10, [10, 11, 12])).toEqual(expected);
  });
});

describe('listCompanies', () => {
  it('narrows to a company and its descendants, then to one company', () => {
    expect(listCompanies([1, 2, 3, 4], { administrativeId: 2, subtree: [2, 3, 9] })).toEqual({ companies: [2, 3] });
    expect(listCompanies([1, 2, 3, 4], { companyFilterId: 4 })).toEqual({ companies: [4] });
    expect(listCompanies([1, 2, 3], { administrativeId: 2, subtree: [2, 3], companyFilterId: 1 })).toEqual({
      companies: [],
    });
    expect(listCompanies([1, 2], {})).toEqual({ companies: [1, 2] });
  });

  it('refuses a filter outside the reach, naming it', () => {
    expect(listCompanies([1, 2], { administrativeId: 5 })).toEqual({ refused: 'administrativeId' });
    expect(listCompanies([1, 2], { companyFilterId: 5 })).toEqual({ refused: 'company_filter_id' });
  });
});
