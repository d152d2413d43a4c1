import { describe, expect, it } from 'vitest';
import type { AccessContext } from '../permissions/permissions';
import {
  displayPrefixOf,
  grantableToKey,
  isWellFormedApiKey,
  looksLikeApiKey,
  newApiKeySecret,
  permissionListProblem,
  scopeAllows,
  secondsToNextMinute,
  storedScope,
} from './api-keys';

const admin: AccessContext = {
  roles: [37],
  services: [],
  company: { cpms: 'public', isSubcpo: false, isLifestyle: false, isEvfleet: false, empServices: false },
};

describe('API key secrets', () => {
  it('are prefixed, 32 random bytes in base64url, never alike, and never taken for a JWT', () => {
    const a = newApiKeySecret();
    const b = newApiKeySecret();
    expect(a).toMatch(/^evk_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(looksLikeApiKey(a)).toBe(true);
    expect(isWellFormedApiKey(a)).toBe(true);
    expect(looksLikeApiKey('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBe(false);
    expect(displayPrefixOf(a)).toBe(a.slice(0, 12));
  });

  it('refuses malformed keys before any lookup', () => {
    expect(isWellFormedApiKey('evk_short')).toBe(false);
    expect(isWellFormedApiKey(`evk_${'a'.repeat(42)}!`)).toBe(false);
    expect(isWellFormedApiKey(`evk_${'a'.repeat(44)}`)).toBe(false);
  });
});

describe('API key scope', () => {
  const read = { kind: 'read' } as const;
  const list = { kind: 'permissions', permissions: ['tariffs:view', 'tariffs:manage'] } as const;

  it('lets a read-only key through GET routes only', () => {
    expect(scopeAllows(read, 'GET', 'tariffs:manage')).toBe(true);
    expect(scopeAllows(read, 'post', 'tariffs:view')).toBe(false);
    expect(scopeAllows(read, 'DELETE', 'tariffs:view')).toBe(false);
  });

  it('lets a permission-list key through its permissions only, with any method', () => {
    expect(scopeAllows(list, 'POST', 'tariffs:manage')).toBe(true);
    expect(scopeAllows(list, 'GET', 'connectors:view')).toBe(false);
  });

  it('never lets a key manage keys, nor change its creator’s session', () => {
    expect(scopeAllows(read, 'GET', 'company:api-keys')).toBe(false);
    expect(scopeAllows({ kind: 'permissions', permissions: ['company:api-keys'] }, 'POST', 'company:api-keys')).toBe(
      false,
    );
    expect(scopeAllows(list, 'GET', 'session:basic')).toBe(true);
    expect(scopeAllows(list, 'PUT', 'session:basic')).toBe(false);
  });

  it('offers only what the creator holds, without key management', () => {
    const grantable = grantableToKey(admin);
    expect(grantable).toContain('tariffs:manage');
    expect(grantable).not.toContain('company:api-keys');
    expect(grantable).not.toContain('fleet:view');
  });

  it('names the first unknown or unheld permission of a requested list', () => {
    expect(permissionListProblem(['tariffs:view'], admin)).toBeNull();
    expect(permissionListProblem(['tariffs:view', 'nope'], admin)).toEqual({ kind: 'unknown', permission: 'nope' });
    expect(permissionListProblem(['fleet:view'], admin)).toEqual({ kind: 'not-held', permission: 'fleet:view' });
    expect(permissionListProblem(['company:api-keys'], admin)).toEqual({
      kind: 'not-held',
      permission: 'company:api-keys',
    });
  });

  it('reads a stored scope back, dropping permissions that no longer exist', () => {
    expect(storedScope('read', null)).toEqual({ kind: 'read' });
    expect(storedScope('permissions', '["tariffs:view","gone:away"]')).toEqual({
      kind: 'permissions',
      permissions: ['tariffs:view'],
    });
  });

  it('waits until the next minute after a refusal', () => {
    expect(secondsToNextMinute(60_000 * 10 + 15_000)).toBe(45);
    expect(secondsToNextMinute(60_000 * 10 + 59_999)).toBe(1);
  });
});
