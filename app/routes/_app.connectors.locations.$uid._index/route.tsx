/**
 * @module /connectors/locations/{uid}: a location with its address, coordinates and the stations linked
 * to it. Who may edit stations links a station found by a search, or unlinks one after a confirmation.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useNavigate, useNavigation, useSubmit } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Layout,
  Modal,
  Page,
  Text,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readLocation, withStations } from '../../components/groups/location.server';
import { SearchAndLink, searchPage } from '../../components/groups/search-and-link';
import { SiteLoadCard } from '../../components/load/site-load-card';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { createApi } from '../../lib/api.server';
import { connectorLinks } from '../../lib/connector-links';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'groups.locations.title');

/** Matches per page of the "link stations" search. */
const CANDIDATES_PAGE = 20;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:view');
  const url = new URL(request.url);
  const find = (url.searchParams.get('find') ?? '').trim().slice(0, 100);
  const findPage = searchPage(url, 'find');
  const canEdit = me.permissions.includes('stations:edit');
  const api = createApi(request, context, { language: me.user.language });
  const uid = params.uid ?? '';
  const [location, candidates, load] = await Promise.all([
    readLocation(api, uid),
    canEdit && find
      ? api.send(
          api.client.api.stations.$post({ json: { keyword: find, page: findPage, items_per_page: CANDIDATES_PAGE } }),
        )
      : Promise.resolve(null),
    // Site load management (ADR 059): shown when it can be read, never failing the page.
    api.send(api.client.api.location[':uid'].load.$get({ param: { uid } })),
  ]);
  return {
    location: must(location, me),
    load: load.ok ? load.data : null,
    candidates: candidates ? must(candidates, me) : null,
    find,
    findPage,
    canEdit,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'stations:edit');
  const form = await request.formData();
  const stationIds = form
    .getAll('station_id')
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n > 0);
  const intent = String(form.get('intent') ?? '');
  const api = createApi(request, context, { language: me.user.language });
  const location = must(await readLocation(api, params.uid ?? ''), me);
  const current = location.stations.map((s) => s.id);
  const next =
    intent === 'link' ? [...new Set([...current, ...stationIds])] : current.filter((id) => !stationIds.includes(id));
  const result = await api.read(await api.client.api.location.$put({ json: withStations(location, next) }));
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data({ error: result.error['error-msg'] }, { status: result.status });
  }
  return data({ error: null }, { headers: api.headers() });
}

export default function LocationPage() {
  const { t } = useTranslation();
  const { location: l, candidates, find, findPage, canEdit, load } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const [unlinking, setUnlinking] = useState<{ id: number; name: string } | null>(null);
  const linked = new Set(l.stations.map((s) => s.id));
  const busy = navigation.state !== 'idle';
  useOutcomeToast(
    result,
    result?.error ? { text: result.error, error: true } : result ? { text: t('groups.locations.linked') } : null,
  );
  return (
    <Page
      title={l.name}
      subtitle={`${[l.streetNumber, l.address].filter(Boolean).join(' ')}, ${l.postalCode} ${l.city} (${l.country})`}
      backAction={{ content: t('groups.locations.title'), url: '/connectors/locations' }}
      secondaryActions={
        canEdit
          ? [{ content: t('groups.locations.edit'), url: `/connectors/locations/${encodeURIComponent(l.uid)}/edit` }]
          : []
      }
    >
      <BlockStack gap="400">
        <Card>
          <InlineStack gap="800" wrap>
            <Field label={t('groups.locations.coordinates')} value={`${l.latitude}, ${l.longitude}`} />
            <Field label={t('groups.locations.timeZone')} value={l.timeZone} />
            <Field label={t('groups.locations.company')} value={l.companyName} />
            <Field label={t('groups.locations.openingHours')} value={l.openingHours ?? '—'} />
            <Field label={t('groups.locations.directions')} value={l.directions ?? '—'} />
            <Field label="UID" value={l.uid} />
          </InlineStack>
        </Card>
        <SiteLoadCard uid={l.uid} initial={load} canEdit={canEdit} />
        <Layout>
          <Layout.Section>
            <Card padding="0">
              <Box padding="300">
                <Text as="h2" variant="headingMd">
                  {t('groups.locations.stationsTitle')}
                </Text>
              </Box>
              <IndexTable
                resourceName={{ singular: t('groups.fields.station'), plural: t('groups.locations.stations') }}
                itemCount={l.stations.length}
                selectable={false}
                emptyState={
                  <EmptyState heading={t('groups.locations.noStations')} image="">
                    <p />
                  </EmptyState>
                }
                headings={[
                  { title: t('groups.fields.station') },
                  { title: t('groups.fields.city') },
                  { title: t('groups.fields.status') },
                  { title: t('groups.locations.connectors'), alignment: 'end' },
                  { title: '' },
                ]}
              >
                {l.stations.map((s, i) => (
                  <IndexTable.Row
                    id={String(s.id)}
                    key={s.id}
                    position={i}
                    onClick={() =>
                      s.firstConnectorId ? navigate(connectorLinks.detail(s.firstConnectorId)) : undefined
                    }
                  >
                    <IndexTable.Cell>
                      <Text as="span" fontWeight="semibold">
                        {`${s.name} (${s.uid})`}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>{s.city ?? '—'}</IndexTable.Cell>
                    <IndexTable.Cell>
                      <Badge tone={s.connected ? 'success' : undefined}>
                        {s.connected ? t('groups.locations.online') : t('groups.locations.offline')}
                      </Badge>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>
                        {s.connectorCount}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      {canEdit ? (
                        // biome-ignore lint/a11y/noStaticElementInteractions: stops the row's click, the button inside is the control
                        // biome-ignore lint/a11y/useKeyWithClickEvents: same
                        <div onClick={(e) => e.stopPropagation()}>
                          <Button variant="plain" tone="critical" onClick={() => setUnlinking(s)}>
                            {t('groups.locations.unlink')}
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
                title={t('groups.locations.linkTitle')}
                searchLabel={t('groups.locations.linkSearch')}
                placeholder={t('groups.locations.linkPlaceholder')}
                param="find"
                keyword={find}
                candidates={
                  candidates && {
                    rows: candidates.data.map((s) => ({
                      id: s.id,
                      label: `${s.name} (${s.uid})${s.city ? ` · ${s.city}` : ''}`,
                      linked: linked.has(s.id),
                    })),
                    total: candidates.total,
                    page: findPage,
                    pageSize: CANDIDATES_PAGE,
                  }
                }
                emptyText={t('groups.locations.noCandidates')}
                intent="link"
                inputName="station_id"
                submitLabel={(count) => t('groups.locations.linkSelected', { count })}
                busy={busy}
              />
            </Layout.Section>
          ) : null}
        </Layout>
      </BlockStack>
      <Modal
        open={unlinking !== null}
        onClose={() => setUnlinking(null)}
        title={t('groups.locations.unlinkTitle')}
        primaryAction={{
          content: t('groups.locations.unlink'),
          destructive: true,
          onAction: () => {
            if (unlinking) {
              submit(
                { intent: 'unlink', station_id: String(unlinking.id) },
                { method: 'post', preventScrollReset: true },
              );
            }
            setUnlinking(null);
          },
        }}
        secondaryActions={[{ content: t('groups.detail.cancel'), onAction: () => setUnlinking(null) }]}
      >
        <Modal.Section>
          <p>{t('groups.locations.unlinkBody', { station: unlinking?.name ?? '', location: l.name })}</p>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="100">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span">{value}</Text>
    </BlockStack>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
