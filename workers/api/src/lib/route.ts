/** @module `defineRoute`: an OpenAPI route that declares who may call it, enforced and documented. */
import { API_KEY_MANAGEMENT } from '@domain/api-keys/api-keys';
import { createRoute, type RouteConfig, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { type RouteAccess, requireAccess } from '../middleware/permission';

export const ErrorSchema = z
  .object({
    'error-msg': z.string(),
    code: z.string(),
    field: z.string().optional(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    token_2fa_method_id: z.number().optional(),
    retry_after: z.number().optional(),
  })
  .openapi('Error');

/** An error answer (the `Error` schema) for a route's `responses`, e.g. `404: errorResponse('Tariff not found')`. */
export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});

export const standardErrors = {
  400: errorResponse('Invalid input: the field that failed is named'),
  401: errorResponse('Not logged in, or 2FA pending (code TWO_FACTOR_REQUIRED)'),
  403: errorResponse('Forbidden resource'),
} as const;

/** A person's session, or an integrator's API key (ADR 047) where keys are let in at all. */
function securityOf(access: RouteAccess) {
  if (access === 'public') return [];
  if (access === 'authenticated-2fa-pending' || access === API_KEY_MANAGEMENT) return [{ bearer: [] }];
  return [{ bearer: [] }, { apiKey: [] }];
}

type Declared = Omit<RouteConfig, 'middleware'>;
type WithAccess<R extends Declared> = Omit<R, 'responses'> & {
  responses: Omit<typeof standardErrors, keyof R['responses']> & R['responses'];
  middleware: [MiddlewareHandler<AppEnv>];
};

/** Declares the route's access (enforced by middleware, published as `x-access`) and its error responses. */
export function defineRoute<const R extends Declared>(access: RouteAccess, config: R) {
  const route = {
    ...config,
    middleware: [requireAccess(access)],
    security: securityOf(access),
    'x-access': access,
    responses: { ...standardErrors, ...config.responses },
  } as unknown as WithAccess<R>;
  return createRoute(route);
}

/** A JSON body that must be present: without `required`, a request with no body would skip validation. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

export const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});
