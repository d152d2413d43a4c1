/** @module /fleet/corporate-groups/{id}: a corporate group, its members, rename and delete (with confirmation). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { BlockStack, Card, Modal, Page, ResourceItem, ResourceList, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { displayName } from '../../lib/fleet';
import { fleetId, must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.groups.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:view');
  const api = createApi(request, context);
  const groupId = fleetId(params.id);
  const [group, members] = await Promise.all([
    api.send(api.client.api.users.group[':groupId'].$get({ param: { groupId: String(groupId) } })),
    api.send(api.client.api.users.$post({ json: { corporate_group_id: groupId, items_per_page: 100, page: 0 } })),
  ]);
  return {
    group: must(group, me),
    members: must(members, me),
    canManage: me.permissions.includes('fleet:users:manage'),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:users:manage');
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.read(
    await api.client.api.users.group[':groupId'].$delete({ param: { groupId: String(fleetId(params.id)) } }),
  );
  if (!result.ok) {
    if (result.status === 403) must(result, me);
    return { error: result.error['error-msg'] };
  }
  return redirect('/fleet/corporate-groups', { headers: api.headers() });
}

export default function GroupDetail() {
  const { t } = useTranslation();
  const { group, members, canManage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [confirm, setConfirm] = useState(false);
  useOutcomeToast(actionData, actionData?.error ? { text: actionData.error, error: true } : null);
  return (
    <Page
      title={group.name}
      subtitle={group.company_name ?? undefined}
      backAction={{ url: '/fleet/corporate-groups' }}
      primaryAction={
        canManage ? { content: t('fleet.detail.edit'), url: `/fleet/corporate-groups/update/${group.id}` } : undefined
      }
      secondaryActions={
        canManage
          ? [
              { content: t('fleet.groups.addUsers'), url: `/fleet/corporate-groups/add/user?group=${group.id}` },
              { content: t('fleet.groups.delete'), destructive: true, onAction: () => setConfirm(true) },
            ]
          : []
      }
    >
      <BlockStack gap="400">
        <Card padding="0">
          <ResourceList
            resourceName={{ singular: t('fleet.groups.members'), plural: t('fleet.groups.members') }}
            items={members.data}
            emptyState={
              <BlockStack>
                <Text as="p" tone="subdued">
                  {t('fleet.groups.noMembers')}
                </Text>
              </BlockStack>
            }
            renderItem={(u) => (
              <ResourceItem
                id={String(u.id)}
                url={canManage ? `/fleet/corporate-groups/update/user/${u.id}` : `/fleet/users/detail/${u.id}`}
              >
                <Text as="span" fontWeight="semibold">
                  {displayName(u)}
                </Text>{' '}
                <Text as="span" tone="subdued">
                  {u.email} · {tKey(t, `fleet.status.${u.state === 'deleted' ? 'deleted' : u.status}`)}
                </Text>
              </ResourceItem>
            )}
          />
        </Card>
      </BlockStack>
      <Modal
        open={confirm}
        onClose={() => setConfirm(false)}
        title={t('fleet.groups.deleteTitle')}
        primaryAction={{
          content: t('fleet.groups.delete'),
          destructive: true,
          loading: navigation.state !== 'idle',
          onAction: () => (document.getElementById('delete-group') as HTMLFormElement | null)?.requestSubmit(),
        }}
        secondaryActions={[{ content: t('fleet.wizard.cancel'), onAction: () => setConfirm(false) }]}
      >
        <Modal.Section>
          <Form method="post" id="delete-group" onSubmit={() => setConfirm(false)}>
            <Text as="p">{t('fleet.groups.deleteBody')}</Text>
          </Form>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
