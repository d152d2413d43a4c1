/** @module /fleet/users/private: private users and, as service settings 53-55 allow, their sessions (56 hides e-mails). */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData, useSearchParams } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Card,
  DataTable,
  EmptyState,
  IndexTable,
  Page,
  Pagination,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { displayName } from '../../lib/fleet';
import { must } from '../../lib/fleet.server';
import { formatDateTime, formatNumber } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { useLiveFeed } from '../../lib/use-live-feed';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.private.title');

const PAGE_SIZE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:private-users');
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.slice(0, 100) ?? '';
  const page = Math.max(0, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0);
  const api = createApi(request, context);
  const result = must(
    await api.send(
      api.client.api.users.private.$post({ json: { page, items_per_page: PAGE_SIZE, ...(q ? { keyword: q } : {}) } }),
    ),
    me,
  );
  return {
    ...result,
    q,
    page,
    companyId: me.company.id,
    currency: me.company.currency,
    timeZone: me.company.timeZone,
    language: me.user.language,
    canView: me.permissions.includes('fleet:view'),
  };
}

const SCOPE_KEY = {
  none: 'scopeNone',
  private: 'scopePrivate',
  private_and_other: 'scopePrivateAndOther',
  all: 'scopeAll',
} as const;

export default function PrivateUsers() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const [query, setQuery] = useState(d.q);
  useLiveFeed(d.companyId);
  useEffect(() => {
    if (query === d.q) return;
    const timer = setTimeout(() => setParams(query ? { q: query } : {}, { replace: true }), 300);
    return () => clearTimeout(timer);
  }, [query, d.q, setParams]);
  const pages = Math.max(1, Math.ceil(d.total / PAGE_SIZE));
  return (
    <Page title={t('fleet.private.title')} fullWidth>
      <BlockStack gap="400">
        <Card padding="0">
          <div style={{ padding: 12 }}>
            <TextField
              label={t('fleet.users.search')}
              labelHidden
              placeholder={t('fleet.users.search')}
              autoComplete="off"
              value={query}
              onChange={setQuery}
              clearButton
              onClearButtonClick={() => setQuery('')}
            />
          </div>
          <IndexTable
            resourceName={{ singular: t('fleet.private.title'), plural: t('fleet.private.title') }}
            itemCount={d.data.length}
            selectable={false}
            emptyState={<EmptyState heading={t('fleet.private.empty')} image="" />}
            headings={[
              { title: t('fleet.users.colName') },
              { title: t('fleet.users.colEmail') },
              { title: t('fleet.users.colPermissions') },
              { title: t('fleet.users.colSessions'), alignment: 'end' },
              { title: t('fleet.users.colStatus') },
            ]}
          >
            {d.data.map((u, i) => (
              <IndexTable.Row id={String(u.id)} key={u.id} position={i}>
                <IndexTable.Cell>
                  {d.canView ? <Link to={`/fleet/users/detail/${u.id}`}>{displayName(u)}</Link> : displayName(u)}
                </IndexTable.Cell>
                <IndexTable.Cell>{u.email}</IndexTable.Cell>
                <IndexTable.Cell>
                  {u.only_private ? <Badge>{t('fleet.permission.only_private')}</Badge> : null}{' '}
                  {u.can_charge_home ? <Badge>{t('fleet.permission.home')}</Badge> : null}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {u.session_count}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Badge tone={u.status === 'charging' ? 'success' : undefined}>
                    {tKey(t, `fleet.status.${u.status}`)}
                  </Badge>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
          <div style={{ padding: 12 }}>
            <Pagination
              hasPrevious={d.page > 0}
              hasNext={d.page + 1 < pages}
              onPrevious={() => setParams({ ...(d.q ? { q: d.q } : {}), page: String(d.page - 1) })}
              onNext={() => setParams({ ...(d.q ? { q: d.q } : {}), page: String(d.page + 1) })}
              label={`${d.page + 1} / ${pages}`}
            />
          </div>
        </Card>
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              {t('fleet.private.sessions')}
            </Text>
            <Text as="p" tone="subdued">
              {tKey(t, `fleet.private.${SCOPE_KEY[d.session_scope]}`)}
            </Text>
            {d.session_scope !== 'none' && d.sessions.length === 0 ? (
              <Text as="p">{t('fleet.private.noSessions')}</Text>
            ) : null}
            {d.sessions.length > 0 ? (
              <DataTable
                columnContentTypes={['text', 'text', 'text', 'text', 'numeric', 'text']}
                headings={[
                  t('fleet.users.colEmail'),
                  t('fleet.private.colStation'),
                  t('fleet.private.colType'),
                  t('fleet.private.colStart'),
                  t('fleet.private.colEnergy'),
                  t('fleet.users.colStatus'),
                ]}
                rows={d.sessions.map((s) => [
                  s.email_hidden ? t('fleet.private.emailHidden') : (s.email ?? '—'),
                  s.station_name ?? '—',
                  s.station_type,
                  formatDateTime(s.start, { timeZone: d.timeZone, language: d.language }),
                  s.energy_kwh === null ? '—' : formatNumber(s.energy_kwh, { currency: d.currency }),
                  s.status === 'in_progress' ? t('fleet.status.charging') : '✓',
                ])}
              />
            ) : null}
          </BlockStack>
        </Card>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
