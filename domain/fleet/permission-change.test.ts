import { describe, expect, it } from 'vitest';
import { type PermissionFlags, permissionChange } from './permission-change';

const none: PermissionFlags = {
  can_charge_public: false,
  can_charge_work: false,
  can_charge_home: false,
  only_private: false,
  charge_only_with_rfid: false,
};
const worker = { ...none, can_charge_work: true };

describe('a change of charging permissions (spec section 5)', () => {
  it.each([
    {
      name: 'new user with work',
      sent: { can_charge_work: true },
      stored: null,
      noneLeft: false,
      changed: true,
      publicUnconfirmed: false,
    },
    { name: 'new user without any', sent: {}, stored: null, noneLeft: true, changed: false, publicUnconfirmed: false },
    {
      name: 'new user, public unconfirmed',
      sent: { can_charge_public: true },
      stored: null,
      noneLeft: false,
      changed: true,
      publicUnconfirmed: true,
    },
    {
      name: 'new user, public confirmed',
      sent: { can_charge_public: true, confirm_public: true },
      stored: null,
      noneLeft: false,
      changed: true,
      publicUnconfirmed: false,
    },
    {
      name: 'update sending the same',
      sent: { can_charge_work: true },
      stored: worker,
      noneLeft: false,
      changed: false,
      publicUnconfirmed: false,
    },
    {
      name: 'update removing the last',
      sent: { can_charge_work: false },
      stored: worker,
      noneLeft: true,
      changed: true,
      publicUnconfirmed: false,
    },
    {
      name: 'update of rfid-only alone',
      sent: { charge_only_with_rfid: true },
      stored: worker,
      noneLeft: false,
      changed: true,
      publicUnconfirmed: false,
    },
    {
      name: 'public already held',
      sent: { can_charge_home: true },
      stored: { ...worker, can_charge_public: true },
      noneLeft: false,
      changed: true,
      publicUnconfirmed: false,
    },
  ])('$name', ({ name: _name, sent, stored, ...expected }) => {
    expect(permissionChange(sent, stored)).toEqual(expected);
  });
});
