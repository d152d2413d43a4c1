import { describe, expect, it } from 'vitest';
import { configurationKeyOf, deviceVariableRows, parseVariableKey, variableKey } from './device-model';

describe('device model keys', () => {
  it('names a variable with its component instance, EVSE, connector and variable instance', () => {
    expect(variableKey({ name: 'OCPPCommCtrlr' }, { name: 'HeartbeatInterval' })).toBe(
      'OCPPCommCtrlr/HeartbeatInterval',
    );
    expect(variableKey({ name: 'Connector', evse: { id: 2, connectorId: 1 } }, { name: 'ConnectorType' })).toBe(
      'Connector@2.1/ConnectorType',
    );
    expect(variableKey({ name: 'Ctrlr', instance: 'A', evse: { id: 1 } }, { name: 'Limit', instance: 'L1' })).toBe(
      'Ctrlr:A@1/Limit:L1',
    );
  });

  it('reads back every key it writes, and a 1.6 name with a 2.0.1 counterpart', () => {
    for (const key of ['OCPPCommCtrlr/HeartbeatInterval', 'Connector@2.1/ConnectorType', 'Ctrlr:A@1/Limit:L1']) {
      const ref = parseVariableKey(key);
      expect(ref && variableKey(ref.component, ref.variable)).toBe(key);
    }
    expect(parseVariableKey('MeterValueSampleInterval')).toEqual({
      component: { name: 'SampledDataCtrlr' },
      variable: { name: 'TxUpdatedInterval' },
    });
    expect(parseVariableKey('AuthorizationKey')).toBeNull();
    expect(parseVariableKey('A/B/C')).toBeNull();
    expect(parseVariableKey('EVSE@x/Power')).toBeNull();
  });
});

describe('device model rows', () => {
  it('gives every attribute its row, Actual when the station names no type', () => {
    const rows = deviceVariableRows([
      {
        component: { name: 'EVSE', evse: { id: 1 } },
        variable: { name: 'Power' },
        variableAttribute: [
          { value: '0', mutability: 'ReadOnly' },
          { type: 'MaxSet', value: '22000' },
        ],
        variableCharacteristics: { unit: 'W', dataType: 'decimal', maxLimit: 22000 },
      },
    ]);
    expect(rows.map((r) => [r.key, r.attributeType, r.value, r.unit, r.evseId, r.connectorId, r.maxLimit])).toEqual([
      ['EVSE@1/Power', 'Actual', '0', 'W', 1, null, 22000],
      ['EVSE@1/Power', 'MaxSet', '22000', 'W', 1, null, 22000],
    ]);
  });

  it('is read-only in the 1.6 list only when the station said ReadOnly (2.0.1 defaults to ReadWrite)', () => {
    expect(configurationKeyOf({ key: 'a/b', value: '1', mutability: 'ReadOnly' })).toEqual({
      key: 'a/b',
      value: '1',
      readonly: true,
    });
    expect(configurationKeyOf({ key: 'a/b', value: null, mutability: null })).toEqual({ key: 'a/b', readonly: false });
  });
});
