/** The simulator's pure rules: options, configuration keys, charging profiles, benchmark percentiles. */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../scripts/simulator/args';
import { percentile } from '../../scripts/simulator/bench-measure';
import {
  type ChargingProfile,
  clearProfiles,
  compositeSchedule,
  effectiveLimitW,
  type InstalledProfile,
  installProfile,
} from '../../scripts/simulator/charging-profiles';
import { changeConfiguration, defaultConfiguration, getConfiguration } from '../../scripts/simulator/configuration';
import { stationSpecs } from '../../scripts/simulator/demo-stations';

describe('parseArgs', () => {
  it('defaults to three demo stations on the local server', () => {
    const o = parseArgs([]);
    expect(o).toMatchObject({ stations: 3, url: 'ws://127.0.0.1:8787/ocpp', durationSeconds: 600 });
    expect(stationSpecs(o.stations, o.ids).map((s) => s.id)).toEqual(['VLT-PAR-001', 'VLT-PAR-002', 'VLT-PAR-003']);
  });

  it.each([
    { argv: ['--ids', 'A,B'], expected: { stations: 2, ids: ['A', 'B'] } },
    { argv: ['--stations=5', '--duration', '30'], expected: { stations: 5, durationSeconds: 30 } },
    { argv: ['--id-tags', 'T1,T2', '--password', 'p'], expected: { idTags: ['T1', 'T2'], password: 'p' } },
  ])('$argv', ({ argv, expected }) => {
    expect(parseArgs(argv)).toMatchObject(expected);
  });

  it.each([
    { argv: ['--url', 'ws://example.org/ocpp'], error: /not a loopback/ },
    { argv: ['--stations', '0'], error: /positive/ },
    { argv: ['--bogus'], error: /unknown option/ },
  ])('refuses $argv', ({ argv, error }) => {
    expect(() => parseArgs(argv)).toThrow(error);
  });

  it('names stations past the demo set SIM-nnnnn', () => {
    expect(
      stationSpecs(20)
        .map((s) => s.id)
        .slice(17),
    ).toEqual(['VLT-NIC-003', 'SIM-00019', 'SIM-00020']);
  });
});

describe('configuration', () => {
  it.each([
    { key: 'HeartbeatInterval', value: '60', status: 'Accepted' },
    { key: 'HeartbeatInterval', value: 'soon', status: 'Rejected' },
    { key: 'NumberOfConnectors', value: '4', status: 'Rejected' },
    { key: 'WebSocketPingInterval', value: '30', status: 'RebootRequired' },
    { key: 'NoSuchKey', value: '1', status: 'NotSupported' },
    { key: 'AuthorizationKey', value: '0123456789abcdef0123', status: 'Accepted' },
    { key: 'AuthorizationKey', value: 'short', status: 'Rejected' },
  ])('ChangeConfiguration $key=$value → $status', ({ key, value, status }) => {
    expect(changeConfiguration(defaultConfiguration(2, 10), key, value)).toBe(status);
  });

  it('never reads back the AuthorizationKey and lists unknown keys', () => {
    const config = defaultConfiguration(2, 10);
    changeConfiguration(config, 'AuthorizationKey', '0123456789abcdef0123');
    expect(getConfiguration(config, ['AuthorizationKey', 'Nope'])).toEqual({
      configurationKey: [{ key: 'AuthorizationKey', readonly: false }],
      unknownKey: ['Nope'],
    });
  });
});

const profile = (over: Partial<ChargingProfile>, limit: number, unit: 'A' | 'W' = 'W'): ChargingProfile => ({
  chargingProfileId: 1,
  stackLevel: 0,
  chargingProfilePurpose: 'TxDefaultProfile',
  chargingProfileKind: 'Absolute',
  chargingSchedule: { chargingRateUnit: unit, chargingSchedulePeriod: [{ startPeriod: 0, limit }] },
  ...over,
});
const at = (p: ChargingProfile, connectorId = 1): InstalledProfile => ({ connectorId, profile: p, installedAt: 0 });

describe('charging profiles', () => {
  it.each([
    { name: 'no profile', list: [], expected: 22_000 },
    { name: 'TxDefault in W', list: [at(profile({}, 7_000))], expected: 7_000 },
    { name: 'TxDefault in A, 3 phases', list: [at(profile({}, 16, 'A'))], expected: 16 * 230 * 3 },
    {
      name: 'TxProfile wins over TxDefault',
      list: [
        at(profile({}, 7_000)),
        at(profile({ chargingProfileId: 2, chargingProfilePurpose: 'TxProfile' }, 11_000)),
      ],
      expected: 11_000,
    },
    {
      name: 'ChargePointMax caps everything',
      list: [
        at(profile({}, 11_000)),
        at(profile({ chargingProfileId: 3, chargingProfilePurpose: 'ChargePointMaxProfile' }, 5_000), 0),
      ],
      expected: 5_000,
    },
  ])('$name → $expected W', ({ list, expected }) => {
    expect(effectiveLimitW(list, 1, 22_000, 1_000)).toBe(expected);
  });

  it('replaces a profile with the same purpose and stack level, and clears by filter', () => {
    const list = installProfile([at(profile({}, 7_000))], at(profile({ chargingProfileId: 9 }, 3_000)));
    expect(list.map((p) => p.profile.chargingProfileId)).toEqual([9]);
    expect(clearProfiles(list, { id: 4 }).removed).toBe(0);
    expect(clearProfiles(list, { chargingProfilePurpose: 'TxDefaultProfile' }).removed).toBe(1);
  });

  it('builds a composite schedule whose periods change where the limit does', () => {
    const stepped = profile({}, 0);
    stepped.chargingSchedule.chargingSchedulePeriod = [
      { startPeriod: 0, limit: 11_000 },
      { startPeriod: 600, limit: 3_000 },
    ];
    const schedule = compositeSchedule([at(stepped)], 1, 1200, 'W', 22_000, 0);
    expect(schedule.chargingSchedulePeriod).toEqual([
      { startPeriod: 0, limit: 11_000 },
      { startPeriod: 600, limit: 3_000 },
    ]);
  });
});

describe('percentile', () => {
  it.each([
    { p: 50, expected: 50 },
    { p: 99, expected: 99 },
    { p: 100, expected: 100 },
  ])('p$p of 1..100 is $expected', ({ p, expected }) => {
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        p,
      ),
    ).toBe(expected);
  });
});
