/**
 * @module /fleet/news (issue 20 part 8, spec section 2 and call `news`): every logged-in user reads
 * their company's news, unread ones marked, opening one marks it read; holders of news:manage also
 * list (search, paging, scheduled and expired included), publish, edit and delete, after a confirmation.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useSubmit } from '@remix-run/react';
import { Badge, BlockStack, Button, IndexTable, InlineStack, Page, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { formatDateTime, formatNumber } from '../../lib/format';
import { keyword, listUrl, pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { changeNews, readNews } from './news.server';
import { NewsFeed } from './news-feed';
import { DeleteNewsModal, NewsFormModal } from './news-modals';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'news.title');

// `fp`: the feed's page, kept while the management list is searched and paged.
const url = listUrl({ q: keyword({ trim: true }), page: pageNumber(), fp: pageNumber() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = url.read(new URL(request.url).searchParams);
  return { ...(await readNews(request, context, { ...state, feedPage: state.fp })), state };
}

export const action = ({ request, context }: ActionFunctionArgs) => changeNews(request, context);

const AUDIENCE = { all: 'news.audienceAll', users: 'news.audienceUsers', staff: 'news.audienceStaff' } as const;
const STATUS = {
  scheduled: ['news.statusScheduled', 'info'],
  showing: ['news.statusShowing', 'success'],
  expired: ['news.statusExpired', undefined],
} as const;
const DONE = { create: 'news.created', update: 'news.updated', delete: 'news.deleted' } as const;

type Managed = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['manage']>['data'][number];

function ManageNews({
  manage,
  state,
}: {
  manage: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['manage']>;
  state: ReturnType<typeof url.read>;
}) {
  const { t, i18n } = useTranslation();
  const answer = useActionData<typeof action>();
  const submit = useSubmit();
  const list = useListUrl(state, url.write);
  const [editing, setEditing] = useState<Managed | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Managed | null>(null);
  useEffect(() => {
    if (answer && !answer.error) {
      setEditing(null);
      setDeleting(null);
    }
  }, [answer]);
  const outcome = answer && answer.intent !== 'read' ? answer : null;
  useOutcomeToast(
    outcome,
    outcome && outcome.intent !== 'read'
      ? { text: outcome.error ?? t(DONE[outcome.intent]), error: Boolean(outcome.error) }
      : null,
  );
  const when = (iso: string | null) => (iso ? formatDateTime(iso, { language: i18n.language }) : t('news.never'));
  const formFailure = answer?.error && (answer.intent === 'create' || answer.intent === 'update') ? answer : undefined;
  return (
    <BlockStack gap="300">
      <InlineStack align="space-between" blockAlign="center">
        <Text as="h2" variant="headingMd">
          {t('news.manageTitle')}
        </Text>
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t('news.create')}
        </Button>
      </InlineStack>
      <ListPage
        list={list}
        cleared={{}}
        searchPlaceholder={t('news.manageSearch')}
        openWhenSearched
        resourceName={t('news.title')}
        empty={{ heading: t('news.manageEmptyTitle'), body: t('news.manageEmptyBody') }}
        headings={[
          { title: t('news.colTitle') },
          { title: t('news.colCompany') },
          { title: t('news.colAudience') },
          { title: t('news.colStatus') },
          { title: t('news.colPublished') },
          { title: t('news.colExpires') },
          { title: t('news.colReads') },
          { title: '' },
        ]}
        rowCount={manage.data.length}
        pagination={{ total: manage.total, pageSize: manage.items_per_page, countLabel: formatNumber(manage.total) }}
      >
        {manage.data.map((n, index) => (
          <IndexTable.Row id={String(n.id)} key={n.id} position={index}>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {n.title}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{n.company_name}</IndexTable.Cell>
            <IndexTable.Cell>{t(AUDIENCE[n.audience])}</IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={STATUS[n.status][1]}>{t(STATUS[n.status][0])}</Badge>
            </IndexTable.Cell>
            <IndexTable.Cell>{when(n.published_at)}</IndexTable.Cell>
            <IndexTable.Cell>{when(n.expires_at)}</IndexTable.Cell>
            <IndexTable.Cell>{formatNumber(n.reads)}</IndexTable.Cell>
            <IndexTable.Cell>
              <InlineStack gap="200" wrap={false}>
                <Button size="slim" onClick={() => setEditing(n)}>
                  {t('news.edit')}
                </Button>
                <Button size="slim" tone="critical" onClick={() => setDeleting(n)}>
                  {t('news.delete')}
                </Button>
              </InlineStack>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
      {editing ? (
        <NewsFormModal
          key={editing === 'new' ? 'new' : editing.id}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          failure={formFailure}
        />
      ) : null}
      {deleting ? (
        <DeleteNewsModal
          item={deleting}
          onClose={() => setDeleting(null)}
          onConfirm={() => submit({ intent: 'delete', id: String(deleting.id) }, { method: 'post' })}
        />
      ) : null}
    </BlockStack>
  );
}

export default function News() {
  const { t } = useTranslation();
  const { feed, manage, state } = useLoaderData<typeof loader>();
  return (
    <Page title={t('news.title')}>
      <BlockStack gap="500">
        <NewsFeed feed={feed} />
        {manage ? <ManageNews manage={manage} state={state} /> : null}
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
