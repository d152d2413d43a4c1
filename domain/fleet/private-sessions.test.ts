import { SERVICE } from '@domain/permissions/service-settings';
import { describe, expect, it } from 'vitest';
import { hidesSessionEmail, sessionScope, visibleStationTypes } from './private-sessions';

describe("private users' sessions (service settings 53-56)", () => {
  it.each([
    { services: [], scope: 'none', types: [] },
    { services: [SERVICE.PRIVATE_USERS_PRIVATE_SESSIONS], scope: 'private', types: ['private', 'home'] },
    {
      services: [SERVICE.PRIVATE_USERS_PRIVATE_SESSIONS, SERVICE.PRIVATE_USERS_PRIVATE_AND_OTHER_SESSIONS],
      scope: 'private_and_other',
      types: ['private', 'home', 'work'],
    },
    {
      services: [SERVICE.PRIVATE_USERS_PRIVATE_SESSIONS, SERVICE.PRIVATE_USERS_ALL_SESSIONS],
      scope: 'all',
      types: null,
    },
  ])('the widest setting wins: $services → $scope', ({ services, scope, types }) => {
    expect(sessionScope(services)).toBe(scope);
    expect(visibleStationTypes(sessionScope(services))).toEqual(types);
  });

  it('hides the e-mail of a session in progress unless setting 56 shows it (GDPR)', () => {
    const shown = [SERVICE.PRIVATE_EMAIL_ON_ACTIVE_SESSIONS];
    expect(hidesSessionEmail([], 'in_progress')).toBe(true);
    expect(hidesSessionEmail([], 'closed')).toBe(false);
    expect(hidesSessionEmail(shown, 'in_progress')).toBe(false);
    expect(hidesSessionEmail(shown, 'closed')).toBe(false);
  });
});
