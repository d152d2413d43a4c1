/**
 * @module /fleet/home-reimbursement/tariffs/{tariffId} (spec section 2, issue 19 part 4): one tariff — the
 * employee, price per kWh, validity, status, power contract, who reviewed it and when. While pending it can
 * be edited or deleted (its employee, or a manager who may manage) and approved or rejected by a manager;
 * deleting, approving and rejecting are asked first (none can be undone). The buttons follow the API's
 * `actions`, and the API judges again.
 */
import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/cloudflare';
import { useFetcher, useLoaderData } from '@remix-run/react';
import { Banner, BlockStack, Button, ButtonGroup, Card, InlineGrid, Modal, Page, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkTariffForm,
  priceLabel,
  priceText,
  type TariffField,
  TariffFields,
  type TariffFormValues,
  TariffStatusBadge,
  useTariffErrors,
} from '../../components/reimbursement/tariff-form';
import { type TariffAnswer, tariffAction } from '../../components/reimbursement/tariffs.server';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { createApi } from '../../lib/api.server';
import { fleetId, must } from '../../lib/fleet.server';
import { formatDate, formatDateTime } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'reimbursementTariffs.listTitle');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const tariffId = fleetId(params.tariffId);
  const me = await requirePermission(request, context, 'fleet:home-reimbursement');
  const api = createApi(request, context, { language: me.user.language });
  const tariff = must(
    await api.send(
      api.client.api['fleet-reimbursement'].tariffs[':tariffId'].$get({ param: { tariffId: String(tariffId) } }),
    ),
    me,
  );
  return { tariff };
}

export async function action(args: Parameters<typeof tariffAction>[0]) {
  const answer = await tariffAction(args, 'manager');
  // A deleted tariff has no page left: back to the list, with the outcome in the toast cookie's place.
  if (!(answer instanceof Response) && 'ok' in answer && answer.ok && answer.done === 'delete')
    return redirect('/fleet/home-reimbursement/tariffs');
  return answer;
}

type Confirming = 'delete' | 'approve' | 'reject' | null;

const DONE_TOAST = {
  create: 'reimbursementTariffs.createdToast',
  update: 'reimbursementTariffs.savedToast',
  delete: 'reimbursementTariffs.deletedToast',
  approve: 'reimbursementTariffs.approvedToast',
  reject: 'reimbursementTariffs.rejectedToast',
} as const;

