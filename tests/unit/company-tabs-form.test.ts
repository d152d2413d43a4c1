/** The economics and notification channels forms turned into their API bodies (issue 20 part 2). */
import { describe, expect, it } from 'vitest';
import { economicsBody, notificationsBody } from '../../app/routes/_app.settings.$companyId/company-tabs.server';

const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.set(k, v);
  return f;
};

describe('economicsBody', () => {
  it('scales decimals to minor units (kWh cost to milli-minor units), empty to null, and leaves out fields not sent', () => {
    expect(
      economicsBody(
        form({ keyfob_fee: '12.5', kwh_net_cost: '0.2516', pre_authorization_amount: '', billing_cycle_anchor: 'eom' }),
        'EUR',
      ),
    ).toEqual({
      body: { keyfob_fee: 1250, kwh_net_cost: 25_160, pre_authorization_amount: null, billing_cycle_anchor: 'eom' },
    });
    expect(economicsBody(form({ keyfob_fee: '1250' }), 'JPY')).toEqual({ body: { keyfob_fee: 1250 } });
  });

  it('names the field typed with a comma or too many decimals', () => {
    expect(economicsBody(form({ saas_fee: '12,50' }), 'EUR')).toEqual({
      failure: { field: 'saas_fee', key: 'companySettingsMoney.decimalInvalid' },
    });
    expect(economicsBody(form({ saas_fee: '1.234' }), 'EUR').failure?.field).toBe('saas_fee');
  });
});

describe('notificationsBody', () => {
  it('sends the checked types with their lists, the SOC choice and the countries', () => {
    expect(
      notificationsBody(
        form({
          type_station_offline: 'true',
          emails_station_offline: 'a@example.test',
          type_wallet_overdrawn: 'false',
          soc_notification_type: 'push',
          soc_limit: '80',
          alert_countries: 'FR, it,',
        }),
      ),
    ).toEqual({
      notification_types: [{ type: 'station_offline', emails: 'a@example.test' }],
      soc_notification_type: 'push',
      soc_limit: 80,
      alert_countries: ['FR', 'it'],
    });
  });
});
