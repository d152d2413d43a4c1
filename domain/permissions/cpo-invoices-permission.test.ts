/** billing:cpo-invoices: super users, role 42 of the platform's top operating company, the CPO invoice manager list. */
import { describe, expect, it } from 'vitest';
import { type AccessContext, type CompanyKind, can, isListedUser } from './permissions';
import { ROLE } from './roles';

const OPERATOR: CompanyKind = {
  cpms: 'public',
  isSubcpo: false,
  isLifestyle: false,
  isEvfleet: false,
  empServices: false,
};
const FLEET: CompanyKind = { cpms: null, isSubcpo: false, isLifestyle: false, isEvfleet: true, empServices: false };
const ctx = (roles: number[], company: CompanyKind, lists: AccessContext['lists'] = []): AccessContext => ({
  roles,
  services: [],
  company,
  lists,
});

describe('billing:cpo-invoices', () => {
  it.each([
    ['super user (50) anywhere', ctx([ROLE.SUPER_USER], { ...FLEET, isTop: false }), true],
    ['super user operator (51)', ctx([ROLE.SUPER_USER_OPERATOR], OPERATOR), true],
    ['role 42 of the top operating company', ctx([ROLE.PAYMENT_PROVIDER_ADMIN], { ...OPERATOR, isTop: true }), true],
    ['role 42 of a child operator', ctx([ROLE.PAYMENT_PROVIDER_ADMIN], { ...OPERATOR, isTop: false }), false],
    ['role 42 of a top fleet company', ctx([ROLE.PAYMENT_PROVIDER_ADMIN], { ...FLEET, isTop: true }), false],
    [
      'administrative services (37) of the top company',
      ctx([ROLE.ADMINISTRATIVE_SERVICES], { ...OPERATOR, isTop: true }),
      false,
    ],
    ['a listed CPO invoice manager without roles', ctx([], FLEET, ['cpo-invoice-manager']), true],
    ['nobody else', ctx([ROLE.FLEET_MANAGER_VIEW], FLEET), false],
    ['maintenance only overrides super user', ctx([ROLE.SUPER_USER, ROLE.MAINTENANCE_ONLY], OPERATOR), false],
  ])('%s', (_, context, expected) => {
    expect(can(context, 'billing:cpo-invoices')).toBe(expected);
  });
});

describe('isListedUser (CPO_INVOICE_MANAGER_IDS)', () => {
  it.each([
    [7, undefined, false],
    [7, '', false],
    [7, '7', true],
    [7, ' 3, 7 ,12', true],
    [7, '17,70', false],
    [7, '7a,x', false],
  ])('user %i in %j: %s', (userId, ids, expected) => {
    expect(isListedUser(userId, ids)).toBe(expected);
  });
});
