/** @module /tariffs/edit/{tariffId}: a pending tariff is edited; an approved one is shown read-only with "new version". */
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, InlineStack, Page, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { fromApiTariff } from '../../components/tariffs/form-model';
import { TariffConfirm, type TariffIntent } from '../../components/tariffs/tariff-confirm';
import { TariffFormView } from '../../components/tariffs/tariff-form';
import { ReachCard, ReachWarnings } from '../../components/tariffs/tariff-reach';
import { refusalOf, type SaveRefusal, tabOf } from '../../components/tariffs/tariff-save';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { writeToast } from '../../lib/cookies.server';
import { formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';
import { flash } from '../../lib/toast';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'tariffs.editTitle');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'tariffs:view');
  const id = Number(params.tariffId);
  if (!Number.isInteger(id) || id <= 0) throw data({ status: 404 }, { status: 404 });
  const api = createApi(request, context);
  const [result, reach] = await Promise.all([
    api.send(api.client.api.tariff.id[':tariffId'].$get({ param: { tariffId: String(id) } })),
    api.send(api.client.api.tariff.id[':tariffId'].reach.$get({ param: { tariffId: String(id) } })),
  ]);
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    throw data({ status: result.status }, { status: result.status === 404 ? 404 : 500 });
  }
  return {
    tariff: result.data.data,
    reach: reach.ok ? reach.data.data : null,
    language: me.user.language,
    canManage: me.permissions.includes('tariffs:manage'),
    canApprove: me.permissions.includes('tariffs:approve'),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'tariffs:manage');
  const api = createApi(request, context);
  const tariffId = String(Number(params.tariffId));
  if (request.headers.get('content-type')?.includes('application/json')) {
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    const result = await api.send(
      api.client.api.tariff.id[':tariffId'].$put({ param: { tariffId }, json: body as never }),
    );
    if (result.ok) {
      // A tariff that can never apply stays on screen with the reason (issue 24 §6).
      if (result.data.warnings.length > 0) {
        const cookie = await writeToast(request, flash('tariffReach.savedWithWarning', undefined, true));
        return redirect(`/tariffs/edit/${tariffId}`, { headers: { 'Set-Cookie': cookie } });
      }
      const cookie = await writeToast(request, flash('tariffs.toast.saved'));
      return redirect('/tariffs/type/pending', { headers: { 'Set-Cookie': cookie } });
    }
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data<SaveRefusal>(refusalOf(result.error), { status: result.status });
  }
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'version');
  if (intent === 'approve' || intent === 'delete') {
    if (intent === 'approve') await requirePermission(request, context, 'tariffs:approve');
    const done = await api.send(
      intent === 'approve'
        ? api.client.api.tariff.id[':tariffId'].approve.$post({ param: { tariffId } })
        : api.client.api.tariff.id[':tariffId'].$delete({ param: { tariffId } }),
    );
    if (done.ok) {
      const { name, type } = done.data.data;
      const warned = 'warnings' in done.data && Array.isArray(done.data.warnings) && done.data.warnings.length > 0;
      if (intent === 'approve' && warned) {
        const cookie = await writeToast(request, flash('tariffReach.savedWithWarning', undefined, true));
        return redirect(`/tariffs/edit/${tariffId}`, { headers: { 'Set-Cookie': cookie } });
      }
      const cookie = await writeToast(
        request,
        flash(`tariffs.toast.${intent === 'approve' ? 'approved' : 'deleted'}`, { name }),
      );
      return redirect(`/tariffs/type/${intent === 'approve' ? tabOf(type) : 'pending'}`, {
        headers: { 'Set-Cookie': cookie },
      });
    }
    if (done.status === 403) forbidden(me, done.error['error-msg']);
    return data<SaveRefusal>(refusalOf(done.error), { status: done.status });
  }
  // A new version of an approved tariff, from an apply-from date.
  const applyFrom = String(form.get('applyFrom') ?? '');
  const result = await api.send(
    api.client.api.tariff.id[':tariffId'].version.$post({
      param: { tariffId },
      json: { apply_from: /^\d{4}-\d{2}-\d{2}$/.test(applyFrom) ? `${applyFrom}T00:00:00Z` : applyFrom },
    }),
  );
  if (result.ok) {
    const cookie = await writeToast(request, flash('tariffs.toast.versioned'));
    return redirect(`/tariffs/edit/${result.data.data.id}`, { headers: { 'Set-Cookie': cookie } });
  }
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  return data<SaveRefusal>(refusalOf(result.error), { status: result.status });
}