export default function ReimbursementTariff() {
  const { t, i18n } = useTranslation();
  const { tariff } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<TariffAnswer>();
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.data;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const initial = (): TariffFormValues => ({
    userId: String(tariff.userId),
    price: priceText(tariff.pricePerKwh),
    validFrom: tariff.validFrom,
    validTo: tariff.validTo ?? '',
    documentId: tariff.documentId ? String(tariff.documentId) : '',
  });
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<TariffField, string>>>({});
  const { errorOf, general } = useTariffErrors(answer, busy, errors);
  useOutcomeToast(answer, answer?.ok ? { text: t(DONE_TOAST[answer.done]) } : null);
  useEffect(() => {
    if (answer?.ok && fetcher.state === 'idle') setEditing(false);
  }, [answer, fetcher.state]);

  const send = (intent: 'update' | 'delete' | 'approve' | 'reject') =>
    fetcher.submit(
      intent === 'update'
        ? { intent, tariffId: String(tariff.id), ...values }
        : { intent, tariffId: String(tariff.id) },
      { method: 'post' },
    );
  const save = () => {
    const checked = checkTariffForm(values, false);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) send('update');
  };
  const day = (d: string) => formatDate(`${d}T12:00:00Z`, { language: i18n.language });
  const { actions } = tariff;
  const confirmText = {
    delete: {
      title: t('reimbursementTariffs.deleteTitle'),
      body: t('reimbursementTariffs.deleteBody', { from: day(tariff.validFrom) }),
      action: t('reimbursementTariffs.delete'),
    },
    approve: {
      title: t('reimbursementTariffs.approveTitle'),
      body: t('reimbursementTariffs.approveBody', { from: day(tariff.validFrom), name: tariff.userName }),
      action: t('reimbursementTariffs.approve'),
    },
    reject: {
      title: t('reimbursementTariffs.rejectTitle'),
      body: t('reimbursementTariffs.rejectBody', { name: tariff.userName }),
      action: t('reimbursementTariffs.reject'),
    },
  };
  const shown = confirming ? confirmText[confirming] : null;

  return (
    <Page
      title={t('reimbursementTariffs.detailTitle', { id: tariff.id })}
      subtitle={tariff.userName}
      titleMetadata={<TariffStatusBadge status={tariff.status} />}
      backAction={{ content: t('reimbursementTariffs.listTitle'), url: '/fleet/home-reimbursement/tariffs' }}
    >
      <BlockStack gap="400">
        {general ? <Banner tone="critical">{general}</Banner> : null}
        <Card>
          <BlockStack gap="300">
            <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
              <Fact label={t('reimbursementTariffs.colUser')} value={`${tariff.userName} (${tariff.userEmail})`} />
              <Fact
                label={t('reimbursementTariffs.colPrice')}
                value={priceLabel(tariff.pricePerKwh, tariff.currency)}
              />
              <Fact label={t('reimbursementTariffs.colFrom')} value={day(tariff.validFrom)} />
              <Fact
                label={t('reimbursementTariffs.colTo')}
                value={tariff.validTo ? day(tariff.validTo) : t('reimbursementTariffs.openEnded')}
              />
              <BlockStack gap="100">
                <Text as="h3" variant="headingSm">
                  {t('reimbursementTariffs.colDocument')}
                </Text>
                {tariff.documentId && tariff.documentName ? (
                  <a href={`/api/documents/${tariff.documentId}/download`} download>
                    {tariff.documentName}
                  </a>
                ) : (
                  <Text as="p">{t('reimbursementTariffs.noDocument')}</Text>
                )}
              </BlockStack>
              <Fact
                label={t('reimbursementTariffs.colStatus')}
                value={
                  tariff.reviewedByName && tariff.reviewedAt
                    ? t('reimbursementTariffs.reviewed', {
                        name: tariff.reviewedByName,
                        date: formatDateTime(tariff.reviewedAt, { language: i18n.language }),
                      })
                    : t('reimbursementTariffs.submitted', {
                        date: formatDateTime(tariff.createdAt, { language: i18n.language }),
                      })
                }
              />
            </InlineGrid>
            <Text as="p" tone="subdued">
              {t(tariff.status === 'pending' ? 'reimbursementTariffs.pendingNote' : 'reimbursementTariffs.fixedNote')}
            </Text>
            {actions.edit || actions.delete || actions.approve || actions.reject ? (
              <ButtonGroup>
                {actions.approve ? (
                  <Button variant="primary" disabled={busy} onClick={() => setConfirming('approve')}>
                    {t('reimbursementTariffs.approve')}
                  </Button>
                ) : null}
                {actions.reject ? (
                  <Button disabled={busy} onClick={() => setConfirming('reject')}>
                    {t('reimbursementTariffs.reject')}
                  </Button>
                ) : null}
                {actions.edit ? (
                  <Button
                    disabled={busy}
                    onClick={() => {
                      setValues(initial());
                      setErrors({});
                      setEditing(true);
                    }}
                  >
                    {t('reimbursementTariffs.edit')}
                  </Button>
                ) : null}
                {actions.delete ? (
                  <Button tone="critical" disabled={busy} onClick={() => setConfirming('delete')}>
                    {t('reimbursementTariffs.delete')}
                  </Button>
                ) : null}
              </ButtonGroup>
            ) : null}
          </BlockStack>
        </Card>
        {editing ? (
          <Card>
            <BlockStack gap="300">
              <TariffFields
                values={values}
                onChange={setValues}
                currency={tariff.currency}
                errorOf={errorOf}
                disabled={busy}
              />
              <ButtonGroup>
                <Button variant="primary" loading={busy} onClick={save}>
                  {t('reimbursementTariffs.save')}
                </Button>
                <Button disabled={busy} onClick={() => setEditing(false)}>
                  {t('reimbursementTariffs.cancel')}
                </Button>
              </ButtonGroup>
            </BlockStack>
          </Card>
        ) : null}
      </BlockStack>
      <Modal
        open={shown !== null}
        onClose={() => setConfirming(null)}
        title={shown?.title ?? ''}
        primaryAction={{
          content: shown?.action ?? '',
          destructive: confirming !== 'approve',
          onAction: () => {
            if (confirming) send(confirming);
            setConfirming(null);
          },
        }}
        secondaryActions={[{ content: t('reimbursementTariffs.cancel'), onAction: () => setConfirming(null) }]}
      >
        <Modal.Section>
          <Text as="p">{shown?.body ?? ''}</Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="headingSm">
        {label}
      </Text>
      <Text as="p">{value}</Text>
    </BlockStack>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
