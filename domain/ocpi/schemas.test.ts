import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Credentials, Envelope, envelopeOf, Version, VersionDetails } from './schemas';
import { envelope } from './status';

/** The specification's example messages, copied verbatim into the repository (tests/fixtures/ocpi-2.2.1). */
const example = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../tests/fixtures/ocpi-2.2.1/${name}`, import.meta.url), 'utf8'));

describe('OCPI schemas against the reference examples', () => {
  it.each([
    'credentials_example.json',
    'credentials_example2.json',
    'credentials_example3.json',
    'credentials_example4.json',
  ])('%s parses as Credentials', (name) => {
    const parsed = Credentials.parse(example(name));
    expect(parsed).toEqual(example(name));
  });

  it('versions_info_example.json parses as a list of versions', () => {
    expect(Version.array().parse(example('versions_info_example.json'))).toHaveLength(2);
  });

  it.each(['version_details_example.json', 'version_details_example2.json'])('%s parses as VersionDetails', (name) => {
    expect(VersionDetails.parse(example(name))).toEqual(example(name));
  });

  it('the transport examples parse as enveloped versions and version details', () => {
    const versions = envelopeOf(Version.array()).parse(example('transport_and_format_version_info_example.json'));
    expect(versions.status_code).toBe(1000);
    const details = envelopeOf(VersionDetails).parse(example('transport_and_format_version_details_example.json'));
    expect(details.data.endpoints.map((e) => e.identifier)).toEqual(['credentials', 'locations']);
  });

  it('the token list examples parse as envelopes', () => {
    expect(Envelope.parse(example('transport_and_format_get_token_list_example.json')).status_code).toBe(1000);
    expect(Envelope.parse(example('transport_and_format_get_token_example.json')).status_code).toBe(1000);
  });

  it('refuses credentials without roles, with a long party id or a non-URL', () => {
    const good = example('credentials_example.json') as Record<string, unknown>;
    expect(Credentials.safeParse({ ...good, roles: [] }).success).toBe(false);
    expect(Credentials.safeParse({ ...good, url: 'not a url' }).success).toBe(false);
    const role = { role: 'CPO', party_id: 'EXAM', country_code: 'NL', business_details: { name: 'x' } };
    expect(Credentials.safeParse({ ...good, roles: [role] }).success).toBe(false);
  });

  it('our envelope is an Envelope with the spec timestamp form', () => {
    const built = envelope({ a: 1 }, 1000, 'Success', new Date('2026-11-27T10:11:12.345Z'));
    expect(Envelope.parse(built)).toEqual({
      data: { a: 1 },
      status_code: 1000,
      status_message: 'Success',
      timestamp: '2026-11-27T10:11:12Z',
    });
  });
});
