/** @module POST /api/reset-password; the outcome is logged, never shown (the page stays neutral). */
import type { AppLoadContext } from '@remix-run/cloudflare';
import { localeFor } from '../../i18n/i18n.server';
import { createApi } from '../../lib/api.server';

export async function requestReset(request: Request, context: AppLoadContext, email: string): Promise<void> {
  const api = createApi(request, context, { language: await localeFor(request, context) });
  const result = await api.send(api.client.api['reset-password'].$post({ json: { email, isMobilize: false } }));
  if (!result.ok) console.warn('Password reset request not accepted', result.status, result.error.code);
}
