import { describe, expect, it } from 'vitest';
import { SERVICE_SETTING_IDS } from '../permissions/service-settings';
import { serviceSettingsDiff, serviceSettingsOn, unknownServiceSettingIndex } from './service-settings-change';

const [a, b, c] = SERVICE_SETTING_IDS as readonly number[];
const UNKNOWN = 999_999;

describe('service settings change', () => {
  it('points at the first unknown id', () => {
    expect(unknownServiceSettingIndex([a as number, b as number])).toBe(-1);
    expect(unknownServiceSettingIndex([a as number, UNKNOWN, UNKNOWN])).toBe(1);
    expect(unknownServiceSettingIndex([])).toBe(-1);
  });

  it('the set that is on has each id once, ascending', () => {
    expect(serviceSettingsOn([c as number, a as number, c as number])).toEqual([a, c]);
  });

  it('reports the known settings turned on and off, not unknown stored ones', () => {
    expect(serviceSettingsDiff([a as number, UNKNOWN], [b as number])).toEqual({ on: [b], off: [a] });
    expect(serviceSettingsDiff([a as number], [a as number])).toEqual({ on: [], off: [] });
  });
});
