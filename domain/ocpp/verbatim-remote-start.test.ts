import { describe, expect, it } from 'vitest';
import { remoteStartHeldBack } from './verbatim-remote-start';

describe('remoteStartHeldBack', () => {
  it.each([
    { action: 'RemoteStartTransaction', force: false, status: 'charging', expected: true },
    { action: 'RemoteStartTransaction', force: false, status: 'finishing', expected: true },
    { action: 'RemoteStartTransaction', force: false, status: 'suspended_ev', expected: true },
    { action: 'RemoteStartTransaction', force: false, status: 'suspended_evse', expected: true },
    { action: 'RemoteStartTransaction', force: false, status: 'reserved', expected: true },
    { action: 'RemoteStartTransaction', force: true, status: 'charging', expected: false },
    { action: 'RemoteStartTransaction', force: false, status: 'available', expected: false },
    { action: 'RemoteStartTransaction', force: false, status: 'preparing', expected: false },
    { action: 'RemoteStartTransaction', force: false, status: 'faulted', expected: false },
    { action: 'RemoteStartTransaction', force: false, status: 'offline', expected: false },
    { action: 'RemoteStartTransaction', force: false, status: undefined, expected: false },
    { action: 'RemoteStopTransaction', force: false, status: 'charging', expected: false },
    { action: 'Reset', force: false, status: 'charging', expected: false },
  ] as const)('$action force=$force on $status → $expected', ({ action, force, status, expected }) => {
    expect(remoteStartHeldBack(action, force, status)).toBe(expected);
  });
});
