import { describe, expect, it } from 'vitest';
import { judgeNotifications, type NotificationsInput } from './notification-rules';

const input = (over: Partial<NotificationsInput> = {}): NotificationsInput => ({
  notification_types: [],
  soc_notification_type: null,
  soc_limit: null,
  alert_countries: [],
  ...over,
});

describe('judgeNotifications', () => {
  it('normalizes the lists (trimmed, lower case, unique), merges a repeated type and sorts types and countries', () => {
    const v = judgeNotifications(
      input({
        notification_types: [
          { type: 'maintenance_ticket', emails: ' Ops@Example.com, ops@example.com ,noc@example.com' },
          { type: 'station_offline', emails: '' },
          { type: 'maintenance_ticket', emails: 'boss@example.com' },
        ],
        alert_countries: ['it', 'FR', ' fr '],
      }),
    );
    expect(v).toEqual({
      ok: true,
      values: {
        notification_types: [
          { type: 'station_offline', emails: null },
          { type: 'maintenance_ticket', emails: 'ops@example.com, noc@example.com, boss@example.com' },
        ],
        soc_notification_type: null,
        soc_limit: null,
        alert_countries: ['FR', 'IT'],
      },
    });
  });

  it('names the bad address and where it is', () => {
    const v = judgeNotifications(
      input({ notification_types: [{ type: 'station_offline', emails: 'ok@example.com, not-an-address' }] }),
    );
    expect(v).toEqual({
      ok: false,
      field: 'notification_types.0.emails',
      key: 'emailListInvalid',
      params: { address: 'not-an-address' },
    });
  });

  it('refuses an unknown type and a country that is not ISO 3166-1 alpha-2', () => {
    expect(judgeNotifications(input({ notification_types: [{ type: 'spam', emails: null }] }))).toMatchObject({
      ok: false,
      field: 'notification_types.0.type',
      key: 'notificationTypeUnknown',
    });
    expect(judgeNotifications(input({ alert_countries: ['FR', 'XX'] }))).toMatchObject({
      ok: false,
      field: 'alert_countries.1',
      key: 'alertCountryInvalid',
      params: { country: 'XX' },
    });
  });

  it.each([
    [{ soc_notification_type: 'email', soc_limit: 80 }, true],
    [{ soc_notification_type: 'email', soc_limit: 1 }, true],
    [{ soc_notification_type: 'push', soc_limit: 100 }, true],
    [{ soc_notification_type: 'email', soc_limit: null }, false],
    [{ soc_notification_type: 'email', soc_limit: 0 }, false],
    [{ soc_notification_type: 'email', soc_limit: 101 }, false],
    [{ soc_notification_type: 'email', soc_limit: 50.5 }, false],
    [{ soc_notification_type: null, soc_limit: 80 }, true],
    [{ soc_notification_type: 'sms', soc_limit: 80 }, false],
  ])('SOC %o → valid %s', (soc, ok) => {
    expect(judgeNotifications(input(soc)).ok).toBe(ok);
  });
});
