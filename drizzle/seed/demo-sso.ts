/**
 * @module Demo single sign-on (ADR 048): Fleetwise Logistics logs people of `sso.fleetwise.test` in
 * through the local OpenID provider that `npm start` runs (scripts/oidc-dev.ts, port OIDC_DEV_PORT,
 * default 12112). Anna's provider login is password only (our 2FA follows); Marco's provider login
 * says MFA, which the company lets replace our 2FA. Idempotent: an existing configuration is kept.
 */
import { eq } from 'drizzle-orm';
import { sealClientSecret } from '../../workers/api/src/lib/sso-secret';
import type { Db } from '../db';
import { companies, ssoConfigs, ssoDomains } from '../schema';

export const DEMO_SSO = {
  companyName: 'Fleetwise Logistics',
  clientId: 'fleetwise-demo',
  clientSecret: 'fleetwise-demo-local-only-secret',
  domain: 'sso.fleetwise.test',
  password: 'sso-demo-password',
  accounts: [
    { email: 'anna@sso.fleetwise.test', givenName: 'Anna', familyName: 'Bianchi', mfa: false },
    { email: 'marco@sso.fleetwise.test', givenName: 'Marco', familyName: 'Rossi', mfa: true },
  ],
};

export const demoIssuer = () => `http://127.0.0.1:${process.env.OIDC_DEV_PORT ?? '12112'}`;

/** Configures the demo company's SSO once; sealed under SSO_SECRET_KEY or the development key, as `npm start`'s worker opens it. */
export async function seedDemoSso(db: Db): Promise<boolean> {
  const company = await db.select().from(companies).where(eq(companies.name, DEMO_SSO.companyName)).get();
  if (!company) return false;
  const existing = await db.select().from(ssoConfigs).where(eq(ssoConfigs.companyId, company.id)).get();
  if (existing) return true;
  const env = { APP_ENV: 'development', SSO_SECRET_KEY: process.env.SSO_SECRET_KEY };
  await db.batch([
    db.insert(ssoConfigs).values({
      companyId: company.id,
      issuer: demoIssuer(),
      clientId: DEMO_SSO.clientId,
      clientSecretSealed: await sealClientSecret(env, company.id, DEMO_SSO.clientSecret),
      defaultRolesJson: JSON.stringify([31]),
      idpMfaReplaces2fa: true,
      enabled: true,
    }),
    db.insert(ssoDomains).values({ domain: DEMO_SSO.domain, companyId: company.id }),
  ]);
  return true;
}
