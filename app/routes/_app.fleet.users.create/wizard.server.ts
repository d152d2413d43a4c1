/** @module The user wizard's loader data and its one save (POST users/create or PUT users/{id}). */
import { type AppLoadContext, redirect } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { writeToast } from '../../lib/cookies.server';
import type { FleetUserRow, WizardError } from '../../lib/fleet';
import { must } from '../../lib/fleet.server';
import type { Me } from '../../lib/session.server';
import { flash } from '../../lib/toast';

export async function loadWizard(request: Request, context: AppLoadContext, me: Me, userId?: number) {
  const api = createApi(request, context);
  const [options, companyGroups, user] = await Promise.all([
    api.send(api.client.api.users['wizard-options'].$get()),
    api.send(api.client.api.reference['company-groups'].$get()),
    userId
      ? api.send(api.client.api.users[':userId'].$get({ param: { userId: String(userId) } }))
      : Promise.resolve(null),
  ]);
  return { options: must(options, me), companyGroups: must(companyGroups, me), user: user ? must(user, me) : null };
}

/** Sends the wizard's data; a validation answer comes back to the wizard, which opens the step of the field. */
export async function saveWizard(
  request: Request,
  context: AppLoadContext,
  me: Me,
  userId?: number,
): Promise<{ error: WizardError } | Response> {
  const body = (await request.json()) as Record<string, unknown>;
  const api = createApi(request, context, { language: me.user.language });
  const res = userId
    ? await api.client.api.users[':userId'].$put({ param: { userId: String(userId) }, json: body as never })
    : await api.client.api.users.create.$post({ json: body as never });
  const result = await api.read<FleetUserRow>(res);
  if (!result.ok) {
    if (result.status === 403 && result.error.code === 'FORBIDDEN') must(result, me);
    return { error: { message: result.error['error-msg'], field: result.error.field } };
  }
  const toast = await writeToast(request, flash(userId ? 'fleet.wizard.updated' : 'fleet.wizard.created'));
  return redirect(`/fleet/users/detail/${result.data.id}`, { headers: api.headers(toast) });
}
