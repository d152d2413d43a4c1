/** @module /fleet/news's modals: publish or edit a news item (the API's refused field under it), and the delete confirmation. */
import { Form, type useLoaderData, useNavigation } from '@remix-run/react';
import { Banner, BlockStack, Button, InlineStack, Modal, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorFrom } from '../../lib/field-errors';
import type { loader } from './route';

type Managed = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['manage']>['data'][number];

/** An instant as a `datetime-local` value in the browser's zone, and back. */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const toIso = (local: string) => {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : local;
};

export function NewsFormModal(props: {
  item: Managed | null;
  onClose: () => void;
  failure?: { error?: string; field?: string };
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const { item } = props;
  const [title, setTitle] = useState(item?.title ?? '');
  const [body, setBody] = useState(item?.body ?? '');
  const [audience, setAudience] = useState<string>(item?.audience ?? 'all');
  const [published, setPublished] = useState(toLocal(item?.published_at ?? null));
  const [expires, setExpires] = useState(toLocal(item?.expires_at ?? null));
  const errorOf = fieldErrorFrom(props.failure);
  const unplaced =
    props.failure?.error &&
    !['title', 'body', 'audience', 'published_at', 'expires_at'].includes(props.failure.field ?? '');
  return (
    <Modal open onClose={props.onClose} title={t(item ? 'news.formEdit' : 'news.formCreate')}>
      <Form method="post">
        <Modal.Section>
          <BlockStack gap="300">
            {unplaced ? <Banner tone="critical">{props.failure?.error}</Banner> : null}
            <input type="hidden" name="intent" value={item ? 'update' : 'create'} />
            {item ? <input type="hidden" name="id" value={item.id} /> : null}
            <TextField
              label={t('news.fTitle')}
              name="title"
              value={title}
              onChange={setTitle}
              autoComplete="off"
              maxLength={120}
              showCharacterCount
              error={errorOf('title')}
            />
            <TextField
              label={t('news.fBody')}
              name="body"
              value={body}
              onChange={setBody}
              autoComplete="off"
              multiline={6}
              maxLength={4000}
              showCharacterCount
              helpText={t('news.fBodyHelp')}
              error={errorOf('body')}
            />
            <Select
              label={t('news.fAudience')}
              name="audience"
              options={[
                { label: t('news.audienceAll'), value: 'all' },
                { label: t('news.audienceUsers'), value: 'users' },
                { label: t('news.audienceStaff'), value: 'staff' },
              ]}
              value={audience}
              onChange={setAudience}
              error={errorOf('audience')}
            />
            <InlineStack gap="300" wrap>
              <TextField
                label={t('news.fPublishedAt')}
                type="datetime-local"
                value={published}
                onChange={setPublished}
                autoComplete="off"
                helpText={t('news.fPublishedAtHelp')}
                error={errorOf('published_at')}
              />
              <TextField
                label={t('news.fExpiresAt')}
                type="datetime-local"
                value={expires}
                onChange={setExpires}
                autoComplete="off"
                helpText={t('news.fExpiresAtHelp')}
                error={errorOf('expires_at')}
              />
            </InlineStack>
            {/* The instants in UTC: the fields above are in the browser's own time zone. */}
            <input type="hidden" name="published_at" value={toIso(published)} />
            <input type="hidden" name="expires_at" value={toIso(expires)} />
          </BlockStack>
        </Modal.Section>
        <Modal.Section>
          <InlineStack align="end" gap="200">
            <Button onClick={props.onClose}>{t('news.cancel')}</Button>
            <Button submit variant="primary" loading={busy}>
              {t('news.save')}
            </Button>
          </InlineStack>
        </Modal.Section>
      </Form>
    </Modal>
  );
}

export function DeleteNewsModal(props: { item: Managed; onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  return (
    <Modal
      open
      onClose={props.onClose}
      title={t('news.deleteTitle', { title: props.item.title })}
      primaryAction={{ content: t('news.delete'), destructive: true, loading: busy, onAction: props.onConfirm }}
      secondaryActions={[{ content: t('news.cancel'), onAction: props.onClose }]}
    >
      <Modal.Section>
        <Text as="p">{t('news.deleteBody')}</Text>
      </Modal.Section>
    </Modal>
  );
}
