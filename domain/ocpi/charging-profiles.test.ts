import { describe, expect, it } from 'vitest';
import {
  activeProfileResult,
  ChargingProfile,
  capLimit,
  ocppSetProfile,
  profileResultOf,
  SetChargingProfile,
} from './charging-profiles';
import { hubParty, parsePartyCode, recipientOf, rolesBehindHub, routedModule, routingHeadersOf } from './hub';

const cap = { shareA: 16, phases: 3, voltage: 230 };

describe('OCPI charging profiles', () => {
  it('parses the module example and refuses a two-digit fraction or periods out of order', () => {
    const example = {
      charging_profile: {
        charging_rate_unit: 'W',
        charging_profile_period: [
          { start_period: 0, limit: 11000 },
          { start_period: 1800, limit: 7400.5 },
        ],
      },
      response_url: 'https://www.server.com/ocpi/2.2/chargingprofile/12345',
    };
    expect(SetChargingProfile.safeParse(example).success).toBe(true);
    const bad = { charging_rate_unit: 'A', charging_profile_period: [{ start_period: 0, limit: 8.15 }] };
    expect(ChargingProfile.safeParse(bad).success).toBe(false);
    const order = {
      charging_rate_unit: 'A',
      charging_profile_period: [
        { start_period: 60, limit: 8 },
        { start_period: 0, limit: 6 },
      ],
    };
    expect(ChargingProfile.safeParse(order).success).toBe(false);
  });

  it('caps every limit at the site share: A as is, W through voltage and phases', () => {
    expect(capLimit(32, 'A', cap)).toBe(16);
    expect(capLimit(10, 'A', cap)).toBe(10);
    expect(capLimit(22000, 'W', cap)).toBe(16 * 230 * 3);
    expect(capLimit(22000, 'W', null)).toBe(22000);
  });

  it('maps to a 1.6 TxProfile of our own id (never the site’s), capped at the share at a managed site', () => {
    const profile = ChargingProfile.parse({
      start_date_time: '2026-11-27T10:00:00Z',
      duration: 3600,
      charging_rate_unit: 'A',
      min_charging_rate: 6,
      charging_profile_period: [
        { start_period: 0, limit: 32 },
        { start_period: 900, limit: 10 },
      ],
    });
    const free = ocppSetProfile(profile, { connectorId: 2, transactionId: 77 }, null);
    expect(free).toEqual({
      connectorId: 2,
      csChargingProfiles: {
        chargingProfileId: 22002,
        transactionId: 77,
        stackLevel: 6,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Absolute',
        chargingSchedule: {
          duration: 3600,
          startSchedule: '2026-11-27T10:00:00.000Z',
          chargingRateUnit: 'A',
          chargingSchedulePeriod: [
            { startPeriod: 0, limit: 32 },
            { startPeriod: 900, limit: 10 },
          ],
          minChargingRate: 6,
        },
      },
    });
    const managed = ocppSetProfile(profile, { connectorId: 2, transactionId: 77 }, cap);
    expect(managed.csChargingProfiles.chargingProfileId).toBe(22002);
    expect(managed.csChargingProfiles.stackLevel).toBe(6);
    expect(managed.csChargingProfiles.chargingSchedule.chargingSchedulePeriod).toEqual([
      { startPeriod: 0, limit: 16 },
      { startPeriod: 900, limit: 10 },
    ]);
  });

  it('turns the composite schedule into an ActiveChargingProfile, and answers into results', () => {
    const reply = {
      status: 'Accepted',
      connectorId: 1,
      scheduleStart: '2026-11-27T10:00:00Z',
      chargingSchedule: {
        duration: 900,
        chargingRateUnit: 'A',
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 12.34 }],
      },
    };
    expect(activeProfileResult(reply, 0)).toEqual({
      result: 'ACCEPTED',
      profile: {
        start_date_time: '2026-11-27T10:00:00Z',
        charging_profile: {
          charging_rate_unit: 'A',
          duration: 900,
          charging_profile_period: [{ start_period: 0, limit: 12.3 }],
        },
      },
    });
    expect(activeProfileResult({ status: 'Rejected' }, 0)).toEqual({ result: 'REJECTED' });
    expect(profileResultOf({ status: 'accepted', replyStatus: 'Accepted' })).toBe('ACCEPTED');
    expect(profileResultOf({ status: 'accepted', replyStatus: 'Unknown' })).toBe('UNKNOWN');
    expect(profileResultOf({ status: 'accepted', replyStatus: 'NotSupported' })).toBe('REJECTED');
    expect(profileResultOf({ status: 'timeout' })).toBe('REJECTED');
  });
});

describe('OCPI hub', () => {
  const hubRoles = JSON.stringify([
    { role: 'HUB', party_id: 'gir', country_code: 'fr', business_details: { name: 'Hub' } },
  ]);
  it('knows a hub peering, the parties behind it and the party codes', () => {
    expect(hubParty(hubRoles)).toEqual({ countryCode: 'FR', partyId: 'GIR' });
    expect(hubParty('[{"role":"EMSP","party_id":"PRT","country_code":"NL"}]')).toBeNull();
    expect(hubParty('not json')).toBeNull();
    const roles = rolesBehindHub(JSON.parse(hubRoles), [
      { countryCode: 'DE', partyId: 'AAA', role: 'EMSP', status: 'CONNECTED' },
      { countryCode: 'DE', partyId: 'BBB', role: 'EMSP', status: 'SUSPENDED' },
    ]);
    expect(roles.map((r) => `${r.role}:${r.country_code}*${r.party_id}`)).toEqual(['HUB:fr*gir', 'EMSP:DE*AAA']);
    expect(parsePartyCode('fr*abc')).toEqual({ countryCode: 'FR', partyId: 'ABC' });
    expect(parsePartyCode('FRABC')).toEqual({ countryCode: 'FR', partyId: 'ABC' });
    expect(parsePartyCode('FR*ABCD')).toBeNull();
  });

  it('routes module calls only, to the token owner of a session or CDR, else to the hub', () => {
    expect(routedModule('/ocpi/2.2.1/tokens')).toBe(true);
    expect(routedModule('/ocpi/2.2.1/credentials')).toBe(false);
    expect(routedModule('/ocpi/2.2.1/hubclientinfo/FR/ABC')).toBe(false);
    expect(routedModule('/ocpi/versions')).toBe(false);
    expect(routedModule('/ocpi/2.2.1')).toBe(false);
    const hub = { countryCode: 'FR', partyId: 'GIR' };
    expect(recipientOf({ cdr_token: { country_code: 'de', party_id: 'aaa' } }, hub)).toEqual({
      countryCode: 'DE',
      partyId: 'AAA',
    });
    expect(recipientOf({ id: 'LOC1' }, hub)).toBe(hub);
    expect(routingHeadersOf({ countryCode: 'FR', partyId: 'C01' }, hub)).toEqual({
      'OCPI-from-country-code': 'FR',
      'OCPI-from-party-id': 'C01',
      'OCPI-to-country-code': 'FR',
      'OCPI-to-party-id': 'GIR',
    });
  });
});
