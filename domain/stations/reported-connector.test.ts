import { describe, expect, it } from 'vitest';
import {
  isAddableConnectorNumber,
  isStatusChange,
  MAX_REPORTED_CONNECTOR,
  mayAddReportedConnector,
} from './reported-connector';

describe('mayAddReportedConnector', () => {
  it('adds only the next connector', () => {
    expect(mayAddReportedConnector(3, 2)).toBe(true);
    expect(mayAddReportedConnector(2, 2)).toBe(true);
    expect(mayAddReportedConnector(4, 2)).toBe(false);
    expect(mayAddReportedConnector(1, 0)).toBe(true);
  });

  it('never adds connector 0 (the whole station) or one past the maximum', () => {
    expect(mayAddReportedConnector(0, 0)).toBe(false);
    expect(mayAddReportedConnector(MAX_REPORTED_CONNECTOR, MAX_REPORTED_CONNECTOR - 1)).toBe(true);
    expect(mayAddReportedConnector(MAX_REPORTED_CONNECTOR + 1, MAX_REPORTED_CONNECTOR)).toBe(false);
  });
});

describe('isAddableConnectorNumber', () => {
  it('is 1 to MAX_REPORTED_CONNECTOR', () => {
    expect(isAddableConnectorNumber(0)).toBe(false);
    expect(isAddableConnectorNumber(1)).toBe(true);
    expect(isAddableConnectorNumber(MAX_REPORTED_CONNECTOR)).toBe(true);
    expect(isAddableConnectorNumber(MAX_REPORTED_CONNECTOR + 1)).toBe(false);
  });
});

describe('isStatusChange', () => {
  it('is a change when the status or the error code differs', () => {
    expect(isStatusChange({ status: 'Available', errorCode: null }, { status: 'Charging', errorCode: 'NoError' })).toBe(
      true,
    );
    expect(
      isStatusChange(
        { status: 'Faulted', errorCode: 'GroundFailure' },
        { status: 'Faulted', errorCode: 'OverVoltage' },
      ),
    ).toBe(true);
  });

  it('reads a missing error code as NoError, so a repeated report changes nothing', () => {
    expect(
      isStatusChange({ status: 'Available', errorCode: null }, { status: 'Available', errorCode: 'NoError' }),
    ).toBe(false);
    expect(
      isStatusChange({ status: 'Available', errorCode: 'NoError' }, { status: 'Available', errorCode: 'NoError' }),
    ).toBe(false);
  });
});
