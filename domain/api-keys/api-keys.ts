/**
 * @module API keys for integrators (issue 20 part 6, ADR 047): the secret's format, and what a key's
 * scope lets through. A key is `evk_` followed by 43 base64url characters (32 random bytes): the
 * prefix tells it apart from a JWT (which starts `eyJ`) and makes a leaked key recognisable.
 */
import { randomToken } from '../identity/encoding';
import { type AccessContext, can, PERMISSIONS, type Permission } from '../permissions/permissions';

export const API_KEY_PREFIX = 'evk_';
/** Requests one key may make per minute; the next ones answer 429 with Retry-After. */
export const API_KEY_REQUESTS_PER_MINUTE = 600;
/** Characters of the secret kept to show in the list (the prefix and 8 random characters). */
export const API_KEY_DISPLAY_CHARS = 12;
/** The permission that manages keys: never grantable to a key, so a key cannot make keys. */
export const API_KEY_MANAGEMENT: Permission = 'company:api-keys';

const SECRET_PATTERN = /^evk_[A-Za-z0-9_-]{43}$/;

export type ApiKeyScope = { kind: 'read' } | { kind: 'permissions'; permissions: readonly Permission[] };

/** A new secret: shown once, stored only as its SHA-256. */
export function newApiKeySecret(): string {
  return API_KEY_PREFIX + randomToken(32);
}

/** Whether a bearer token is meant as an API key (then it never goes to the JWT check). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** Whether a token that looks like a key is well formed (a malformed one is refused without a lookup). */
export const isWellFormedApiKey = (token: string): boolean => SECRET_PATTERN.test(token);

export const displayPrefixOf = (secret: string): string => secret.slice(0, API_KEY_DISPLAY_CHARS);

const READ_METHODS = new Set(['GET', 'HEAD']);

/** Every logged-in caller's permission (/me and the person's own preferences): keys may only read it. */
const BASIC: Permission = 'session:basic';

/**
 * Whether a key's scope lets a request through to a route guarded by `permission`: a read-only key
 * only GET (and HEAD) routes, a permission-list key only the permissions of its list; neither ever
 * reaches key management, and both only read `session:basic` routes (a key never switches a
 * company or changes its creator's preferences). The caller's roles, services and company kind
 * are checked besides (`can`).
 */
export function scopeAllows(scope: ApiKeyScope, method: string, permission: Permission): boolean {
  if (permission === API_KEY_MANAGEMENT) return false;
  if (scope.kind === 'read' || permission === BASIC) return READ_METHODS.has(method.toUpperCase());
  return scope.permissions.includes(permission);
}

/** The permissions an admin may put on a key: what they hold now, except key management and the basic one. */
export function grantableToKey(ctx: AccessContext): Permission[] {
  return PERMISSIONS.filter((p) => p !== API_KEY_MANAGEMENT && p !== BASIC && can(ctx, p));
}

export type PermissionListProblem = { kind: 'unknown' | 'not-held'; permission: string };

/**
 * The first problem of a requested permission list, or null when every entry is a known permission
 * the creator may grant (`grantableToKey`). Duplicates are harmless; an empty list is refused by the
 * request schema.
 */
export function permissionListProblem(requested: readonly string[], ctx: AccessContext): PermissionListProblem | null {
  const grantable = grantableToKey(ctx);
  for (const permission of requested) {
    if (!PERMISSIONS.includes(permission as Permission)) return { kind: 'unknown', permission };
    if (!grantable.includes(permission as Permission)) return { kind: 'not-held', permission };
  }
  return null;
}

/** Reads a stored scope back (`scope` column and `permissions_json`). */
export function storedScope(scope: 'read' | 'permissions', permissionsJson: string | null): ApiKeyScope {
  if (scope === 'read') return { kind: 'read' };
  const list = JSON.parse(permissionsJson ?? '[]') as string[];
  return {
    kind: 'permissions',
    permissions: list.filter((p): p is Permission => PERMISSIONS.includes(p as Permission)),
  };
}

/** Epoch minute of an instant: the rate limit's window and the usage counter's row. */
export const epochMinute = (ms: number): number => Math.floor(ms / 60_000);

/** Seconds until the minute of `ms` ends (at least one): the Retry-After of a 429. */
export const secondsToNextMinute = (ms: number): number =>
  Math.max(1, Math.ceil(((epochMinute(ms) + 1) * 60_000 - ms) / 1000));
