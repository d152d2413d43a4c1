/**
 * @module GetConfiguration and ChangeConfiguration on an OCPP 2.0.1 station (block B, ADR 058
 * addendum): a configuration key is a variable key of the device model
 * (`Component[:instance][@evse[.connector]]/Variable[:instance]`, or a 1.6 name with a 2.0.1
 * counterpart such as HeartbeatInterval; domain/ocpp/device-model.ts). GetConfiguration of named keys
 * is GetVariables; without keys it answers from the device model the station reported (GetBaseReport),
 * since 2.0.1 has no "every variable" read. ChangeConfiguration is SetVariables of the Actual value,
 * which the stored model takes once the station accepts it.
 */

import type { Db } from '@db/db';
import { actualVariables, setVariableValue } from '@db/queries/device-model.store';
import { configurationKeyOf, parseVariableKey, variableKey } from '@domain/ocpp/device-model';
import type { Translation } from './commands-201';
import type { CommandResult } from './outbound';

export interface DeviceModelAccess {
  db: Db;
  stationId: number | null;
}

type Ref = { component: Parameters<typeof variableKey>[0]; variable: Parameters<typeof variableKey>[1] };
type GetResult = Ref & { attributeStatus: string; attributeValue?: string };
type SetResult = Ref & { attributeStatus: string };

/** SetVariables statuses in ChangeConfiguration's words. */
const CHANGE_STATUS: Record<string, string> = {
  Accepted: 'Accepted',
  RebootRequired: 'RebootRequired',
  Rejected: 'Rejected',
  UnknownComponent: 'NotSupported',
  UnknownVariable: 'NotSupported',
  NotSupportedAttributeType: 'NotSupported',
};

async function getConfiguration(access: DeviceModelAccess, keys: string[]): Promise<Translation | CommandResult> {
  const stored = access.stationId === null ? [] : await actualVariables(access.db, access.stationId);
  if (keys.length === 0) {
    if (stored.length === 0) {
      return {
        status: 'rejected',
        code: 'NotSupported',
        description: 'No device model reported yet: ask the station for its base report (GetBaseReport) first',
      };
    }
    return { status: 'accepted', reply: { configurationKey: stored.map(configurationKeyOf), unknownKey: [] } };
  }
  const asked = keys.map((key) => ({ key, ref: parseVariableKey(key) }));
  const named = asked.filter((a): a is { key: string; ref: Ref } => a.ref !== null);
  const unparsed = asked.filter((a) => a.ref === null).map((a) => a.key);
  if (named.length === 0) return { status: 'accepted', reply: { configurationKey: [], unknownKey: unparsed } };
  const mutability = new Map(stored.map((s) => [s.key, s.mutability]));
  return {
    action: 'GetVariables',
    payload: { getVariableData: named.map(({ ref }) => ({ ...ref, attributeType: 'Actual' })) },
    reply: (reply) => {
      const results = (reply as { getVariableResult: GetResult[] }).getVariableResult;
      const byKey = new Map(results.map((r) => [variableKey(r.component, r.variable), r]));
      const configurationKey: { key: string; value?: string; readonly: boolean }[] = [];
      const unknownKey = [...unparsed];
      for (const { key, ref } of named) {
        const stationKey = variableKey(ref.component, ref.variable);
        const r = byKey.get(stationKey);
        if (r?.attributeStatus !== 'Accepted') {
          unknownKey.push(key);
          continue;
        }
        const value = r.attributeValue ?? null;
        configurationKey.push({
          ...configurationKeyOf({ key, value, mutability: mutability.get(stationKey) ?? null }),
        });
      }
      return { configurationKey, unknownKey };
    },
  };
}

function changeConfiguration(access: DeviceModelAccess, key: string, value: string): Translation | CommandResult {
  const ref = parseVariableKey(key);
  if (!ref) {
    return {
      status: 'rejected',
      code: 'NotSupported',
      description: `${key} names no OCPP 2.0.1 variable: use Component/Variable (e.g. OCPPCommCtrlr/HeartbeatInterval)`,
    };
  }
  const stationKey = variableKey(ref.component, ref.variable);
  let accepted = false;
  return {
    action: 'SetVariables',
    payload: { setVariableData: [{ ...ref, attributeType: 'Actual', attributeValue: value }] },
    reply: (reply) => {
      const [r] = (reply as { setVariableResult: SetResult[] }).setVariableResult;
      const status = r ? (CHANGE_STATUS[r.attributeStatus] ?? 'Rejected') : 'Rejected';
      accepted = status === 'Accepted' || status === 'RebootRequired';
      return { status };
    },
    after: async () => {
      if (accepted && access.stationId !== null) {
        await setVariableValue(access.db, access.stationId, stationKey, 'Actual', value, new Date());
      }
    },
  };
}

/**
 * The 2.0.1 form of GetConfiguration or ChangeConfiguration: a Translation to send, a result answered
 * here (keys the stored model answers, a key that names no variable), or null for any other action.
 */
export async function provisioningCommand201(
  access: DeviceModelAccess,
  action: string,
  p: Record<string, unknown>,
): Promise<Translation | CommandResult | null> {
  if (action === 'GetConfiguration') return getConfiguration(access, (p.key as string[] | undefined) ?? []);
  if (action === 'ChangeConfiguration') return changeConfiguration(access, String(p.key), String(p.value));
  return null;
}
