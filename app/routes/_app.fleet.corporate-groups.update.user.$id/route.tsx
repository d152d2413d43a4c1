/** @module /fleet/corporate-groups/update/user/{id}: move one user to another corporate group. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { BlockStack, Button, Card, Page } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CorporateGroupSelect } from '../../components/corporate-group-select';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { createApi } from '../../lib/api.server';
import { displayName } from '../../lib/fleet';
import { fleetId, must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.groups.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:users:manage');
  const api = createApi(request, context);
  const [user, groups] = await Promise.all([
    api.send(api.client.api.users[':userId'].$get({ param: { userId: String(fleetId(params.id)) } })),
    api.send(api.client.api.users.group.$get()),
  ]);
  return { user: must(user, me), groups: must(groups, me).data };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:users:manage');
  const groupId = String((await request.formData()).get('group') ?? '');
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.read(
    await api.client.api.users.group[':groupId'].users.$put({
      param: { groupId },
      json: { user_ids: [fleetId(params.id)] },
    }),
  );
  if (!result.ok) {
    if (result.status === 403) must(result, me);
    return { error: result.error['error-msg'] };
  }
  return redirect(`/fleet/corporate-groups/${groupId}`, { headers: api.headers() });
}

export default function UpdateUserGroup() {
  const { t } = useTranslation();
  const { user, groups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [group, setGroup] = useState(String(user.corporate_group_id ?? groups[0]?.id ?? ''));
  useOutcomeToast(actionData, actionData?.error ? { text: actionData.error, error: true } : null);
  return (
    <Page title={displayName(user)} subtitle={user.email} backAction={{ url: '/fleet/corporate-groups' }}>
      <Form method="post">
        <Card>
          <BlockStack gap="300">
            <CorporateGroupSelect groups={groups} value={group} onChange={setGroup} />
            <Button submit variant="primary" loading={navigation.state !== 'idle'}>
              {t('fleet.groups.save')}
            </Button>
          </BlockStack>
        </Card>
      </Form>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
