/**
 * @module Refuses a cookie-authenticated write sent by a browser from another site (403): the
 * `sid` cookie rides along on a cross-site form post, a bearer token never does. See
 * domain/identity/same-origin.ts for what counts as cross-site.
 */

import { isCrossSiteWrite } from '@domain/identity/same-origin';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { apiError } from '../lib/errors';

export const sameOriginWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  const bearer = c.req.header('authorization')?.startsWith('Bearer ') === true;
  if (!bearer && isCrossSiteWrite(c.req.method, c.req.url, c.req.raw.headers)) {
    return apiError(c, 403, 'CROSS_SITE_REQUEST', 'forbidden');
  }
  await next();
};
