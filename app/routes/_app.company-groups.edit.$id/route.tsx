/**
 * @module /company-groups/edit/{id}: one company group: rename, delete after a confirmation (refused
 * while it has sub-groups), add a sub-group, and its members by kind (stations, fleet users, private
 * users) with search to add and a remove action (spec 7.20).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, InlineStack, Modal, Page, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberCard } from '../../components/company-groups/member-card';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { writeToast } from '../../lib/cookies.server';
import { fleetId, must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';
import { flash } from '../../lib/toast';
import { changeMember, readMembers, tabOf } from './members.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'companyGroups.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'company-groups:manage');
  const id = fleetId(params.id);
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get('members'));
  const page = Math.max(0, Number(url.searchParams.get('page')) || 0);
  const q = (url.searchParams.get('q') ?? '').trim();
  const api = createApi(request, context, { language: me.user.language });
  const [group, members] = await Promise.all([
    api.send(api.client.api['company-groups'][':id'].$get({ param: { id: String(id) } })),
    readMembers(api, id, tab, page, q),
  ]);
  return { group: must(group, me).data, tab, page, q, ...members };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'company-groups:manage');
  const id = fleetId(params.id);
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const api = createApi(request, context, { language: me.user.language });
  const one = api.client.api['company-groups'][':id'];
  const param = { id: String(id) };
  const url = new URL(request.url);
  const pending =
    intent === 'delete'
      ? one.$delete({ param })
      : intent === 'rename'
        ? one.$put({ param, json: { name: String(form.get('name') ?? '') } })
        : changeMember(api, id, tabOf(url.searchParams.get('members')), Number(form.get('member')), intent === 'add');
  const result = await api.send(pending);
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data({ intent, error: result.error['error-msg'], field: result.error.field }, { status: result.status });
  }
  const toast = { delete: 'companyGroups.deleted', rename: 'companyGroups.saved', add: 'companyGroups.added' }[intent];
  const headers = api.headers(await writeToast(request, flash(toast ?? 'companyGroups.removed')));
  if (intent === 'delete') return redirect('/company-groups', { headers });
  return redirect(`${url.pathname}${url.search}`, { headers });
}

export default function EditCompanyGroup() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const { group } = loaded;
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [name, setName] = useState(group.name);
  const [confirming, setConfirming] = useState(false);
  const busy = navigation.state !== 'idle';
  return (
    <Page
      title={t('companyGroups.formEditTitle', { name: group.name })}
      subtitle={`${group.level_label} · ${group.path.join(' › ')}`}
      backAction={{ content: t('companyGroups.back'), url: '/company-groups' }}
      secondaryActions={[
        ...(group.level < 4
          ? [
              {
                content: t('companyGroups.addChild'),
                url: `/company-groups/create?parent=${group.id}&level=${group.level + 1}`,
              },
            ]
          : []),
        { content: t('companyGroups.delete'), destructive: true, onAction: () => setConfirming(true) },
      ]}
    >
      <BlockStack gap="400">
        {failed && failed.intent !== 'rename' ? <Banner tone="critical">{failed.error}</Banner> : null}
        <Card>
          <Form method="post">
            <input type="hidden" name="intent" value="rename" />
            <InlineStack gap="300" blockAlign="end" wrap={false}>
              <div style={{ flexGrow: 1 }}>
                <TextField
                  label={t('companyGroups.name')}
                  name="name"
                  value={name}
                  onChange={setName}
                  autoComplete="off"
                  maxLength={80}
                  error={failed?.intent === 'rename' ? failed.error : undefined}
                />
              </div>
              <Button submit loading={busy && navigation.formData?.get('intent') === 'rename'}>
                {t('companyGroups.save')}
              </Button>
            </InlineStack>
          </Form>
        </Card>
        <MemberCard {...loaded} />
      </BlockStack>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('companyGroups.deleteTitle', { name: group.name })}
        primaryAction={{
          content: t('companyGroups.deleteConfirm'),
          destructive: true,
          disabled: group.children > 0,
          loading: busy,
          onAction: () => {
            submit({ intent: 'delete' }, { method: 'post' });
            setConfirming(false);
          },
        }}
        secondaryActions={[{ content: t('companyGroups.cancel'), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">
            {group.children > 0
              ? t('companyGroups.deleteBlocked')
              : t('companyGroups.deleteBody', { stations: group.stations, users: group.users })}
          </Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
