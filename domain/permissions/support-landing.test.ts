import { describe, expect, it } from 'vitest';
import { landingPath, navigationFor, SUPPORT_LANDING } from './navigation';
import type { AccessContext } from './permissions';

const operator = { cpms: 'public', isSubcpo: false, isLifestyle: false, isEvfleet: false, empServices: false } as const;
const ctx = (roles: number[], company: AccessContext['company'] = operator): AccessContext => ({
  roles,
  services: [],
  company,
});

describe('support agents land on the connector support search (spec section 6)', () => {
  it('sends role 52 to /connectors/support', () => {
    expect(SUPPORT_LANDING).toBe('/connectors/support');
    expect(landingPath(ctx([52]))).toBe('/connectors/support');
  });

  it('leaves other operator roles on the overview', () => {
    for (const role of [37, 32, 57, 53, 54]) expect(landingPath(ctx([role]))).toBe('/connectors/overview');
  });

  it('does not send a support agent whose company operates no stations there (no permission)', () => {
    const fleet = { ...operator, cpms: null, isEvfleet: true };
    expect(landingPath(ctx([52], fleet))).not.toBe('/connectors/support');
  });

  it('maintenance only (33) overrides the support role', () => {
    expect(landingPath(ctx([52, 33]))).toBe('/connectors/overview');
  });

  it('shows the support search and locations in the navigation only to who may use them', () => {
    const urls = (roles: number[]) => navigationFor(ctx(roles)).flatMap((s) => s.items.map((i) => i.url));
    expect(urls([52])).toContain('/connectors/support');
    expect(urls([32])).not.toContain('/connectors/support');
    expect(urls([32])).toContain('/connectors/locations');
  });
});
