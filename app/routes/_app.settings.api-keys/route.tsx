/**
 * @module /settings/api-keys (ADR 047): the API keys of the selected company's tree, with their scope
 * and usage; create (read-only or chosen permissions), the secret shown once, rotate and revoke after
 * a confirmation.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useLoaderData, useSubmit } from '@remix-run/react';
import { Badge, Button, IndexTable, InlineStack, Page, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { formatDateTime, formatNumber } from '../../lib/format';
import { listUrl, pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { changeKey, readKeys } from './api-keys.server';
import { ConfirmKeyModal, CreateKeyModal, SecretModal } from './key-modals';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'apiKeys.title');

const url = listUrl({ page: pageNumber() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = { ...url.read(new URL(request.url).searchParams), q: '' };
  return { ...(await readKeys(request, context, state.page)), state };
}

export const action = ({ request, context }: ActionFunctionArgs) => changeKey(request, context);

type Confirm = { intent: 'rotate' | 'revoke'; id: number; name: string };

export default function ApiKeys() {
  const { t, i18n } = useTranslation();
  const { data: keys, total, items_per_page, state, permissions, companies, company } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submit = useSubmit();
  const list = useListUrl(state, url.write);
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [secret, setSecret] = useState<{ secret: string; name: string } | null>(null);
  useEffect(() => {
    if (answer?.secret) setSecret({ secret: answer.secret, name: answer.name ?? '' });
    if (answer && !answer.error) {
      setCreating(false);
      setConfirm(null);
    }
  }, [answer]);
  const done = { create: 'apiKeys.created', rotate: 'apiKeys.rotated', revoke: 'apiKeys.revokedToast' } as const;
  useOutcomeToast(
    answer,
    answer ? { text: answer.error ?? t(done[answer.intent]), error: Boolean(answer.error) } : null,
  );
  const when = (iso: string | null) => (iso ? formatDateTime(iso, { language: i18n.language }) : t('apiKeys.never'));
  const create = { content: t('apiKeys.create'), onAction: () => setCreating(true) };
  return (
    <Page title={t('apiKeys.title')} subtitle={t('apiKeys.subtitle', { company })} primaryAction={create}>
      <ListPage
        list={list}
        cleared={{}}
        resourceName={t('apiKeys.title')}
        empty={{ heading: t('apiKeys.emptyTitle'), body: t('apiKeys.emptyBody') }}
        headings={[
          { title: t('apiKeys.colName') },
          { title: t('apiKeys.colCompany') },
          { title: t('apiKeys.colScope') },
          { title: t('apiKeys.colPrefix') },
          { title: t('apiKeys.colCreated') },
          { title: t('apiKeys.colLastUsed') },
          { title: t('apiKeys.colRequests') },
          { title: t('apiKeys.colStatus') },
          { title: '' },
        ]}
        rowCount={keys.length}
        pagination={{ total, pageSize: items_per_page, countLabel: formatNumber(total) }}
      >
        {keys.map((k, index) => (
          <IndexTable.Row id={String(k.id)} key={k.id} position={index}>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {k.name}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{k.company_name}</IndexTable.Cell>
            <IndexTable.Cell>
              {k.scope === 'read' ? (
                t('apiKeys.readOnly')
              ) : (
                <span title={k.permissions.join(', ')}>
                  {t('apiKeys.permissionsCount', { count: k.permissions.length })}
                </span>
              )}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" fontWeight="regular">
                <code>{`${k.display_prefix}…`}</code>
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{`${when(k.created_at)} · ${k.created_by}`}</IndexTable.Cell>
            <IndexTable.Cell>{when(k.last_used_at)}</IndexTable.Cell>
            <IndexTable.Cell>
              {t('apiKeys.requests', {
                today: formatNumber(k.requests_today),
                week: formatNumber(k.requests_last_7_days),
              })}
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={k.revoked_at ? undefined : 'success'}>
                {k.revoked_at ? t('apiKeys.revoked') : t('apiKeys.active')}
              </Badge>
            </IndexTable.Cell>
            <IndexTable.Cell>
              {k.revoked_at ? null : (
                <InlineStack gap="200">
                  <Button size="slim" onClick={() => setConfirm({ intent: 'rotate', id: k.id, name: k.name })}>
                    {t('apiKeys.rotate')}
                  </Button>
                  <Button
                    size="slim"
                    tone="critical"
                    onClick={() => setConfirm({ intent: 'revoke', id: k.id, name: k.name })}
                  >
                    {t('apiKeys.revoke')}
                  </Button>
                </InlineStack>
              )}
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
      <CreateKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        companies={companies}
        permissions={permissions}
        error={answer?.intent === 'create' && answer.error ? { text: answer.error, field: answer.field } : undefined}
      />
      {confirm ? (
        <ConfirmKeyModal
          {...confirm}
          onClose={() => setConfirm(null)}
          onConfirm={() => submit({ intent: confirm.intent, id: String(confirm.id) }, { method: 'post' })}
        />
      ) : null}
      {secret ? <SecretModal {...secret} onClose={() => setSecret(null)} /> : null}
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
