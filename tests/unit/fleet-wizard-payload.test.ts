/** The fleet user wizard's save body: an update sends the e-mail only when it changed (demo mode, ADR 049). */
import { describe, expect, it } from 'vitest';
import type { FleetUserRow } from '../../app/lib/fleet';
import { initial, wizardPayload } from '../../app/routes/_app.fleet.users.create/wizard-form';

const user = {
  id: 7,
  email: '2417',
  first_name: 'Ann',
  last_name: null,
  telephone: null,
  license_plate: '3120',
  employee_number: null,
  cost_center: null,
  corporate_group_id: 3,
  can_charge_public: false,
  can_charge_work: true,
  can_charge_home: false,
  only_private: false,
  charge_only_with_rfid: false,
  limits: { daily: null, weekly: null, monthly: null },
  roles: [],
  group1_id: null,
  group2_id: null,
  group3_id: null,
  group4_id: null,
} as unknown as FleetUserRow;

describe('wizardPayload', () => {
  it('leaves out an unchanged e-mail on update (a demo placeholder is no e-mail to send back)', () => {
    const body = wizardPayload({ ...initial(user), first_name: 'Anna' }, user, false, false);
    expect(body).not.toHaveProperty('email');
    expect(body).toMatchObject({ first_name: 'Anna', license_plate: '3120', corporate_group_id: 3 });
  });

  it('sends a changed e-mail on update and always on creation', () => {
    expect(wizardPayload({ ...initial(user), email: ' new@example.com ' }, user, false, false).email).toBe(
      'new@example.com',
    );
    expect(wizardPayload({ ...initial(null), email: 'ann@example.com' }, null, false, false).email).toBe(
      'ann@example.com',
    );
  });
});