export default function EditTariff() {
  const { t } = useTranslation();
  const { tariff, canManage, canApprove, reach, language } = useLoaderData<typeof loader>();
  const [confirm, setConfirm] = useState<TariffIntent | null>(null);
  const refusal = useActionData<typeof action>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [applyFrom, setApplyFrom] = useState('');
  const typeLabel = tKey(t, `tariffs.type.${tabOf(tariff.type)}`);
  const title = t('tariffs.editTitleOf', { name: tariff.name, version: tariff.version });
  const back = {
    content: t('tariffs.title'),
    url: `/tariffs/type/${tariff.status === 'pending' ? 'pending' : tabOf(tariff.type)}`,
  };

  if (tariff.status === 'approved' || !canManage) {
    return (
      <Page title={title} subtitle={typeLabel} backAction={back}>
        <BlockStack gap="400">
          {reach ? <ReachWarnings reach={reach} language={language} /> : null}
          <Banner tone="info" title={t('tariffs.edit.immutable')}>
            <p>{t('tariffs.edit.immutableHelp')}</p>
          </Banner>
          {canManage && tariff.status === 'approved' ? (
            <Card>
              <Form method="post">
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd">
                    {t('tariffs.edit.newVersion')}
                  </Text>
                  <TextField
                    type="date"
                    name="applyFrom"
                    label={t('tariffs.form.applyFrom')}
                    value={applyFrom}
                    onChange={setApplyFrom}
                    autoComplete="off"
                    error={refusal?.errors.apply_from ?? refusal?.message}
                  />
                  <InlineStack>
                    <Button submit variant="primary" disabled={!applyFrom} loading={navigation.state === 'submitting'}>
                      {t('tariffs.edit.createVersion')}
                    </Button>
                  </InlineStack>
                </BlockStack>
              </Form>
            </Card>
          ) : null}
          {reach ? <ReachCard reach={reach} language={language} /> : null}
          <TariffSummary tariff={tariff} />
        </BlockStack>
      </Page>
    );
  }

  const pendingActions = [
    ...(canApprove ? [{ content: t('tariffs.approve'), onAction: () => setConfirm('approve' as const) }] : []),
    { content: t('tariffs.delete'), destructive: true, onAction: () => setConfirm('delete' as const) },
  ];
  return (
    <Page title={title} subtitle={typeLabel} backAction={back} secondaryActions={pendingActions}>
      <TariffConfirm
        intent={confirm}
        name={tariff.name}
        loading={navigation.state === 'submitting'}
        onConfirm={(intent) => submit({ intent }, { method: 'post' })}
        onClose={() => setConfirm(null)}
      />
      <BlockStack gap="400">
        {reach ? <ReachWarnings reach={reach} language={language} /> : null}
        <TariffFormView
          initial={fromApiTariff(tariff)}
          serverErrors={refusal?.errors ?? {}}
          serverMessage={refusal?.message ?? null}
          submitting={navigation.state === 'submitting'}
          submitLabel={t('tariffs.form.save')}
          onSubmit={(body) => submit(JSON.stringify(body), { method: 'post', encType: 'application/json' })}
        />
        {reach ? <ReachCard reach={reach} language={language} /> : null}
      </BlockStack>
    </Page>
  );
}

const RESTRICTION_LABEL: Record<string, string> = {
  start_time: 'tariffs.form.startTime',
  end_time: 'tariffs.form.endTime',
  start_date: 'tariffs.form.startDate',
  end_date: 'tariffs.form.endDate',
  min_kwh: 'tariffs.form.minKwh',
  max_kwh: 'tariffs.form.maxKwh',
  min_power: 'tariffs.form.minPower',
  max_power: 'tariffs.form.maxPower',
  min_current: 'tariffs.form.minCurrent',
  max_current: 'tariffs.form.maxCurrent',
  min_duration: 'tariffs.form.minDuration',
  max_duration: 'tariffs.form.maxDuration',
  day_of_week: 'tariffs.form.days',
};

type LoadedTariff = ReturnType<typeof useLoaderData<typeof loader>>['tariff'];

function TariffSummary({ tariff }: { tariff: LoadedTariff }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="200">
        {tariff.elements.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in stored order
          <BlockStack key={i} gap="100">
            <Text as="h3" variant="headingSm">
              {t('tariffs.form.element', { n: i + 1 })}
            </Text>
            {e.price_components.map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in stored order
              <Text as="p" key={j}>
                {tKey(t, `tariffs.dimension.${c.type}`)}:{' '}
                {formatNumber(c.price / 10_000, { maximumFractionDigits: 4, currency: tariff.currency })}{' '}
                {tariff.currency} ({tKey(t, `tariffs.form.priceHelp${c.type}`)})
                {c.vat_bp !== null
                  ? ` · ${t('tariffs.form.vat')} ${formatNumber(c.vat_bp / 100, { maximumFractionDigits: 2, currency: tariff.currency })} %`
                  : ''}
              </Text>
            ))}
            {e.restrictions ? (
              <Text as="p" tone="subdued">
                {Object.entries(e.restrictions)
                  .map(([k, v]) => {
                    const label = RESTRICTION_LABEL[k] ? tKey(t, RESTRICTION_LABEL[k]) : k;
                    const value = Array.isArray(v)
                      ? v.map((d) => tKey(t, `tariffs.day.${d}`)).join(', ')
                      : k.endsWith('_duration') && typeof v === 'number'
                        ? `${formatNumber(v / 60, { maximumFractionDigits: 1 })} min`
                        : String(v);
                    return `${label}: ${value}`;
                  })
                  .join(' · ')}
              </Text>
            ) : null}
          </BlockStack>
        ))}
      </BlockStack>
    </Card>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
