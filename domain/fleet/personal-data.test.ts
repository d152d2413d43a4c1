import { describe, expect, it } from 'vitest';
import { listedUser } from './personal-data';

describe('listedUser', () => {
  const user = { id: 1, email: 'a@b.test', license_plate: 'AB-123-CD', employee_number: 'E7', cost_center: 'CC1' };

  it('keeps personal data for callers who may export the fleet', () => {
    expect(listedUser(user, true)).toEqual(user);
  });

  it('empties plate, employee number and cost centre for the others, and nothing else', () => {
    expect(listedUser(user, false)).toEqual({
      id: 1,
      email: 'a@b.test',
      license_plate: null,
      employee_number: null,
      cost_center: null,
    });
  });
});
