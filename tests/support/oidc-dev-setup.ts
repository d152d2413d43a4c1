/**
 * Starts the project's local OpenID provider (scripts/oidc-dev.ts, the `oidc-provider` package) for
 * the `workers` project, on the port vitest.config.ts chose and gave the tests as `OIDC_TEST_ISSUER`,
 * with the client and accounts tests/integration/sso.test.ts logs in with (ADR 048).
 */
import { startOidcDev } from '../../scripts/oidc-dev';
import { SSO_TEST_ACCOUNTS, SSO_TEST_CLIENT } from './sso-accounts';

export default async function setup() {
  const port = Number(process.env.OIDC_DEV_PORT);
  if (!port) throw new Error('OIDC_DEV_PORT is not set: vitest.config.ts chooses it');
  const dev = await startOidcDev({
    port,
    clients: [{ ...SSO_TEST_CLIENT, redirectUris: ['http://localhost/sso/callback'] }],
    accounts: Object.values(SSO_TEST_ACCOUNTS),
  });
  return () => dev.close();
}
