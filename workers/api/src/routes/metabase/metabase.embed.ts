/**
 * @module The Metabase signed embed address (ADR 055): a JWT HS256 signed with the deployment's
 * Metabase secret, naming the dashboard and locking its `company_id` parameter to the caller's
 * companies. Pure apart from the clock: the handler passes the env, the ids and the time.
 */
import { SignJWT } from 'jose';

/** The worker settings this needs; both absent (or blank) means Metabase is not configured. */
export interface MetabaseEnv {
  METABASE_SITE_URL?: string;
  METABASE_SECRET_KEY?: string;
}

/** How long a signed address stays valid. */
export const EMBED_TTL_SECONDS = 10 * 60;

/** The site and secret when both are set, null otherwise. */
export function metabaseConfig(env: MetabaseEnv): { site: string; secret: string } | null {
  const site = env.METABASE_SITE_URL?.trim().replace(/\/+$/, '');
  const secret = env.METABASE_SECRET_KEY?.trim();
  return site && secret ? { site, secret } : null;
}

/** `${site}/embed/dashboard/${token}#bordered=true&titled=true`, or null when Metabase is not configured. */
export async function metabaseEmbedUrl(
  env: MetabaseEnv,
  dashboardId: number,
  companyIds: readonly number[],
  nowSeconds: number,
): Promise<string | null> {
  const config = metabaseConfig(env);
  if (!config) return null;
  const token = await new SignJWT({ resource: { dashboard: dashboardId }, params: { company_id: [...companyIds] } })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(nowSeconds + EMBED_TTL_SECONDS)
    .sign(new TextEncoder().encode(config.secret));
  return `${config.site}/embed/dashboard/${token}#bordered=true&titled=true`;
}
