/** @module /tariffs/create/{type}: a new tariff, pending until approved. */
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { emptyForm } from '../../components/tariffs/form-model';
import { TariffFormView } from '../../components/tariffs/tariff-form';
import { refusalOf, type SaveRefusal, tabOf } from '../../components/tariffs/tariff-save';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { writeToast } from '../../lib/cookies.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';
import { flash } from '../../lib/toast';

const TYPES = ['cpo', 'emsp', 'owner', 'revenue'] as const;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'tariffs.createTitle');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, 'tariffs:manage');
  const type = params.type ?? '';
  if (!(TYPES as readonly string[]).includes(type)) throw data({ status: 404 }, { status: 404 });
  return { type };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'tariffs:manage');
  const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
  const api = createApi(request, context);
  const result = await api.send(api.client.api.tariff.$post({ json: { ...body, type: params.type } as never }));
  // A tariff that can never apply opens with the reason on screen (issue 24 §6).
  if (result.ok && result.data.warnings.length > 0) {
    const cookie = await writeToast(request, flash('tariffReach.savedWithWarning', undefined, true));
    return redirect(`/tariffs/edit/${result.data.data.id}`, { headers: { 'Set-Cookie': cookie } });
  }
  if (result.ok) {
    const cookie = await writeToast(request, flash('tariffs.toast.created'));
    return redirect(`/tariffs/type/pending`, { headers: { 'Set-Cookie': cookie } });
  }
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  return data<SaveRefusal>(refusalOf(result.error), { status: result.status });
}

export default function CreateTariff() {
  const { t } = useTranslation();
  const { type } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const submit = useSubmit();
  const navigation = useNavigation();
  return (
    <Page
      title={t('tariffs.createTitleOf', { type: tKey(t, `tariffs.type.${type}`) })}
      backAction={{ content: t('tariffs.title'), url: `/tariffs/type/${tabOf(type)}` }}
    >
      <TariffFormView
        initial={emptyForm()}
        serverErrors={refusal?.errors ?? {}}
        serverMessage={refusal?.message ?? null}
        submitting={navigation.state === 'submitting'}
        submitLabel={t('tariffs.form.create')}
        onSubmit={(body) => submit(JSON.stringify(body), { method: 'post', encType: 'application/json' })}
      />
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
