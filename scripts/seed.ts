/**
 * Seeds the local D1 database with the demo data set, through the same persisted state that
 * `npm start` serves. Skips when data exists unless --force is given (which wipes nothing: it
 * refuses, because a half-seeded database would be worse; delete .wrangler/state to start over).
 */
import { getPlatformProxy } from 'wrangler';
import { previousPeriod } from '../domain/billing/period';
import { openDb } from '../drizzle/db';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../drizzle/seed/demo';
import { DEMO_EMPLOYEES } from '../drizzle/seed/demo-reimbursement';
import { DEMO_SSO, seedDemoSso } from '../drizzle/seed/demo-sso';
import { seedDemoStationFiles } from '../drizzle/seed/demo-station-files';
import { runHomeReimbursements } from '../workers/cron/src/home-reimbursements';

const persistDir = process.env.PERSIST_DIR ?? '.wrangler/state';

const { env, dispose } = await getPlatformProxy<Env>({
  configPath: 'wrangler.toml',
  persist: { path: `${persistDir}/v3` },
});
try {
  const existing = await env.DB.prepare('SELECT count(*) AS n FROM companies').first<{ n: number }>();
  if ((existing?.n ?? 0) > 0) {
    console.log(`Demo data already present (${existing?.n} companies); nothing seeded.`);
  } else {
    const started = Date.now();
    const result = await seedDemo(openDb(env.DB));
    console.log(
      `Seeded ${result.users} users, ${result.stations} stations, ${result.connectors} connectors in ${Date.now() - started} ms.`,
    );
    // Last month's home reimbursements, written by the monthly job itself as on the 1st (issue 19).
    const period = previousPeriod(new Date());
    const run = await runHomeReimbursements({ DB: env.DB, FILES: env.FILES }, period);
    console.log(
      `Home reimbursements of ${period}: ${run?.processed ?? 0} employees (job run ${run?.status ?? 'none'}).`,
    );
  }
  // Firmware and diagnostics files live in R2, which the D1-only seed cannot reach (ADR 014).
  await seedDemoStationFiles(openDb(env.DB), env.FILES);
  // Single sign-on through the local OpenID provider npm start runs (ADR 048); also for databases seeded before it.
  const sso = await seedDemoSso(openDb(env.DB));
  if (process.argv.includes('--print-logins')) {
    console.log(`\nDemo logins (password for all: ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) console.log(`  role ${String(u.role).padEnd(3)} ${u.email}`);
    for (const e of DEMO_EMPLOYEES) console.log(`  employee ${e.email} (home reimbursement)`);
    if (sso) {
      console.log(
        `  SSO (${DEMO_SSO.companyName}): type the e-mail, choose "Continue with … sign-in", then at the dev provider:`,
      );
      for (const a of DEMO_SSO.accounts)
        console.log(
          `    ${a.email} / ${DEMO_SSO.password} ${a.mfa ? '(provider MFA: no 2FA of ours)' : '(then our 2FA)'}`,
        );
    }
  }
} finally {
  await dispose();
}
