/**
 * @module The Hono API under /api: one error shape, zod validation on every input, every route
 * declaring its access, an OpenAPI 3.1 document built from the same schemas.
 */

import { openDb } from '@db/db';
import { API_KEY_REQUESTS_PER_MINUTE } from '@domain/api-keys/api-keys';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Scalar } from '@scalar/hono-api-reference';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './env';
import { apiError } from './lib/errors';
import { companyNumberStyle } from './lib/number-style';
import { validationFailed } from './lib/validation';
import { demoMode } from './middleware/demo-mode';
import { closeLiveFeedOnLogout } from './middleware/live-feed-logout';
import { sameOriginWrites } from './middleware/same-origin';
import { securityHeaders } from './middleware/security-headers';
import { loadSession } from './middleware/session';
import { routes } from './routes';

export const MAX_BODY_BYTES = 1024 * 1024;

const API_KEY_DESCRIPTION = `An integrator's API key (ADR 047), created by a company admin in Settings → API keys: \
\`Authorization: Bearer evk_…\`. It acts for its company and that company's tree; a read-only key calls GET \
operations only, a permission-list key only the operations of its permissions (the \`x-access\` of each \
operation). At most ${API_KEY_REQUESTS_PER_MINUTE} requests per minute per key (then 429 with Retry-After).`;

const API_DESCRIPTION = `Every operation names the permission it needs in \`x-access\`.

**API keys for integrators.** ${API_KEY_DESCRIPTION} An unknown, rotated-away or revoked key answers 401; \
a key never reaches login, logout, 2FA or key management. Example:

\`\`\`sh
curl -H "Authorization: Bearer evk_your_secret_shown_once" "$BACK_OFFICE_URL/api/me"
\`\`\``;
const FILE_TRANSFER_PATH =
  /^\/api\/(station-files\/diagnostics\/|stations\/[^/]+\/firmware\/|documents\/\d+\/create$|settings\/company\/\d+\/logo$)/;

export function createApi() {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return validationFailed(c, result.error);
    },
  }).basePath('/api');

  app.use(async (c, next) => {
    c.set('db', openDb(c.env.DB));
    await next();
  });
  app.use(securityHeaders);
  app.use(sameOriginWrites);
  const jsonLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      apiError(c, 400, 'BODY_TOO_LARGE', 'bodyTooLarge', { field: '(body)', params: { max: MAX_BODY_BYTES } }),
  });
  // File transfers (firmware uploads, charge point diagnostics, reimbursement documents) enforce their own, larger limits.
  app.use((c, next) => (FILE_TRANSFER_PATH.test(c.req.path) ? next() : jsonLimit(c, next)));
  app.use(loadSession);
  app.use(companyNumberStyle);
  app.use(demoMode);
  app.use('/logout', closeLiveFeedOnLogout);

  const api = app.route('/', routes);

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Back office API', version: '1', description: API_DESCRIPTION },
    servers: [{ url: '/' }],
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "A person's session: the `token` of POST /api/login, after 2FA (or the `sid` cookie).",
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'evk_…',
    description: API_KEY_DESCRIPTION,
  });
  app.get(
    '/docs',
    Scalar({ url: '/api/openapi.json', pageTitle: 'Back office API', cdn: '/vendor/scalar-api-reference.js' }),
  );

  app.notFound((c) => apiError(c, 404, 'NOT_FOUND', 'notFound'));
  app.onError((err, c) => {
    if (err instanceof HTTPException) {
      // A body that does not parse, or is not sent as JSON at all, is the client's input error: 400.
      if (err.status === 400 || err.status === 415) {
        return apiError(c, 400, 'MALFORMED_JSON', 'malformedJson', { field: '(body)' });
      }
      return apiError(c, err.status as 401, 'HTTP_ERROR', 'generic');
    }
    console.error('Unhandled API error', err);
    return apiError(c, 500, 'INTERNAL', 'generic');
  });
  return api;
}

export type ApiApp = ReturnType<typeof createApi>;
