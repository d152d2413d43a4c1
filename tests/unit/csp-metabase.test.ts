/** The page CSP frames only this origin, plus the Metabase site when it is configured (ADR 055: the dashboards' Metabase tab). */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../app/lib/security-headers.server';

const frameSrc = (env?: unknown) =>
  contentSecurityPolicy('n0nce', env)
    .split('; ')
    .find((d) => d.startsWith('frame-src'));

describe('CSP frame-src', () => {
  it("is 'self' only without Metabase (or with an empty or invalid address)", () => {
    expect(frameSrc()).toBe("frame-src 'self'");
    expect(frameSrc({ METABASE_SITE_URL: '' })).toBe("frame-src 'self'");
    expect(frameSrc({ METABASE_SITE_URL: 'not a url' })).toBe("frame-src 'self'");
  });

  it("adds the Metabase site's origin, never its path", () => {
    expect(frameSrc({ METABASE_SITE_URL: 'https://metabase.example.test/some/path' })).toBe(
      "frame-src 'self' https://metabase.example.test",
    );
  });

  it('keeps the map origin in img-src and connect-src', () => {
    const csp = contentSecurityPolicy('n0nce', { MAP_STYLE_URL: 'https://tiles.example.test/style.json' });
    expect(csp).toContain("connect-src 'self' https://tiles.example.test");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
