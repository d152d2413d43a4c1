/** The client and accounts of the local OpenID provider in the `workers` project (tests/support/oidc-dev-setup.ts); plain data, so tests inside workerd import it too. */

export const SSO_TEST_CLIENT = { clientId: 'workers-tests', clientSecret: 'workers-tests-client-secret' };
export const SSO_TEST_DOMAIN = 'sso-tests.example';
export const SSO_TEST_PASSWORD = 'idp-password';

const account = (local: string, extra: { mfa?: boolean; emailVerified?: boolean; domain?: string } = {}) => ({
  email: `${local}@${extra.domain ?? SSO_TEST_DOMAIN}`,
  password: SSO_TEST_PASSWORD,
  givenName: local,
  familyName: 'Tester',
  mfa: extra.mfa,
  emailVerified: extra.emailVerified,
});

/** The provider's accounts, by the role they play in the tests. */
export const SSO_TEST_ACCOUNTS = {
  newcomer: account('newcomer'),
  mfa: account('mfa', { mfa: true }),
  unverified: account('unverified', { emailVerified: false }),
  foreign: account('outsider', { domain: 'elsewhere.example' }),
  otherCompany: account('taken'),
  expiry: account('expiry'),
  replay: account('replay'),
};
