/**
 * @module A change of a company's service settings (spec section 6, the services tab): which submitted
 * id is unknown, the set that is on after the change, and which known settings it turns on and off.
 */
import { isServiceSettingId } from '../permissions/service-settings';

/** The position of the first submitted id that is no service setting of the spec, or -1. */
export function unknownServiceSettingIndex(ids: readonly number[]): number {
  return ids.findIndex((id) => !isServiceSettingId(id));
}

/** The submitted ids as the set that is on: each once, ascending. */
export function serviceSettingsOn(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((x, y) => x - y);
}

/** The known settings the change turns on and those it turns off (unknown stored ids are not reported). */
export function serviceSettingsDiff(before: readonly number[], on: readonly number[]): { on: number[]; off: number[] } {
  return {
    on: on.filter((id) => !before.includes(id)),
    off: before.filter((id) => isServiceSettingId(id) && !on.includes(id)),
  };
}
