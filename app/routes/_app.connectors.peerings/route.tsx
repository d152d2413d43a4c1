/**
 * @module /connectors/peerings (issue 22 part 2, ADR 057): the OCPI roaming partners of the selected
 * company's tree with their handshake state, roles and modules; add a partner (its versions URL and token
 * A) or invite one (token A shown once); retry or resume, suspend and unregister after a confirmation;
 * the message log of a peering, paged.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData, useSearchParams, useSubmit } from '@remix-run/react';
import { Badge, BlockStack, Button, Card, IndexTable, InlineStack, Page, Pagination, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { tKey } from '../../i18n/resources';
import { formatDateTime, formatNumber } from '../../lib/format';
import { listUrl, pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { ConfirmPeeringModal, InvitationModal, PeeringFormModal } from './peering-modals';
import { changePeering, readPeerings } from './peerings.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'peerings.title');

const url = listUrl({ page: pageNumber() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = { ...url.read(new URL(request.url).searchParams), q: '' };
  return { ...(await readPeerings(request, context, state.page)), state };
}

export const action = ({ request, context }: ActionFunctionArgs) => changePeering(request, context);

type Peering = ReturnType<typeof useLoaderData<typeof loader>>['data'][number];
type Confirm = { intent: 'suspend' | 'unregister'; id: number; name: string };
const TONE = { registered: 'success', failed: 'critical', pending: 'attention', suspended: 'warning' } as const;

export default function Peerings() {
  const { t, i18n } = useTranslation();
  const { data: peerings, total, items_per_page, state, log } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submit = useSubmit();
  const list = useListUrl(state, url.write);
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<'create' | 'invite' | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [invitation, setInvitation] = useState<{ token_a: string; versions_url: string } | null>(null);
  useEffect(() => {
    if (answer?.invitation) setInvitation(answer.invitation);
    if (answer && !answer.error) {
      setForm(null);
      setConfirm(null);
    }
  }, [answer]);
  const pulled = answer?.pulls
    ?.map((x) => t('peerings.pullProgress', { ...x, state: tKey(t, `peerings.pullState.${x.state}`) }))
    .join('; ');
  useOutcomeToast(
    answer,
    answer ? { text: answer.error ?? pulled ?? t('peerings.toast'), error: Boolean(answer.error) } : null,
  );
  const send = (intent: string, id: number) => submit({ intent, id: String(id) }, { method: 'post' });
  const logOf = (id: number, page = 0) => {
    const next = new URLSearchParams(params);
    next.set('log', String(id));
    if (page) next.set('log_page', String(page));
    else next.delete('log_page');
    return `?${next.toString()}`;
  };
  const actions = (p: Peering) => (
    <InlineStack gap="200">
      {p.state === 'failed' || (p.state === 'pending' && p.direction === 'outbound') ? (
        <Button size="slim" onClick={() => send('connect', p.id)}>
          {t('peerings.retry')}
        </Button>
      ) : null}
      {p.state === 'suspended' ? (
        <Button size="slim" onClick={() => send('connect', p.id)}>
          {t('peerings.resume')}
        </Button>
      ) : null}
      {p.state === 'registered' ? (
        <Button size="slim" onClick={() => setConfirm({ intent: 'suspend', id: p.id, name: p.name })}>
          {t('peerings.suspend')}
        </Button>
      ) : null}
      {p.state === 'registered' || p.state === 'suspended' ? (
        <Button
          size="slim"
          tone="critical"
          onClick={() => setConfirm({ intent: 'unregister', id: p.id, name: p.name })}
        >
          {t('peerings.unregister')}
        </Button>
      ) : null}
      {p.state === 'registered' &&
      p.endpoints.some((e) => e.role === 'SENDER' && (e.identifier === 'locations' || e.identifier === 'tariffs')) ? (
        <Button size="slim" onClick={() => send('pull', p.id)}>
          {t('peerings.pull')}
        </Button>
      ) : null}
      <Link to={logOf(p.id)}>{t('peerings.log')}</Link>
    </InlineStack>
  );
  const logName = peerings.find((p) => p.id === log?.id)?.name ?? '';
  return (
    <Page
      title={t('peerings.title')}
      subtitle={t('peerings.subtitle')}
      primaryAction={{ content: t('peerings.add'), onAction: () => setForm('create') }}
      secondaryActions={[{ content: t('peerings.invite'), onAction: () => setForm('invite') }]}
    >
      <BlockStack gap="400">
        <ListPage
          list={list}
          cleared={{}}
          resourceName={t('peerings.title')}
          empty={{ heading: t('peerings.emptyTitle'), body: t('peerings.emptyBody') }}
          headings={[
            { title: t('peerings.colName') },
            { title: t('peerings.colState') },
            { title: t('peerings.colRoles') },
            { title: t('peerings.colModules') },
            { title: t('peerings.colToken') },
            { title: '' },
          ]}
          rowCount={peerings.length}
          pagination={{ total, pageSize: items_per_page, countLabel: formatNumber(total) }}
        >
          {peerings.map((p, index) => (
            <IndexTable.Row id={String(p.id)} key={p.id} position={index}>
              <IndexTable.Cell>
                <BlockStack gap="100">
                  <Text as="span" fontWeight="semibold">
                    {p.name}
                  </Text>
                  <Text as="span" tone="subdued">
                    {p.versions_url ?? p.our_versions_url}
                  </Text>
                  {p.last_error ? (
                    <Text as="span" tone="critical">
                      {p.last_error}
                    </Text>
                  ) : null}
                </BlockStack>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Badge tone={TONE[p.state as keyof typeof TONE]}>{tKey(t, `peerings.state.${p.state}`)}</Badge>
              </IndexTable.Cell>
              <IndexTable.Cell>
                {p.partner_roles.map((r) => `${r.role} ${r.country_code}*${r.party_id}`).join(', ')}
              </IndexTable.Cell>
              <IndexTable.Cell>{[...new Set(p.endpoints.map((e) => e.identifier))].join(', ')}</IndexTable.Cell>
              <IndexTable.Cell>
                {p.incoming_token ? <code>{`${p.incoming_token.kind} ${p.incoming_token.prefix}…`}</code> : null}
              </IndexTable.Cell>
              <IndexTable.Cell>{actions(p)}</IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListPage>
        {log ? (
          <Card>
            <BlockStack gap="300">
              <InlineStack align="space-between">
                <Text as="h2" variant="headingMd">
                  {t('peerings.logTitle', { name: logName })}
                </Text>
                <Button
                  variant="plain"
                  onClick={() => {
                    const next = new URLSearchParams(params);
                    next.delete('log');
                    next.delete('log_page');
                    setParams(next);
                  }}
                >
                  {t('peerings.close')}
                </Button>
              </InlineStack>
              <IndexTable
                resourceName={{ singular: t('peerings.log'), plural: t('peerings.log') }}
                itemCount={log.data.length}
                selectable={false}
                emptyState={<Text as="p">{t('peerings.logEmpty')}</Text>}
                headings={[
                  { title: t('peerings.colAt') },
                  { title: t('peerings.colDirection') },
                  { title: t('peerings.colRequest') },
                  { title: t('peerings.colStatus') },
                  { title: t('peerings.colDuration') },
                  { title: t('peerings.colBody') },
                ]}
              >
                {log.data.map((m, index) => (
                  <IndexTable.Row id={String(m.id)} key={m.id} position={index}>
                    <IndexTable.Cell>{formatDateTime(m.at, { language: i18n.language })}</IndexTable.Cell>
                    <IndexTable.Cell>
                      {t(m.direction === 'in' ? 'peerings.directionIn' : 'peerings.directionOut')}
                    </IndexTable.Cell>
                    <IndexTable.Cell>{`${m.method} ${m.url_path}`}</IndexTable.Cell>
                    <IndexTable.Cell>{`${m.http_status ?? '–'} / ${m.ocpi_status ?? '–'}`}</IndexTable.Cell>
                    <IndexTable.Cell>{`${formatNumber(m.duration_ms)} ms`}</IndexTable.Cell>
                    <IndexTable.Cell>
                      <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{m.body}</code>
                    </IndexTable.Cell>
                  </IndexTable.Row>
                ))}
              </IndexTable>
              <Pagination
                hasPrevious={log.page > 0}
                hasNext={(log.page + 1) * log.items_per_page < log.total}
                previousURL={logOf(log.id, log.page - 1)}
                nextURL={logOf(log.id, log.page + 1)}
                label={`${log.page + 1} / ${Math.max(1, Math.ceil(log.total / log.items_per_page))}`}
              />
            </BlockStack>
          </Card>
        ) : null}
      </BlockStack>
      {form ? (
        <PeeringFormModal
          mode={form}
          onClose={() => setForm(null)}
          error={answer?.intent === form && answer.error ? { text: answer.error, field: answer.field } : undefined}
        />
      ) : null}
      {invitation ? <InvitationModal {...invitation} onClose={() => setInvitation(null)} /> : null}
      {confirm ? (
        <ConfirmPeeringModal
          {...confirm}
          onClose={() => setConfirm(null)}
          onConfirm={() => send(confirm.intent, confirm.id)}
        />
      ) : null}
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
