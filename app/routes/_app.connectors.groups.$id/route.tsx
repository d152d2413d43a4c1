/**
 * @module /connectors/groups/{id}: a connector group (tag) with its connectors, the sessions recorded on
 * them and their totals (spec 7.16 `groups/{id}`, `groups/{id}/sessions`, 7.18 `tags/{id}/total-local-stats`).
 * Who may edit stations adds connectors found by a search, removes them and deletes the group, each
 * removal or deletion after a confirmation.
 */
import type { MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams, useSubmit } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  IndexTable,
  Layout,
  Modal,
  Page,
  Text,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchAndLink } from '../../components/groups/search-and-link';
import { listPagination } from '../../components/lists/list-controls';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { tKey } from '../../i18n/resources';
import { connectorLinks } from '../../lib/connector-links';
import { STATUS_TONES } from '../../lib/connector-status';
import { formatDateTime, formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { loadConnectorGroup, runGroupAction } from './group.server';
import { GroupSessionsCard, GroupTotalsCard } from './group-cards';
import { CANDIDATES_PAGE, CONNECTORS_PAGE } from './paging';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'groups.detail.title');

export const loader = loadConnectorGroup;
export const action = runGroupAction;

interface ConnectorRow {
  id: number;
  uid: string;
  evseId: string | null;
  bucket: string;
  maxPowerKw: number | null;
  station: { name: string; city: string | null };
}

