import { describe, expect, it } from 'vitest';
import { isRowId, malformedIdParam } from '../../app/lib/route-params';

describe('route id params', () => {
  it.each(['1', '42', '9007199254740991'])('%s is a row id', (value) => {
    expect(isRowId(value)).toBe(true);
  });

  it.each(['abc', '-1', '0', '01', '1.5', '1e3', ' 1', '99999999999999999999', '9007199254740992', ''])(
    '%j is not a row id',
    (value) => {
      expect(isRowId(value)).toBe(false);
    },
  );

  it('checks `id` and every `…Id` param, nothing else', () => {
    expect(malformedIdParam({ id: 'abc' })).toBe('id');
    expect(malformedIdParam({ userGroupId: '0', id: '3' })).toBe('userGroupId');
    expect(malformedIdParam({ tariffId: '99999999999999999999' })).toBe('tariffId');
    expect(malformedIdParam({ stationUid: 'CP-001', connectorUid: 'abc', type: 'x', scope: 'fleet' })).toBeNull();
    expect(malformedIdParam({ companyId: '12', vehicleId: '3', userId: '4' })).toBeNull();
  });
});
