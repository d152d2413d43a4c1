/** @module Turns zod failures into the API's 400 with the field that failed, never a 500. */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../env';
import { apiError } from './errors';

export function validationFailed(c: Context<AppEnv>, error: z.ZodError) {
  const issues = error.issues.map((issue) => {
    const path = [...issue.path];
    if (issue.code === 'unrecognized_keys') path.push(issue.keys[0] ?? '');
    return { field: path.join('.') || '(body)', message: issue.message };
  });
  const first = error.issues[0];
  if (first?.code === 'unrecognized_keys') {
    const field = issues[0]?.field ?? '';
    return apiError(c, 400, 'UNKNOWN_FIELD', 'unknownField', { field, issues, params: { field } });
  }
  return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: issues[0]?.field, issues });
}
