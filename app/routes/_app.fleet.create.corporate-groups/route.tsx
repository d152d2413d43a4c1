/** @module /fleet/create/corporate-groups (and /fleet/corporate-groups/update/{id} reuses the form): a group's name. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { BlockStack, Button, Card, FormLayout, Page, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'fleet.groups.create');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, 'fleet:users:manage');
  return { name: '' };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:users:manage');
  const name = String((await request.formData()).get('name') ?? '');
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.read<{ id: number }>(await api.client.api.users.group.$post({ json: { name } }));
  if (!result.ok) {
    if (result.status === 403) must(result, me);
    return { error: result.error['error-msg'] };
  }
  return redirect(`/fleet/corporate-groups/${result.data.id}`, { headers: api.headers() });
}

export function GroupForm({ title, initial, back }: { title: string; initial: string; back: string }) {
  const { t } = useTranslation();
  const actionData = useActionData<{ error?: string }>();
  const navigation = useNavigation();
  const [name, setName] = useState(initial);
  useOutcomeToast(actionData, actionData?.error ? { text: actionData.error, error: true } : null);
  return (
    <Page title={title} backAction={{ url: back }}>
      <Form method="post">
        <Card>
          <BlockStack gap="300">
            <FormLayout>
              <TextField
                label={t('fleet.groups.name')}
                name="name"
                autoComplete="off"
                value={name}
                onChange={setName}
                error={actionData?.error}
                requiredIndicator
              />
            </FormLayout>
            <Button submit variant="primary" loading={navigation.state !== 'idle'}>
              {t('fleet.groups.save')}
            </Button>
          </BlockStack>
        </Card>
      </Form>
    </Page>
  );
}

export default function CreateGroup() {
  const { t } = useTranslation();
  const { name } = useLoaderData<typeof loader>();
  return <GroupForm title={t('fleet.groups.create')} initial={name} back="/fleet/corporate-groups" />;
}

export const ErrorBoundary = AppRouteErrorBoundary;
