/**
 * @module The small OCPP 2.0.1 device model of a simulated station (part 1 B06/B05): the variables
 * GetVariables reads and SetVariables writes, with the answers of the specification for unknown
 * components and variables, read-only and write-only ones, and attribute types other than Actual.
 */

export interface Variable {
  value: string;
  mutability: 'ReadOnly' | 'ReadWrite' | 'WriteOnly';
  /** Checks a new value; false → Rejected. */
  valid?: (value: string) => boolean;
}

export type DeviceModel = Map<string, Variable>;

/** Component and variable names are case-insensitive (2.0.1 part 2, ComponentType). */
export const variableKey = (component: string, variable: string) =>
  `${component.toLowerCase()}.${variable.toLowerCase()}`;
const positiveInt = (v: string) => /^\d{1,6}$/.test(v) && Number(v) > 0;
const bool = (v: string) => v === 'true' || v === 'false';

export function defaultDeviceModel(opts: { identity: string; meterIntervalSeconds: number }): DeviceModel {
  const m: DeviceModel = new Map();
  const put = (c: string, v: string, variable: Variable) => m.set(variableKey(c, v), variable);
  put('OCPPCommCtrlr', 'HeartbeatInterval', { value: '300', mutability: 'ReadWrite', valid: positiveInt });
  put('SampledDataCtrlr', 'TxUpdatedInterval', {
    value: String(opts.meterIntervalSeconds),
    mutability: 'ReadWrite',
    valid: positiveInt,
  });
  put('AuthCtrlr', 'AuthorizeRemoteStart', { value: 'false', mutability: 'ReadWrite', valid: bool });
  put('TxCtrlr', 'StopTxOnInvalidId', { value: 'true', mutability: 'ReadWrite', valid: bool });
  put('SecurityCtrlr', 'Identity', { value: opts.identity, mutability: 'ReadOnly' });
  // Security profile 1: a new password makes the station reconnect with it (the station does that).
  put('SecurityCtrlr', 'BasicAuthPassword', {
    value: '',
    mutability: 'WriteOnly',
    valid: (v) => v.length >= 16 && v.length <= 40,
  });
  return m;
}

export function variable(m: DeviceModel, component: string, name: string): Variable | undefined {
  return m.get(variableKey(component, name));
}

export function intVariable(m: DeviceModel, component: string, name: string, fallback: number): number {
  const n = Number(variable(m, component, name)?.value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

interface Ref {
  component: { name: string };
  variable: { name: string };
  attributeType?: string;
}

const hasComponent = (m: DeviceModel, component: string) =>
  [...m.keys()].some((k) => k.startsWith(`${component.toLowerCase()}.`));

function lookup(m: DeviceModel, r: Ref): { status: string; found?: Variable } {
  if (!hasComponent(m, r.component.name)) return { status: 'UnknownComponent' };
  const found = variable(m, r.component.name, r.variable.name);
  if (!found) return { status: 'UnknownVariable' };
  if ((r.attributeType ?? 'Actual') !== 'Actual') return { status: 'NotSupportedAttributeType' };
  return { status: 'Accepted', found };
}

export function getVariables(m: DeviceModel, data: readonly Ref[]) {
  return data.map((r) => {
    const { status, found } = lookup(m, r);
    const readable = found && found.mutability !== 'WriteOnly';
    return {
      attributeStatus: found && !readable ? 'Rejected' : status,
      component: r.component,
      variable: r.variable,
      ...(r.attributeType ? { attributeType: r.attributeType } : {}),
      ...(readable ? { attributeValue: found.value } : {}),
    };
  });
}

/** Applies the writes; `changed` lists the variables that took a new value (for their effects). */
export function setVariables(m: DeviceModel, data: readonly (Ref & { attributeValue: string })[]) {
  const changed: string[] = [];
  const results = data.map((r) => {
    const { status, found } = lookup(m, r);
    let attributeStatus = status;
    if (found) {
      if (found.mutability === 'ReadOnly' || (found.valid && !found.valid(r.attributeValue))) {
        attributeStatus = 'Rejected';
      } else {
        found.value = r.attributeValue;
        changed.push(variableKey(r.component.name, r.variable.name));
      }
    }
    return {
      attributeStatus,
      component: r.component,
      variable: r.variable,
      ...(r.attributeType ? { attributeType: r.attributeType } : {}),
    };
  });
  return { results, changed };
}
