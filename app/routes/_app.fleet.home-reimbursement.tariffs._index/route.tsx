/**
 * @module /fleet/home-reimbursement/tariffs (spec section 2, issue 19 part 4): the employees' reimbursement
 * tariffs of the scope, newest validity first, searched by name or e-mail and filtered by status, with the
 * price per kWh as money, the validity, the status and the power contract; a manager who may manage adds a
 * tariff for an employee from the "New tariff" modal (the API refuses a second pending one, or an overlap,
 * and says why under the field).
 */
import type { MetaFunction } from '@remix-run/cloudflare';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { ChoiceList, type IndexFiltersProps, IndexTable, Modal, Page, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import {
  checkTariffForm,
  emptyTariffForm,
  priceLabel,
  statusLabelKey,
  type TariffField,
  TariffFields,
  TariffStatusBadge,
  useTariffErrors,
} from '../../components/reimbursement/tariff-form';
import { TARIFF_STATUSES, TARIFFS_PAGE_SIZE, tariffsUrl } from '../../components/reimbursement/tariff-list';
import { type TariffAnswer, tariffAction, tariffsLoader } from '../../components/reimbursement/tariffs.server';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { formatDate } from '../../lib/format';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'reimbursementTariffs.listTitle');

export const loader = tariffsLoader;
export const action = (args: Parameters<typeof tariffAction>[0]) => tariffAction(args, 'manager');

type Status = (typeof TARIFF_STATUSES)[number];

export default function ReimbursementTariffs() {
  const { t, i18n } = useTranslation();
  const { rows, total, state, canManage, employees, currency } = useLoaderData<typeof loader>();
  const list = useListUrl(state, tariffsUrl.write);
  const fetcher = useFetcher<TariffAnswer>();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(emptyTariffForm());
  const [errors, setErrors] = useState<Partial<Record<TariffField, string>>>({});
  const answer = fetcher.data;
  const busy = fetcher.state !== 'idle';
  useOutcomeToast(answer, !answer ? null : answer.ok ? { text: t('reimbursementTariffs.createdToast') } : null);
  useEffect(() => {
    if (answer?.ok && fetcher.state === 'idle') {
      setOpen(false);
      setValues(emptyTariffForm());
    }
  }, [answer, fetcher.state]);
  const { errorOf, general } = useTariffErrors(answer, busy, errors);

  const submitNew = () => {
    const checked = checkTariffForm(values, true);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    fetcher.submit({ intent: 'create', ...values }, { method: 'post' });
  };

  const statusLabel = (s: Status) => t(statusLabelKey(s));
  const filters: IndexFiltersProps['filters'] = [
    {
      key: 'status',
      label: t('reimbursementTariffs.filterStatus'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('reimbursementTariffs.filterStatus')}
          titleHidden
          choices={TARIFF_STATUSES.map((s) => ({ label: statusLabel(s), value: s }))}
          selected={state.status ? [state.status] : []}
          onChange={([v]) => list.update({ status: TARIFF_STATUSES.find((s) => s === v) ?? null })}
        />
      ),
    },
  ];
  const applied: IndexFiltersProps['appliedFilters'] = state.status
    ? [{ key: 'status', label: statusLabel(state.status), onRemove: () => list.update({ status: null }) }]
    : [];
  const day = (d: string) => formatDate(`${d}T12:00:00Z`, { language: i18n.language });

  return (
    <Page
      title={t('reimbursementTariffs.listTitle')}
      backAction={{ content: t('reimbursementTariffs.title'), url: '/fleet/home-reimbursement' }}
      primaryAction={
        canManage
          ? {
              content: t('reimbursementTariffs.newTariff'),
              onAction: () => {
                setErrors({});
                setOpen(true);
              },
            }
          : undefined
      }
      fullWidth
    >
      <ListPage
        list={list}
        searchPlaceholder={t('reimbursementTariffs.search')}
        filters={filters}
        appliedFilters={applied}
        cleared={{ status: null }}
        allLabel={t('reimbursementTariffs.listTitle')}
        openWhenSearched
        resourceName={t('reimbursementTariffs.listTitle')}
        empty={{ heading: t('reimbursementTariffs.emptyTitle'), body: t('reimbursementTariffs.emptyBody') }}
        headings={[
          { title: t('reimbursementTariffs.colUser') },
          { title: t('reimbursementTariffs.colPrice'), alignment: 'end' },
          { title: t('reimbursementTariffs.colFrom') },
          { title: t('reimbursementTariffs.colTo') },
          { title: t('reimbursementTariffs.colStatus') },
          { title: t('reimbursementTariffs.colDocument') },
        ]}
        rowCount={rows.length}
        pagination={{
          total,
          pageSize: TARIFFS_PAGE_SIZE,
          countLabel: t('reimbursementTariffs.count', { count: total }),
        }}
      >
        {rows.map((row, index) => (
          <IndexTable.Row id={String(row.id)} key={row.id} position={index}>
            <IndexTable.Cell>
              <Link to={`/fleet/home-reimbursement/tariffs/${row.id}`}>{row.userName}</Link>
              <Text as="p" variant="bodySm" tone="subdued">
                {row.userEmail}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {priceLabel(row.pricePerKwh, row.currency)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{day(row.validFrom)}</IndexTable.Cell>
            <IndexTable.Cell>{row.validTo ? day(row.validTo) : t('reimbursementTariffs.openEnded')}</IndexTable.Cell>
            <IndexTable.Cell>
              <TariffStatusBadge status={row.status} />
            </IndexTable.Cell>
            <IndexTable.Cell>
              {row.documentId && row.documentName ? (
                // A plain anchor: the API streams the file as an attachment.
                <a href={`/api/documents/${row.documentId}/download`} download>
                  {row.documentName}
                </a>
              ) : (
                t('reimbursementTariffs.noDocument')
              )}
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('reimbursementTariffs.newTariff')}
        primaryAction={{ content: t('reimbursementTariffs.submit'), onAction: submitNew, loading: busy }}
        secondaryActions={[{ content: t('reimbursementTariffs.cancel'), onAction: () => setOpen(false) }]}
      >
        <Modal.Section>
          {general ? (
            <Text as="p" tone="critical">
              {general}
            </Text>
          ) : null}
          <TariffFields
            values={values}
            onChange={setValues}
            currency={currency}
            errorOf={errorOf}
            employees={employees}
            disabled={busy}
          />
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
