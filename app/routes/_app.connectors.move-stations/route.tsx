/**
 * @module /connectors/move-stations: move stations operated in the user's tree to another company of
 * the tree (confirmed in a modal; audited and written to the customer-service log), hide stations,
 * and show hidden ones again (administrators only). Keyword and page live in the URL.
 */
import type { MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams, useSubmit } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Layout,
  Modal,
  Page,
  Select,
  Text,
  TextField,
  useIndexResourceState,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { tKey } from '../../i18n/resources';
import { titleMeta } from '../../lib/meta';
import { loadMovableStations, moveStations } from './move-stations.server';
import { PAGE_SIZE } from './paging';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'onboarding.move.title');

export const loader = loadMovableStations;
export const action = moveStations;

export default function MoveStationsPage() {
  const { t } = useTranslation();
  const { keyword, page, stations, targets, hidden, canMove, canHide, canUnhide } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(keyword);
  const [target, setTarget] = useState('');
  const [confirming, setConfirming] = useState<'move' | 'hide' | null>(null);
  const rows = stations.data.map((s) => ({ ...s, id: String(s.id) }));
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } =
    useIndexResourceState(rows);
  const selected = stations.data.filter((s) => selectedResources.includes(String(s.id)));
  const targetName = targets.find((c) => String(c.id) === target)?.name ?? '';
  const pages = Math.max(1, Math.ceil(stations.total / PAGE_SIZE));
  const busy = navigation.state !== 'idle';

  useEffect(() => {
    if (result?.ok) {
      clearSelection();
      setConfirming(null);
    }
  }, [result, clearSelection]);

  const send = (intent: string, ids: string[], extra: Record<string, string> = {}) =>
    submit({ intent, ids: ids.join(','), ...extra }, { method: 'post' });
  const go = (next: Record<string, string>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p);
  };

  const done =
    result?.ok &&
    (result.intent === 'move'
      ? t('onboarding.move.moved', { count: result.count })
      : result.intent === 'hide'
        ? t('onboarding.move.hidden', { count: result.count })
        : t('onboarding.move.unhidden'));
  const message = done || result?.message;
  useOutcomeToast(result, message ? { text: message, error: !result?.ok } : null);

  return (
    <Page title={t('onboarding.move.title')} subtitle={t('onboarding.move.intro')}>
      <Layout>
        {canMove && (
          <Layout.Section>
            <Card padding="0">
              <BlockStack gap="0">
                <div style={{ padding: 'var(--p-space-400)' }}>
                  <Form
                    onSubmit={(e) => {
                      e.preventDefault();
                      go({ keyword: search, page: '' });
                    }}
                  >
                    <InlineStack gap="300" blockAlign="end" wrap>
                      <div style={{ minWidth: 280 }}>
                        <TextField
                          label={t('onboarding.move.search')}
                          value={search}
                          onChange={setSearch}
                          autoComplete="off"
                          clearButton
                          onClearButtonClick={() => {
                            setSearch('');
                            go({ keyword: '', page: '' });
                          }}
                        />
                      </div>
                      <Select
                        label={t('onboarding.move.target')}
                        value={target}
                        onChange={setTarget}
                        options={[
                          { label: t('onboarding.move.chooseTarget'), value: '' },
                          ...targets.map((c) => ({ label: c.name, value: String(c.id) })),
                        ]}
                      />
                      <Button
                        variant="primary"
                        disabled={!target || selected.length === 0}
                        onClick={() => setConfirming('move')}
                      >
                        {t('onboarding.move.moveAction')}
                      </Button>
                      {canHide && (
                        <Button tone="critical" disabled={selected.length === 0} onClick={() => setConfirming('hide')}>
                          {t('onboarding.move.hideAction')}
                        </Button>
                      )}
                    </InlineStack>
                  </Form>
                </div>
                <IndexTable
                  resourceName={{ singular: t('onboarding.move.colStation'), plural: t('onboarding.move.title') }}
                  itemCount={rows.length}
                  selectedItemsCount={allResourcesSelected ? 'All' : selectedResources.length}
                  onSelectionChange={handleSelectionChange}
                  emptyState={<EmptyState heading={t('onboarding.move.empty')} image="" />}
                  headings={[
                    { title: t('onboarding.move.colStation') },
                    { title: t('onboarding.move.colUid') },
                    { title: t('onboarding.move.colCity') },
                    { title: t('onboarding.move.colCompany') },
                    { title: t('onboarding.move.colCommissioning') },
                  ]}
                  pagination={{
                    hasPrevious: page > 0,
                    hasNext: page + 1 < pages,
                    onPrevious: () => go({ page: String(page - 1) }),
                    onNext: () => go({ page: String(page + 1) }),
                    label: t('onboarding.move.pageOf', { page: page + 1, pages }),
                  }}
                >
                  {stations.data.map((s, index) => (
                    <IndexTable.Row
                      id={String(s.id)}
                      key={s.id}
                      position={index}
                      selected={selectedResources.includes(String(s.id))}
                    >
                      <IndexTable.Cell>
                        <InlineStack gap="200">
                          <Text as="span" fontWeight="semibold">
                            {s.name}
                          </Text>
                          {s.offline && <Badge>{t('onboarding.move.offline')}</Badge>}
                        </InlineStack>
                      </IndexTable.Cell>
                      <IndexTable.Cell>{s.uid}</IndexTable.Cell>
                      <IndexTable.Cell>{s.city ?? ''}</IndexTable.Cell>
                      <IndexTable.Cell>{s.companyName}</IndexTable.Cell>
                      <IndexTable.Cell>
                        {tKey(t, `onboarding.commissioning.statuses.${s.commissioningStatus}`)}
                      </IndexTable.Cell>
                    </IndexTable.Row>
                  ))}
                </IndexTable>
              </BlockStack>
            </Card>
          </Layout.Section>
        )}
        {canHide && (
          <Layout.Section>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t('onboarding.move.hiddenTitle')}
                </Text>
                {hidden.data.length === 0 && <Text as="p">{t('onboarding.move.hiddenEmpty')}</Text>}
                {!canUnhide && hidden.data.length > 0 && (
                  <Text as="p" tone="subdued">
                    {t('onboarding.move.unhideNotAllowed')}
                  </Text>
                )}
                {hidden.data.map((s) => (
                  <InlineStack key={s.id} align="space-between" blockAlign="center">
                    <Text as="span">
                      {s.name} · {s.uid} · {s.companyName}
                    </Text>
                    {canUnhide && (
                      <Button loading={busy} onClick={() => send('unhide', [s.uid])}>
                        {t('onboarding.move.unhide')}
                      </Button>
                    )}
                  </InlineStack>
                ))}
              </BlockStack>
            </Card>
          </Layout.Section>
        )}
      </Layout>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={
          confirming === 'move'
            ? t('onboarding.move.confirmTitle', { count: selected.length, company: targetName })
            : t('onboarding.move.hideConfirmTitle', { count: selected.length })
        }
        primaryAction={{
          content: confirming === 'move' ? t('onboarding.move.confirm') : t('onboarding.move.hideConfirm'),
          destructive: confirming === 'hide',
          loading: busy,
          onAction: () =>
            confirming === 'move'
              ? send(
                  'move',
                  selected.map((s) => String(s.id)),
                  { target, confirm: 'yes' },
                )
              : send(
                  'hide',
                  selected.map((s) => s.uid),
                ),
        }}
        secondaryActions={[{ content: t('onboarding.move.cancel'), onAction: () => setConfirming(null) }]}
      >
        <Modal.Section>
          <BlockStack gap="200">
            <Text as="p">
              {confirming === 'move'
                ? t('onboarding.move.confirmBody', { company: targetName })
                : t('onboarding.move.hideConfirmBody')}
            </Text>
            <Text as="p" tone="subdued">
              {selected.map((s) => s.name).join(', ')}
            </Text>
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
