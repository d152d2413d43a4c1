/**
 * @module /connectors/groups/{id}: a connector group (tag) with its connectors, the sessions recorded on
 * them and their totals (spec 7.16 `groups/{id}`, `groups/{id}/sessions`, 7.18 `tags/{id}/total-local-stats`).
 * Who may edit stations adds connectors found by a search, removes them and deletes the group, each
 * removal or deletion after a confirmation.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams, useSubmit } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineGrid,
  Layout,
  Modal,
  Page,
  Text,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchAndLink, searchPage } from '../../components/groups/search-and-link';
import { listPagination } from '../../components/lists/list-controls';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { connectorLinks } from '../../lib/connector-links';
import { STATUS_TONES } from '../../lib/connector-status';
import { must } from '../../lib/fleet.server';
import { formatDateTime, formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'groups.detail.title');

const CONNECTORS_PAGE = 25;
const SESSIONS_PAGE = 10;
/** Matches per page of the "add connectors" search. */
const CANDIDATES_PAGE = 20;

interface ConnectorRow {
  id: number;
  uid: string;
  evseId: string | null;
  bucket: string;
  maxPowerKw: number | null;
  station: { name: string; city: string | null };
}

const int = (v: string | null, max = 100_000) => {
  const n = Number(v ?? '0');
  return Number.isInteger(n) && n >= 0 && n < max ? n : 0;
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const id = String(int(params.id ?? '', 2 ** 31));
  const url = new URL(request.url);
  const state = {
    page: int(url.searchParams.get('page')),
    spage: int(url.searchParams.get('spage')),
    q: (url.searchParams.get('q') ?? '').slice(0, 100),
    add: (url.searchParams.get('add') ?? '').slice(0, 100),
    addPage: searchPage(url, 'add'),
  };
  const canEdit = me.permissions.includes('stations:edit');
  const api = createApi(request, context, { language: me.user.language });
  const group = api.client.api.groups[':id'];
  const [detail, totals, sessions, candidates] = await Promise.all([
    api.send(
      group.$get({
        param: { id },
        query: {
          page: String(state.page),
          items_per_page: String(CONNECTORS_PAGE),
          ...(state.q ? { keyword: state.q } : {}),
        },
      }),
    ),
    api.send(group.totals.$get({ param: { id } })),
    api.send(
      group.sessions.$get({
        param: { id },
        query: { page: String(state.spage), items_per_page: String(SESSIONS_PAGE) },
      }),
    ),
    canEdit && state.add
      ? api.send(
          api.client.api.connectors.$post({
            json: { keyword: state.add, page: state.addPage, items_per_page: CANDIDATES_PAGE },
          }),
        )
      : Promise.resolve(null),
  ]);
  return {
    ...must(detail, me),
    totals: must(totals, me),
    sessions: must(sessions, me),
    candidates: candidates ? must(candidates, me) : null,
    state,
    canEdit,
    language: me.user.language,
    timeZone: me.company.timeZone,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:edit');
  const id = String(int(params.id ?? '', 2 ** 31));
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const api = createApi(request, context, { language: me.user.language });
  const ids = form
    .getAll('connector_id')
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n > 0);
  let result: Awaited<ReturnType<typeof api.read>>;
  if (intent === 'delete') {
    result = await api.read(await api.client.api.tags[':id'].$delete({ param: { id } }));
    if (result.ok) return redirect('/connectors/groups', { headers: api.headers() });
  } else if (intent === 'remove') {
    result = await api.read(
      await api.client.api.tags[':id'].$put({ param: { id }, json: { remove_connector_ids: ids } }),
    );
  } else if (intent === 'add') {
    if (ids.length === 0) return data({ intent, error: 'none' as const, added: 0 }, { status: 400 });
    result = await api.read(
      await api.client.api.connectors['add-group'].$post({ json: { group_id: Number(id), connector_ids: ids } }),
    );
  } else {
    return data({ intent, error: 'unknown' as const, added: 0 }, { status: 400 });
  }
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data({ intent, error: result.error['error-msg'], added: 0 }, { status: result.status });
  }
  return data({ intent, error: null, added: intent === 'add' ? ids.length : 0 }, { headers: api.headers() });
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
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t('groups.totals.title')}
            </Text>
            <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
              <Figure label={t('groups.totals.connectors')} value={formatNumber(totals.connectors)} />
              <Figure label={t('groups.totals.sessions')} value={formatNumber(totals.sessions)} />
              <Figure label={t('groups.totals.inProgress')} value={formatNumber(totals.inProgress)} />
              <Figure
                label={t('groups.totals.energy')}
                value={`${formatNumber(totals.energyWh / 1000, { maximumFractionDigits: 1 })} kWh`}
              />
              <Figure
                label={t('groups.totals.chargingTime')}
                value={`${formatNumber(totals.chargingMinutes / 60, { maximumFractionDigits: 1 })} h`}
              />
              <Figure label={t('groups.totals.first')} value={when(totals.firstSessionAt)} />
              <Figure label={t('groups.totals.last')} value={when(totals.lastSessionAt)} />
            </InlineGrid>
          </BlockStack>
        </Card>

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

        <Card padding="0">
          <Box padding="300">
            <Text as="h2" variant="headingMd">
              {t('groups.sessions.title')}
            </Text>
          </Box>
          <IndexTable
            resourceName={{ singular: t('groups.sessions.one'), plural: t('groups.sessions.title') }}
            itemCount={sessions.data.length}
            selectable={false}
            emptyState={
              <EmptyState heading={t('groups.sessions.empty')} image="">
                <p>{t('groups.sessions.emptyBody')}</p>
              </EmptyState>
            }
            headings={[
              { title: t('groups.sessions.start') },
              { title: t('groups.sessions.end') },
              { title: t('groups.fields.evse') },
              { title: t('groups.fields.station') },
              { title: t('groups.sessions.user') },
              { title: t('groups.sessions.energy'), alignment: 'end' },
              { title: t('groups.sessions.chargingTime'), alignment: 'end' },
              { title: t('groups.fields.status') },
            ]}
            pagination={listPagination(
              state.spage,
              sessions.total,
              SESSIONS_PAGE,
              (p) => setParam('spage', p),
              t('groups.sessions.count', { count: sessions.total }),
            )}
          >
            {sessions.data.map((s, i) => (
              <IndexTable.Row
                id={String(s.id)}
                key={s.id}
                position={i}
                onClick={() => navigate(`/sessions/detail/${s.id}`)}
              >
                <IndexTable.Cell>{when(s.startAt)}</IndexTable.Cell>
                <IndexTable.Cell>{when(s.endAt)}</IndexTable.Cell>
                <IndexTable.Cell>{s.connectorEvseId ?? '—'}</IndexTable.Cell>
                <IndexTable.Cell>{s.stationName}</IndexTable.Cell>
                <IndexTable.Cell>{s.userEmail ?? '—'}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {s.energyWh === null ? '—' : `${formatNumber(s.energyWh / 1000, { maximumFractionDigits: 2 })} kWh`}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {s.chargingMinutes === null ? '—' : `${formatNumber(s.chargingMinutes)} min`}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Badge tone={s.status === 'in_progress' ? 'info' : undefined}>
                    {s.status === 'in_progress' ? t('groups.sessions.inProgress') : t('groups.sessions.closed')}
                  </Badge>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        </Card>
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

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="100">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" variant="headingMd">
        {value}
      </Text>
    </BlockStack>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
