import { describe, expect, it } from 'vitest';
import { CENTRAL_SYSTEM_ACTIONS } from './central-system-requests';
import { checkCsms201Request, isCsms201Action, OCPP201_CSMS_ACTIONS } from './csms-requests-201';

describe('2.0.1-only requests of the command API', () => {
  it('has an OCA 2.0.1 schema for every listed action, none of them a 1.6 action', () => {
    for (const action of OCPP201_CSMS_ACTIONS) {
      expect(() => checkCsms201Request(action, {})).not.toThrow();
      expect((CENTRAL_SYSTEM_ACTIONS as readonly string[]).includes(action)).toBe(false);
    }
    expect(isCsms201Action('CustomerInformation')).toBe(false);
    expect(isCsms201Action('SetNetworkProfile')).toBe(true);
    expect(isCsms201Action('GetBaseReport')).toBe(true);
  });

  it('accepts a valid request and names the field of an invalid one', () => {
    expect(checkCsms201Request('GetBaseReport', { requestId: 1, reportBase: 'FullInventory' })).toEqual({ ok: true });
    const bad = checkCsms201Request('GetBaseReport', { requestId: '1', reportBase: 'Everything' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.map((i) => i.field)).toEqual(expect.arrayContaining(['/requestId']));
    const missing = checkCsms201Request('ClearDisplayMessage', {});
    expect(missing).toMatchObject({ ok: false, issues: [{ field: '/id', message: 'Required by the OCPP schema' }] });
  });
});
