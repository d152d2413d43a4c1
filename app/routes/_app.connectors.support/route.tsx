/**
 * @module /connectors/support: where support agents (role 52) land after login (spec section 6: "support
 * agents are sent to the support page of a connector"). They find the connector a driver calls about
 * by EVSE id, station or city; one match opens its /connectors/{id}/support page at once.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Form, useLoaderData, useNavigate, useNavigation } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Page,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { connectorLinks } from '../../lib/connector-links';
import { STATUS_TONES } from '../../lib/connector-status';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'groups.support.title');

const LIMIT = 25;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'connectors:support');
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
  if (!q) return { q, rows: null, total: 0 };
  const api = createApi(request, context, { language: me.user.language });
  const page = must(
    await api.send(api.client.api.connectors.$post({ json: { keyword: q, items_per_page: LIMIT } })),
    me,
  );
  const only = page.data[0];
  if (page.total === 1 && only) throw redirect(connectorLinks.support(only.id), { headers: api.headers() });
  return { q, rows: page.data, total: page.total };
}

export default function SupportLanding() {
  const { t } = useTranslation();
  const { q, rows, total } = useLoaderData<typeof loader>();
  const [query, setQuery] = useState(q);
  const navigation = useNavigation();
  const navigate = useNavigate();
  return (
    <Page title={t('groups.support.title')}>
      <BlockStack gap="400">
        <Card>
          <Form method="get">
            <BlockStack gap="300">
              <Text as="p">{t('groups.support.intro')}</Text>
              <InlineStack gap="200" blockAlign="end" wrap={false}>
                <div style={{ flex: 1 }}>
                  <TextField
                    label={t('groups.support.search')}
                    name="q"
                    value={query}
                    onChange={setQuery}
                    autoComplete="off"
                    autoFocus
                  />
                </div>
                <Button submit variant="primary" loading={navigation.state !== 'idle'}>
                  {t('groups.support.find')}
                </Button>
              </InlineStack>
            </BlockStack>
          </Form>
        </Card>
        {rows === null ? (
          <Card>
            <EmptyState heading={t('groups.support.startTitle')} image="">
              <p>{t('groups.support.startBody')}</p>
            </EmptyState>
          </Card>
        ) : (
          <Card padding="0">
            <Box padding="300">
              <Text as="p" tone="subdued">
                {total > rows.length
                  ? t('groups.support.firstOf', { shown: rows.length, total })
                  : t('groups.support.results', { count: total })}
              </Text>
            </Box>
            <IndexTable
              resourceName={{ singular: t('groups.detail.connector'), plural: t('groups.detail.connectorsTitle') }}
              itemCount={rows.length}
              selectable={false}
              emptyState={
                <EmptyState heading={t('groups.support.noMatch')} image="">
                  <p>{t('groups.support.noMatchBody')}</p>
                </EmptyState>
              }
              headings={[
                { title: t('groups.fields.evse') },
                { title: t('groups.fields.station') },
                { title: t('groups.fields.city') },
                { title: t('groups.fields.status') },
                { title: '' },
              ]}
            >
              {rows.map((c, i) => (
                <IndexTable.Row
                  id={String(c.id)}
                  key={c.id}
                  position={i}
                  onClick={() => navigate(connectorLinks.support(c.id))}
                >
                  <IndexTable.Cell>
                    <Text as="span" fontWeight="semibold">
                      {c.evseId ?? c.uid}
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{`${c.station.name} (${c.station.uid})`}</IndexTable.Cell>
                  <IndexTable.Cell>{c.station.city ?? '—'}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <Badge tone={STATUS_TONES[c.bucket]}>{tKey(t, `overview.status.${c.bucket}`)}</Badge>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Button variant="plain" url={connectorLinks.support(c.id)}>
                      {t('groups.support.open')}
                    </Button>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          </Card>
        )}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
