/**
 * @module /customer-group/{userGroupId}/edit: change a customer group, delete it after a confirmation
 * (the API refuses while tariffs or members still refer to it, and the page says so), or reactivate it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import { Banner, Modal, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupForm, groupBody, typedAmount } from '../../components/customer-groups/group-form';
import { idOf } from '../../components/customer-groups/group-id';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { flattenCompanies } from '../../lib/companies';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'customerGroups.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'customer-groups:manage');
  const api = createApi(request, context, { language: me.user.language });
  const { data: group } = must(
    await api.send(api.client.api['customer-type'][':id'].$get({ param: { id: idOf(params.userGroupId) } })),
    me,
  );
  const companies = flattenCompanies(me.companies);
  // A linked company the caller cannot see in the menu still shows, by id, so saving keeps it.
  for (const id of group.linked_company_ids)
    if (!companies.some((c) => c.id === id)) companies.push({ id, name: `#${id}`, depth: 0 });
  return { group, companies, currency: me.company.currency ?? 'EUR' };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'customer-groups:manage');
  const api = createApi(request, context, { language: me.user.language });
  const param = { id: idOf(params.userGroupId) };
  const form = await request.formData();
  const intent = form.get('intent');
  const one = api.client.api['customer-type'][':id'];
  let pending: Promise<Pick<Response, 'ok' | 'status' | 'json'>>;
  if (intent === 'delete') pending = one.$delete({ param });
  else if (intent === 'reactivate') pending = one.$patch({ param });
  else {
    const parsed = groupBody(form);
    if ('badField' in parsed) return data({ error: '', field: parsed.badField, amount: true }, { status: 400 });
    pending = one.$put({ param, json: parsed.body });
  }
  const result = await api.send(pending);
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    if (result.status === 404 && intent !== 'save') throw data({ message: result.error['error-msg'] }, { status: 404 });
    const field = intent === 'save' && result.status === 409 ? 'name' : result.error.field;
    return data({ error: result.error['error-msg'], field }, { status: result.status });
  }
  if (intent === 'delete') return redirect('/customer-group', { headers: api.headers() });
  return redirect(`/customer-group/${param.id}/edit`, { headers: api.headers() });
}

export default function EditCustomerGroup() {
  const { t } = useTranslation();
  const { group, companies, currency } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const busy = navigation.state !== 'idle';
  return (
    <>
      <GroupForm
        key={JSON.stringify(group)}
        title={t('customerGroups.form.editTitle', { name: group.name })}
        back="/customer-group"
        initial={{
          name: group.name,
          maxPrice: typedAmount(group.max_price_excl_vat),
          hideRoaming: group.hide_roaming,
          disablePayment: group.disable_payment,
          userPrivacy: group.user_privacy,
          automaticPrivate: group.automatic_private,
          linked: group.linked_company_ids.map(String),
        }}
        currency={currency}
        companies={companies}
        submitLabel={t('customerGroups.form.save')}
        secondaryActions={[
          { content: t('customerGroupMembers.overview'), url: `/customer-group/${group.id}/overview` },
          { content: t('customerGroups.sessions'), url: `/customer-group/${group.id}/sessions/list` },
          group.active
            ? { content: t('customerGroups.form.delete'), destructive: true, onAction: () => setConfirming(true) }
            : {
                content: t('customerGroups.form.reactivate'),
                disabled: busy,
                onAction: () => submit({ intent: 'reactivate' }, { method: 'post' }),
              },
        ]}
        banner={
          group.active ? null : (
            <Banner tone="warning">
              <Text as="p">{t('customerGroups.form.deletedBanner')}</Text>
            </Banner>
          )
        }
      />
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('customerGroups.form.deleteTitle', { name: group.name })}
        primaryAction={{
          content: t('customerGroups.form.deleteConfirm'),
          destructive: true,
          loading: busy,
          onAction: () => {
            submit({ intent: 'delete' }, { method: 'post' });
            setConfirming(false);
          },
        }}
        secondaryActions={[{ content: t('customerGroups.form.cancel'), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t('customerGroups.form.deleteBody')}</Text>
        </Modal.Section>
      </Modal>
    </>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
