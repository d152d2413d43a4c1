/**
 * @module /companies: the company tree of the caller's scope (GET /api/company/tree) with search, the
 * closed flag, and per company: move under another parent, close or reopen (ADR 050). Super users only.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Badge, BlockStack, Box, Button, Card, InlineStack, Page, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'companyCreate.treeTitle');

interface Node {
  id: number;
  name: string;
  country: string;
  is_closed: boolean;
  children: unknown;
}
interface Row extends Omit<Node, 'children'> {
  depth: number;
}

function flatten(node: Node, depth = 0): Row[] {
  const { children, ...row } = node;
  return [{ ...row, depth }, ...((children as Node[]) ?? []).flatMap((c) => flatten(c, depth + 1))];
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'companies:manage');
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(api.client.api.company.tree.$get());
  if (!result.ok) forbidden(me, result.error['error-msg']);
  return { rows: flatten(result.data.data as Node) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'companies:manage');
  const form = await request.formData();
  const companyId = String(form.get('companyId') ?? '');
  const intent = String(form.get('intent') ?? '');
  const api = createApi(request, context, { language: me.user.language });
  const company = api.client.api.company[':companyId'];
  const result =
    intent === 'move'
      ? await api.send(
          company.parent.$put({ param: { companyId }, json: { parent_company_id: Number(form.get('parentId')) } }),
        )
      : await api.send(company.closed.$put({ param: { companyId }, json: { is_closed: intent === 'close' } }));
  const done = intent === 'move' ? 'moveDone' : intent === 'close' ? 'closeDone' : 'reopenDone';
  if (result.ok) return data({ ok: true as const, done, at: Date.now() }, { headers: api.headers() });
  return data(
    { ok: false as const, error: result.error['error-msg'], at: Date.now() },
    { status: result.status, headers: api.headers() },
  );
}

function MoveForm({ row, rows, onDone }: { row: Row; rows: Row[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [parent, setParent] = useState('');
  const options = rows
    .filter((r) => r.id !== row.id)
    .map((r) => ({ value: String(r.id), label: `${'— '.repeat(r.depth)}${r.name}` }));
  return (
    <Form method="post" onSubmit={onDone}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="companyId" value={row.id} />
      <InlineStack gap="200" blockAlign="end">
        <Select
          label={t('companyCreate.moveUnder')}
          name="parentId"
          options={[{ value: '', label: '—' }, ...options]}
          value={parent}
          onChange={setParent}
        />
        <Button submit disabled={parent === ''}>
          {t('companyCreate.move')}
        </Button>
      </InlineStack>
    </Form>
  );
}

export default function CompaniesPage() {
  const { t } = useTranslation();
  const { rows } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [query, setQuery] = useState('');
  const [moving, setMoving] = useState<number | null>(null);
  useOutcomeToast(
    answer,
    answer
      ? answer.ok
        ? { text: tKey(t, `companyCreate.${answer.done}`) }
        : { text: answer.error, error: true }
      : null,
  );
  const q = query.trim().toLowerCase();
  const shown = q === '' ? rows : rows.filter((r) => r.name.toLowerCase().includes(q));
  return (
    <Page
      title={t('companyCreate.treeTitle')}
      primaryAction={{ content: t('companyCreate.menuCreate'), url: '/create-company/step-1' }}
      secondaryActions={[{ content: t('companyCreate.menuDelete'), url: '/companies/delete', destructive: true }]}
    >
      <Card padding="0">
        <BlockStack>
          <Box padding="300">
            <TextField
              label={t('companyCreate.treeSearch')}
              labelHidden
              placeholder={t('companyCreate.treeSearch')}
              value={query}
              onChange={setQuery}
              autoComplete="off"
              clearButton
              onClearButtonClick={() => setQuery('')}
            />
          </Box>
          {shown.length === 0 ? (
            <Box padding="300">
              <Text as="p">{t('companyCreate.treeEmpty')}</Text>
            </Box>
          ) : null}
          {shown.map((row) => (
            <Box key={row.id} padding="300" borderBlockStartWidth="025" borderColor="border">
              <BlockStack gap="200">
                <InlineStack align="space-between" blockAlign="center">
                  <InlineStack gap="200" blockAlign="center">
                    <span style={{ paddingInlineStart: `${row.depth * 1.5}rem` }} />
                    <Text as="span" fontWeight={row.depth === 0 ? 'bold' : 'regular'}>
                      {row.name}
                    </Text>
                    <Text as="span" tone="subdued">
                      {row.country}
                    </Text>
                    {row.is_closed ? <Badge tone="warning">{t('companyCreate.closed')}</Badge> : null}
                  </InlineStack>
                  {row.depth > 0 ? (
                    <InlineStack gap="200">
                      <Button onClick={() => setMoving(moving === row.id ? null : row.id)}>
                        {t('companyCreate.move')}
                      </Button>
                      <Form method="post">
                        <input type="hidden" name="companyId" value={row.id} />
                        <input type="hidden" name="intent" value={row.is_closed ? 'reopen' : 'close'} />
                        <Button submit loading={navigation.state === 'submitting'}>
                          {t(row.is_closed ? 'companyCreate.reopen' : 'companyCreate.close')}
                        </Button>
                      </Form>
                    </InlineStack>
                  ) : null}
                </InlineStack>
                {moving === row.id ? <MoveForm row={row} rows={rows} onDone={() => setMoving(null)} /> : null}
              </BlockStack>
            </Box>
          ))}
        </BlockStack>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
