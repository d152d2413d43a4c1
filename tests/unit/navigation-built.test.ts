/**
 * The navigation leads only to pages that exist (issue 24 section 6): every entry it can show has a
 * route module in app/routes, and every planned (hidden) entry has none yet, so the change that builds
 * one also shows it.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_NAVIGATION, landingPath, NAVIGATION, navigationFor } from '../../domain/permissions/navigation';
import type { AccessContext } from '../../domain/permissions/permissions';
import { ROLE_IDS } from '../../domain/permissions/roles';
import { SERVICE_SETTING_IDS } from '../../domain/permissions/service-settings';

/** A role in a company of every kind with every service setting on: the most it can be shown. */
const ctx = (role: number): AccessContext => ({
  roles: [role],
  services: [...SERVICE_SETTING_IDS],
  company: { cpms: 'public', isEvfleet: true, isLifestyle: true, empServices: true, isSubcpo: true },
});

/** Remix flat routes: `_app.fleet.users._index` → ['fleet', 'users']; `$x` is any one segment. */
const ROUTES = readdirSync(join(__dirname, '../../app/routes'))
  .map((name) => name.replace(/\.tsx?$/, ''))
  .filter((name) => name.startsWith('_app.') && name !== '_app.$')
  .map((name) =>
    name
      .split('.')
      .filter((segment) => !segment.startsWith('_'))
      .map((segment) => segment.replace(/_$/, '')),
  );

function hasRoute(url: string): boolean {
  const parts = url.split('/').filter(Boolean);
  return ROUTES.some(
    (route) => route.length === parts.length && route.every((seg, i) => seg.startsWith('$') || seg === parts[i]),
  );
}

const items = (sections: readonly { items: { url: string; planned?: true }[] }[]) => sections.flatMap((s) => s.items);

describe('navigation and the pages that exist', () => {
  it('shows only entries whose page is built', () => {
    const missing = items(BUILT_NAVIGATION)
      .map((i) => i.url)
      .filter((url) => !hasRoute(url));
    expect(missing).toEqual([]);
  });

  it('keeps planned entries hidden only while their page does not exist', () => {
    const planned = items(NAVIGATION).filter((i) => i.planned);
    expect(planned.length).toBeGreaterThan(0);
    expect(planned.filter((i) => hasRoute(i.url)).map((i) => i.url)).toEqual([]);
    const visible = new Set(ROLE_IDS.flatMap((r) => items(navigationFor(ctx(r)))).map((i) => i.url));
    expect(planned.filter((i) => visible.has(i.url)).map((i) => i.url)).toEqual([]);
  });

  it('lands every role on a built page', () => {
    for (const role of ROLE_IDS) {
      const landing = landingPath(ctx(role));
      expect({ role, landing, built: landing === '/welcome' || hasRoute(landing) }).toEqual({
        role,
        landing,
        built: true,
      });
    }
  });
});
