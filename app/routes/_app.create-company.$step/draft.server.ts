/**
 * @module The company creation wizard's draft: what steps 1-3 entered, kept in a short-lived httpOnly
 * cookie scoped to /create-company, so a validation failure, a back navigation or a reload loses nothing.
 */
import { createCookie } from '@remix-run/cloudflare';
import type { Draft } from './steps';

const draftCookie = createCookie('company-draft', {
  path: '/create-company',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 3600,
});

export async function readDraft(request: Request): Promise<Draft> {
  const value: unknown = await draftCookie.parse(request.headers.get('Cookie'));
  if (value && typeof value === 'object' && 'values' in value) return value as Draft;
  return { values: {} };
}

export function writeDraft(request: Request, draft: Draft): Promise<string> {
  return draftCookie.serialize(draft, { secure: new URL(request.url).protocol === 'https:' });
}

export const clearDraft = () => draftCookie.serialize('', { maxAge: 0 });
