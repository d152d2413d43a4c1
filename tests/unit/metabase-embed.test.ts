/** The Metabase embed's pure part (ADR 055): not configured without both settings; the JWT's payload and lifetime. */
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  EMBED_TTL_SECONDS,
  metabaseConfig,
  metabaseEmbedUrl,
} from '../../workers/api/src/routes/metabase/metabase.embed';

const SECRET = 'unit-metabase-secret-0123456789abcdef';
const NOW = 1_800_000_000;

describe('metabaseConfig', () => {
  it('is null unless both the site and the secret are set', () => {
    expect(metabaseConfig({})).toBeNull();
    expect(metabaseConfig({ METABASE_SITE_URL: 'https://mb.example.test' })).toBeNull();
    expect(metabaseConfig({ METABASE_SECRET_KEY: SECRET })).toBeNull();
    expect(metabaseConfig({ METABASE_SITE_URL: '  ', METABASE_SECRET_KEY: SECRET })).toBeNull();
    expect(metabaseConfig({ METABASE_SITE_URL: 'https://mb.example.test/', METABASE_SECRET_KEY: SECRET })).toEqual({
      site: 'https://mb.example.test',
      secret: SECRET,
    });
  });
});

describe('metabaseEmbedUrl', () => {
  it('answers null when Metabase is not configured (the route then answers 409)', async () => {
    expect(await metabaseEmbedUrl({ METABASE_SITE_URL: '' }, 4, [1], NOW)).toBeNull();
  });

  it("signs the dashboard and the caller's company ids, valid ten minutes", async () => {
    const env = { METABASE_SITE_URL: 'https://mb.example.test/', METABASE_SECRET_KEY: SECRET };
    const url = await metabaseEmbedUrl(env, 7, [5, 9, 11], NOW);
    const token = /^https:\/\/mb\.example\.test\/embed\/dashboard\/([^#/]+)#bordered=true&titled=true$/.exec(
      url ?? '',
    )?.[1];
    expect(token).toBeDefined();
    expect(decodeProtectedHeader(token ?? '').alg).toBe('HS256');
    expect(decodeJwt(token ?? '')).toEqual({
      resource: { dashboard: 7 },
      params: { company_id: [5, 9, 11] },
      exp: NOW + EMBED_TTL_SECONDS,
    });
    expect(EMBED_TTL_SECONDS).toBe(600);
    await expect(
      jwtVerify(token ?? '', new TextEncoder().encode(SECRET), { currentDate: new Date(NOW * 1000) }),
    ).resolves.toBeDefined();
  });
});
