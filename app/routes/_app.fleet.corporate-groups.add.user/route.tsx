/** @module /fleet/corporate-groups/add/user: put users of the scope into a corporate group. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { BlockStack, Button, Card, Checkbox, Page, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CorporateGroupSelect } from '../../components/corporate-group-select';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { createApi } from '../../lib/api.server';
import { displayName } from '../../lib/fleet';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.groups.addUsers');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:users:manage');
  const api = createApi(request, context);
  const q = new URL(request.url).searchParams.get('q')?.slice(0, 100) ?? '';
  const [groups, users] = await Promise.all([
    api.send(api.client.api.users.group.$get()),
    api.send(
      api.client.api.users.$post({
        json: { state: 'active', items_per_page: 100, page: 0, ...(q ? { keyword: q } : {}) },
      }),
    ),
  ]);
  return { groups: must(groups, me).data, users: must(users, me), q };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:users:manage');
  const form = await request.formData();
  const groupId = String(form.get('group') ?? '');
  const ids = form
    .getAll('user')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const api = createApi(request, context, { language: me.user.language });
  if (!groupId || ids.length === 0) return { error: true as const, message: null };
  const result = await api.read(
    await api.client.api.users.group[':groupId'].users.$put({ param: { groupId }, json: { user_ids: ids } }),
  );
  if (!result.ok) {
    if (result.status === 403) must(result, me);
    return { error: true as const, message: result.error['error-msg'] };
  }
  return redirect(`/fleet/corporate-groups/${groupId}`, { headers: api.headers() });
}

export default function AddUsers() {
  const { t } = useTranslation();
  const { groups, users, q } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params, setParams] = useSearchParams();
  const [group, setGroup] = useState(params.get('group') ?? String(groups[0]?.id ?? ''));
  const [picked, setPicked] = useState<number[]>([]);
  const [query, setQuery] = useState(q);
  useOutcomeToast(
    actionData,
    actionData?.error ? { text: actionData.message ?? t('fleet.wizard.errorsTitle'), error: true } : null,
  );
  return (
    <Page title={t('fleet.groups.addUsers')} backAction={{ url: '/fleet/corporate-groups' }}>
      <Form method="post">
        <BlockStack gap="400">
          <Card>
            <BlockStack gap="300">
              <CorporateGroupSelect groups={groups} value={group} onChange={setGroup} />
              <Text as="p" tone="subdued">
                {t('fleet.groups.addUsersHelp')}
              </Text>
              <TextField
                label={t('fleet.users.search')}
                labelHidden
                placeholder={t('fleet.users.search')}
                autoComplete="off"
                value={query}
                onChange={setQuery}
                onBlur={() => setParams(query ? { q: query } : {}, { replace: true })}
              />
              {users.data.map((u) => (
                <Checkbox
                  key={u.id}
                  label={`${displayName(u)} · ${u.email} · ${u.corporate_group_name ?? '—'}`}
                  checked={picked.includes(u.id)}
                  onChange={(c) => setPicked((p) => (c ? [...p, u.id] : p.filter((x) => x !== u.id)))}
                />
              ))}
              {picked.map((id) => (
                <input key={id} type="hidden" name="user" value={id} />
              ))}
              <Button
                submit
                variant="primary"
                disabled={!group || picked.length === 0}
                loading={navigation.state !== 'idle'}
              >
                {t('fleet.groups.save')}
              </Button>
            </BlockStack>
          </Card>
        </BlockStack>
      </Form>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
