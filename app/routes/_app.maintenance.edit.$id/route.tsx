/** @module /maintenance/edit/{id}: edit or delete maintenance ticket {id}. */
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/cloudflare';
import { useActionData, useFetcher, useLoaderData } from '@remix-run/react';
import { BlockStack, Button, Modal, Page, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TicketForm } from '../../components/maintenance/ticket-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { unwrap } from '../../lib/maintenance.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { loadTicket, readTicketForm, type Ticket } from '../../lib/tickets.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'maintenance.tickets.edit');

export async function loader(args: LoaderFunctionArgs) {
  const { ticket } = await loadTicket(args);
  return { ticket };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'tickets:manage');
  const form = await request.formData();
  const api = createApi(request, context, { language: me.user.language });
  const id = params.id ?? '';
  if (form.get('intent') === 'delete') {
    const before = unwrap<Ticket>(me, await api.send(api.client.api.maintenance.ticket[':id'].$get({ param: { id } })));
    const res = await api.send(api.client.api.maintenance.ticket.$delete({ query: { id } }));
    if (res.ok) throw redirect(before.connector_id ? `/maintenance/${before.connector_id}` : '/maintainer/overview');
    unwrap(me, res);
  }
  const { fields, missing } = readTicketForm(form);
  if (missing.length) return data({ missing, message: null as string | null }, { status: 400 });
  const res = await api.send(api.client.api.maintenance.ticket.$put({ json: { id: Number(id), ...fields } }));
  if (res.ok) throw redirect(`/maintenances/${id}`);
  if (res.status === 403 || res.status === 404) unwrap(me, res);
  return data({ missing: [] as string[], message: res.error['error-msg'] }, { status: 400 });
}

export default function EditTicketPage() {
  const { t } = useTranslation();
  const { ticket } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const remove = useFetcher();
  const [confirming, setConfirming] = useState(false);
  return (
    <Page
      title={t('maintenance.tickets.editTitle', { id: ticket.id })}
      subtitle={`${ticket.connector_evseid ?? ''} · ${ticket.station_name}`}
      backAction={{ content: t('maintenance.tickets.viewTitle', { id: ticket.id }), url: `/maintenances/${ticket.id}` }}
    >
      <BlockStack gap="400">
        <TicketForm initial={ticket} missing={result?.missing} message={result?.message} />
        <BlockStack inlineAlign="start">
          <Button tone="critical" onClick={() => setConfirming(true)}>
            {t('maintenance.tickets.delete')}
          </Button>
        </BlockStack>
      </BlockStack>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('maintenance.tickets.deleteTitle')}
        primaryAction={{
          content: t('maintenance.tickets.delete'),
          destructive: true,
          loading: remove.state !== 'idle',
          onAction: () => remove.submit({ intent: 'delete' }, { method: 'post' }),
        }}
        secondaryActions={[{ content: t('maintenance.tickets.cancel'), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t('maintenance.tickets.deleteBody')}</Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