export default function ConnectorGroupPage() {
  const { t } = useTranslation();
  const { group, connectors, totals, sessions, candidates, state, canEdit, language, timeZone } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const [, setParams] = useSearchParams();
  const [removing, setRemoving] = useState<ConnectorRow | null>(null);
  const [deleting, setDeleting] = useState(false);
  const busy = navigation.state !== 'idle';
  const when = (v: string | null) => (v ? formatDateTime(v, { timeZone, language }) : '—');
  const setParam = (name: string, value: number) => {
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(name, String(value));
    else next.delete(name);
    setParams(next, { preventScrollReset: true, replace: true });
  };
  const errorText = (e: string | null | undefined) =>
    e === 'none' ? t('groups.detail.pickOne') : e === 'unknown' ? t('groups.detail.failed') : e;
  useOutcomeToast(
    result,
    result?.error
      ? { text: `${t('groups.detail.failed')}: ${errorText(result.error)}`, error: true }
      : result?.intent === 'add'
        ? { text: t('groups.detail.added', { count: result.added }) }
        : result?.intent === 'remove'
          ? { text: t('groups.detail.removed') }
          : null,
  );

  return (
    <Page
      title={group.name}
      subtitle={group.description ?? undefined}
      titleMetadata={<Badge>{t('groups.list.connectorCount', { count: group.connectorCount })}</Badge>}
      backAction={{ content: t('groups.list.title'), url: '/connectors/groups' }}
      secondaryActions={
        canEdit
          ? [
              { content: t('groups.detail.edit'), url: `/connectors/edit-group/${group.id}` },
              { content: t('groups.detail.delete'), destructive: true, onAction: () => setDeleting(true) },
            ]
          : []
      }
    >
      <BlockStack gap="400">
        <GroupTotalsCard totals={totals} when={when} />

        <Layout>
          <Layout.Section>
            <Card padding="0">
              <Box padding="300">
                <Text as="h2" variant="headingMd">
                  {t('groups.detail.connectorsTitle')}
                </Text>
              </Box>
              <IndexTable
                resourceName={{ singular: t('groups.detail.connector'), plural: t('groups.detail.connectorsTitle') }}
                itemCount={connectors.data.length}
                selectable={false}
                emptyState={
                  <EmptyState heading={t('groups.detail.noConnectors')} image="">
                    <p>{canEdit ? t('groups.detail.noConnectorsEdit') : t('groups.detail.noConnectorsView')}</p>
                  </EmptyState>
                }
                headings={[
                  { title: t('groups.fields.evse') },
                  { title: t('groups.fields.station') },
                  { title: t('groups.fields.city') },
                  { title: t('groups.fields.status') },
                  { title: t('groups.fields.power'), alignment: 'end' },
                  { title: '' },
                ]}
                pagination={listPagination(
                  state.page,
                  connectors.total,
                  CONNECTORS_PAGE,
                  (p) => setParam('page', p),
                  t('groups.list.connectorCount', { count: connectors.total }),
                )}
              >
                {connectors.data.map((c, i) => (
                  <IndexTable.Row
                    id={String(c.id)}
                    key={c.id}
                    position={i}
                    onClick={() => navigate(connectorLinks.detail(c.id))}
                  >
                    <IndexTable.Cell>
                      <Text as="span" fontWeight="semibold">
                        {c.evseId ?? c.uid}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>{c.station.name}</IndexTable.Cell>
                    <IndexTable.Cell>{c.station.city ?? '—'}</IndexTable.Cell>
                    <IndexTable.Cell>
                      <Badge tone={STATUS_TONES[c.bucket]}>{tKey(t, `overview.status.${c.bucket}`)}</Badge>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>
                        {c.maxPowerKw === null ? '—' : `${formatNumber(c.maxPowerKw)} kW`}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      {canEdit ? (
                        // biome-ignore lint/a11y/noStaticElementInteractions: stops the row's click, the button inside is the control
                        // biome-ignore lint/a11y/useKeyWithClickEvents: same
                        <div onClick={(e) => e.stopPropagation()}>
                          <Button variant="plain" tone="critical" onClick={() => setRemoving(c)}>
                            {t('groups.detail.remove')}
                          </Button>
                        </div>
                      ) : null}
                    </IndexTable.Cell>
                  </IndexTable.Row>
                ))}
              </IndexTable>
            </Card>
          </Layout.Section>

          {canEdit ? (
            <Layout.Section variant="oneThird">
              <SearchAndLink
                title={t('groups.detail.addTitle')}
                searchLabel={t('groups.detail.addSearch')}
                placeholder={t('groups.detail.addPlaceholder')}
                param="add"
                keyword={state.add}
                keep={{ page: state.page }}
                candidates={
                  candidates && {
                    rows: candidates.data.map((c) => ({
                      id: c.id,
                      label: `${c.evseId ?? c.uid} · ${c.station.name}`,
                    })),
                    total: candidates.total,
                    page: state.addPage,
                    pageSize: CANDIDATES_PAGE,
                  }
                }
                helpText={t('groups.detail.addHelp')}
                emptyText={t('groups.detail.noCandidates')}
                intent="add"
                inputName="connector_id"
                submitLabel={(count) => t('groups.detail.addSelected', { count })}
                busy={busy}
              />
            </Layout.Section>
          ) : null}
        </Layout>

        <GroupSessionsCard sessions={sessions} page={state.spage} onPage={(p) => setParam('spage', p)} when={when} />
      </BlockStack>

      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('groups.detail.removeTitle')}
        primaryAction={{
          content: t('groups.detail.remove'),
          destructive: true,
          loading: busy,
          onAction: () => {
            if (removing) {
              submit(
                { intent: 'remove', connector_id: String(removing.id) },
                { method: 'post', preventScrollReset: true },
              );
            }
            setRemoving(null);
          },
        }}
        secondaryActions={[{ content: t('groups.detail.cancel'), onAction: () => setRemoving(null) }]}
      >
        <Modal.Section>
          <p>{t('groups.detail.removeBody', { evse: removing?.evseId ?? removing?.uid ?? '', group: group.name })}</p>
        </Modal.Section>
      </Modal>
      <Modal
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('groups.detail.deleteTitle')}
        primaryAction={{
          content: t('groups.detail.delete'),
          destructive: true,
          loading: busy,
          onAction: () => {
            submit({ intent: 'delete' }, { method: 'post' });
            setDeleting(false);
          },
        }}
        secondaryActions={[{ content: t('groups.detail.cancel'), onAction: () => setDeleting(false) }]}
      >
        <Modal.Section>
          <p>{t('groups.detail.deleteBody', { name: group.name, count: group.connectorCount })}</p>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
