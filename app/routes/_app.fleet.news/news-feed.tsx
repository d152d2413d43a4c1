/** @module The news feed of /fleet/news: every item of the caller's feed, unread ones marked; opening one marks it read. */
import { useFetcher, type useLoaderData, useSearchParams } from '@remix-run/react';
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  Divider,
  EmptyState,
  InlineStack,
  Pagination,
  Text,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import type { loader } from './route';

type Feed = ReturnType<typeof useLoaderData<typeof loader>>['feed'];
type Item = Feed['data'][number];

function FeedEntry({ item }: { item: Item }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher();
  const [open, setOpen] = useState(false);
  // Shown read as soon as it is opened; the badge in the navigation follows when the page revalidates.
  const unread = !item.read && fetcher.state === 'idle' && !fetcher.data;
  const toggle = () => {
    if (!open && unread) fetcher.submit({ intent: 'read', id: String(item.id) }, { method: 'post' });
    setOpen(!open);
  };
  const date = (iso: string) => formatDateTime(iso, { language: i18n.language });
  return (
    <BlockStack gap="200">
      <InlineStack align="space-between" blockAlign="center" wrap={false} gap="300">
        <BlockStack gap="100">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h3" variant="headingSm" fontWeight={unread ? 'bold' : 'regular'}>
              {item.title}
            </Text>
            {unread ? <Badge tone="attention">{t('news.unread')}</Badge> : null}
          </InlineStack>
          <Text as="p" tone="subdued" variant="bodySm">
            {t('news.published', { date: date(item.published_at) })}
            {item.expires_at ? ` · ${t('news.expires', { date: date(item.expires_at) })}` : ''}
          </Text>
        </BlockStack>
        <Button onClick={toggle} ariaExpanded={open} ariaControls={`news-${item.id}`}>
          {open ? t('news.close') : t('news.open')}
        </Button>
      </InlineStack>
      {open ? (
        <Box id={`news-${item.id}`}>
          <Text as="p">
            <span style={{ whiteSpace: 'pre-wrap' }}>{item.body}</span>
          </Text>
        </Box>
      ) : null}
    </BlockStack>
  );
}

export function NewsFeed({ feed }: { feed: Feed }) {
  const pageSize = feed.items_per_page;
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const go = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 0) next.set('fp', String(page));
    else next.delete('fp');
    setParams(next, { preventScrollReset: true });
  };
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t('news.feedTitle')}
          </Text>
          {feed.unread > 0 ? <Badge tone="attention">{t('news.unreadCount', { count: feed.unread })}</Badge> : null}
        </InlineStack>
        {feed.data.length === 0 ? (
          <EmptyState heading={t('news.feedEmptyTitle')} image="">
            <p>{t('news.feedEmptyBody')}</p>
          </EmptyState>
        ) : (
          feed.data.map((item, index) => (
            <BlockStack key={item.id} gap="400">
              {index > 0 ? <Divider /> : null}
              <FeedEntry item={item} />
            </BlockStack>
          ))
        )}
        {feed.total > pageSize ? (
          <InlineStack align="center">
            <Pagination
              hasPrevious={feed.page > 0}
              onPrevious={() => go(feed.page - 1)}
              hasNext={(feed.page + 1) * pageSize < feed.total}
              onNext={() => go(feed.page + 1)}
            />
          </InlineStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
