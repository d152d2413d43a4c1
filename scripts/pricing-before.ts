/**
 * @module The production path of pricing at close as it was at an earlier commit, for the before rows of
 * `npm run bench:pricing`: the commit's `domain/` and the benchmark workload are extracted with
 * `git archive` into `.cache/bench-pricing-before/<commit>/` (ignored by git; resolved against this
 * tree's node_modules and tsconfig) and imported beside today's code, so one run times both.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SessionPriceDecision } from '../domain/sessions/price-at-close';
import type { PricingRows } from '../drizzle/queries/pricing.store';

/** The last commit before the issue 24 section 7 speed-up of the whole path (meter curve, uniform tariffs, selection). */
export const BEFORE_COMMIT = 'a1587ba8ca247e68c3eabde0f0a98ef9f59798ec';

export interface PathAt {
  commit: string;
  /** The decision at that commit (with its per-version cache of engine tariffs). */
  decideSessionPrice: (f: PricingRows) => SessionPriceDecision;
  /** The same decision with every tariff built afresh (how it ran before the per-version cache). */
  priceUncached: (f: PricingRows) => SessionPriceDecision;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The path at `commit`, or null (with the reason) when git cannot give it. */
export async function pathAt(commit: string): Promise<PathAt | { error: string }> {
  const dir = join(ROOT, '.cache', 'bench-pricing-before', commit);
  const done = join(dir, '.complete');
  try {
    if (!existsSync(done)) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const paths = ['domain', 'scripts/pricing-workload.ts', 'tests/support/pricing-builders.ts'];
      const tar = execFileSync('git', ['archive', '--format=tar', commit, ...paths], { cwd: ROOT, maxBuffer: 1 << 28 });
      execFileSync('tar', ['-x', '-C', dir], { input: tar });
      execFileSync('touch', [done]);
    }
  } catch (error) {
    return { error: `git archive ${commit.slice(0, 7)} failed: ${error instanceof Error ? error.message : error}` };
  }
  const at = (path: string) => pathToFileURL(join(dir, path)).href;
  const decision = (await import(at('domain/sessions/price-at-close.ts'))) as Pick<PathAt, 'decideSessionPrice'>;
  const workload = (await import(at('scripts/pricing-workload.ts'))) as Pick<PathAt, 'priceUncached'>;
  return { commit, decideSessionPrice: decision.decideSessionPrice, priceUncached: workload.priceUncached };
}
