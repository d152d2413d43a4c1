import { describe, expect, it } from 'vitest';
import {
  actionAllowed,
  credentialsEndpoint,
  defaultPartyId,
  mutualVersion,
  nextAttempt,
  tokenAllows,
  versionsUrlAllowed,
} from './registration';

describe('registration decisions', () => {
  it('picks 2.2.1 among the partner versions', () => {
    expect(
      mutualVersion([
        { version: '2.1.1', url: 'https://p.test/2.1.1' },
        { version: '2.2.1', url: 'https://p.test/2.2.1' },
      ]),
    ).toEqual({ version: '2.2.1', url: 'https://p.test/2.2.1' });
    expect(mutualVersion([{ version: '2.2', url: 'https://p.test/2.2' }])).toBeNull();
  });

  it('finds the credentials endpoint, preferring its receiver interface', () => {
    const url = (s: string) => `https://p.test/${s}`;
    expect(
      credentialsEndpoint({
        version: '2.2.1',
        endpoints: [
          { identifier: 'credentials', role: 'SENDER', url: url('s') },
          { identifier: 'credentials', role: 'RECEIVER', url: url('r') },
        ],
      })?.url,
    ).toBe(url('r'));
    expect(
      credentialsEndpoint({
        version: '2.2.1',
        endpoints: [{ identifier: 'locations', role: 'SENDER', url: url('l') }],
      }),
    ).toBeNull();
  });

  it('lets token A reach only versions and registration, and no token of a suspended peering through', () => {
    const a = { state: 'pending', incomingTokenKind: 'A' };
    expect(tokenAllows(a, 'versions')).toBe(true);
    expect(tokenAllows(a, 'credentials-register')).toBe(true);
    expect(tokenAllows(a, 'credentials')).toBe(false);
    expect(tokenAllows({ state: 'registered', incomingTokenKind: 'C' }, 'credentials')).toBe(true);
    expect(tokenAllows({ state: 'registered', incomingTokenKind: 'C' }, 'credentials-register')).toBe(false);
    expect(tokenAllows({ state: 'pending', incomingTokenKind: 'B' }, 'versions')).toBe(true);
    expect(tokenAllows({ state: 'pending', incomingTokenKind: 'B' }, 'module')).toBe(false);
    expect(tokenAllows({ state: 'suspended', incomingTokenKind: 'C' }, 'versions')).toBe(false);
  });

  it('allows each action in its states only', () => {
    expect(actionAllowed('connect', 'failed', 'outbound')).toBe(true);
    expect(actionAllowed('connect', 'pending', 'inbound')).toBe(false);
    expect(actionAllowed('connect', 'suspended', 'inbound')).toBe(true);
    expect(actionAllowed('connect', 'registered', 'outbound')).toBe(false);
    expect(actionAllowed('suspend', 'registered', 'inbound')).toBe(true);
    expect(actionAllowed('suspend', 'pending', 'inbound')).toBe(false);
    expect(actionAllowed('unregister', 'suspended', 'outbound')).toBe(true);
    expect(actionAllowed('unregister', 'unregistered', 'outbound')).toBe(false);
  });

  it('backs off, then gives up', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(nextAttempt(1, at)?.toISOString()).toBe('2026-01-01T00:01:00.000Z');
    expect(nextAttempt(6, at)?.toISOString()).toBe('2026-01-01T12:00:00.000Z');
    expect(nextAttempt(7, at)).toBeNull();
  });

  it('derives a three-character party id per company', () => {
    expect(defaultPartyId(7)).toBe('C07');
    expect(defaultPartyId(1295)).toBe('CZZ');
    expect(defaultPartyId(1296)).toBe('100');
    for (const id of [1, 50, 1295, 1296, 40000]) expect(defaultPartyId(id)).toMatch(/^[0-9A-Z]{3}$/);
  });
});

describe('versionsUrlAllowed', () => {
  it('wants https, allowing http to 127.0.0.1 outside production only', () => {
    expect(versionsUrlAllowed('https://partner.example/ocpi/versions', true)).toBe(true);
    expect(versionsUrlAllowed('http://partner.example/ocpi/versions', false)).toBe(false);
    expect(versionsUrlAllowed('http://127.0.0.1:9000/ocpi/versions', false)).toBe(true);
    expect(versionsUrlAllowed('http://127.0.0.1:9000/ocpi/versions', true)).toBe(false);
    expect(versionsUrlAllowed('ftp://partner.example/versions', false)).toBe(false);
  });
});
