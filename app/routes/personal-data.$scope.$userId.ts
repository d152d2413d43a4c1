/**
 * @module Resource route behind the personal data card (/my-profile and /fleet/users/detail/{id}):
 * GET reads the data (masked) and the stations the user may charge at; POST saves the form through
 * users/{id}/update-user-data (fleet) or /my-data/{id}/update-user-data (self).
 */

import { isLanguage } from '@i18n/languages';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { writeLanguageCookie } from '../lib/cookies.server';
import { bodyFromForm, type PersonalDataScope, type UsableStation, type UserData } from '../lib/personal-data';
import { requirePermission } from '../lib/session.server';

function parse(params: LoaderFunctionArgs['params']): { scope: PersonalDataScope; userId: string } {
  const scope = params.scope;
  const id = Number(params.userId);
  if ((scope !== 'fleet' && scope !== 'self') || !Number.isInteger(id) || id <= 0)
    throw data({ message: 'Not found' }, { status: 404 });
  return { scope, userId: String(id) };
}

export interface PersonalDataLoad {
  data: UserData | null;
  stations: UsableStation[];
  error: string | null;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { scope, userId } = parse(params);
  await requirePermission(request, context, scope === 'fleet' ? 'fleet:view' : 'personal:self-charge');
  const api = createApi(request, context);
  const param = { userId };
  const [read, stations] =
    scope === 'fleet'
      ? await Promise.all([
          api.send(api.client.api.users[':userId']['user-data'].$get({ param })),
          api.send(api.client.api.users[':userId']['user-data'].stations.$get({ param, query: {} })),
        ])
      : await Promise.all([
          api.send(api.client.api['my-data'][':userId']['user-data'].$get({ param })),
          api.send(api.client.api['my-data'][':userId']['user-data'].stations.$get({ param, query: {} })),
        ]);
  return data<PersonalDataLoad>({
    data: read.ok ? read.data : null,
    // A viewer may read but not list choices: the station list is then empty, the form read-only.
    stations: stations.ok ? stations.data.data : [],
    error: read.ok ? null : read.error['error-msg'] || null,
  });
}

export interface PersonalDataResult {
  ok: boolean;
  data?: UserData;
  message?: string;
  field?: string;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { scope, userId } = parse(params);
  const me = await requirePermission(
    request,
    context,
    scope === 'fleet' ? 'fleet:users:manage' : 'personal:self-charge',
  );
  const form = await request.formData();
  const json = bodyFromForm(form);
  const api = createApi(request, context, { language: me.user.language });
  const param = { userId };
  const res =
    scope === 'fleet'
      ? await api.send(api.client.api.users[':userId']['update-user-data'].$post({ param, json }))
      : await api.send(api.client.api['my-data'][':userId']['update-user-data'].$post({ param, json }));
  if (!res.ok) {
    return data<PersonalDataResult>(
      { ok: false, message: res.error['error-msg'], field: res.error.field },
      { status: res.status },
    );
  }
  // The driver's own language choice applies to the screens at once.
  const headers = api.headers(
    ...(scope === 'self' && isLanguage(res.data.lang) ? [await writeLanguageCookie(request, res.data.lang)] : []),
  );
  return data<PersonalDataResult>({ ok: true, data: res.data }, { headers });
}
