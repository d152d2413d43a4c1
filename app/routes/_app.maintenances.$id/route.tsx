/** @module /maintenances/{id}: one maintenance ticket. */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Badge, BlockStack, Card, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/maintenance/maintenance-cards';
import { PRIORITY_TONE } from '../../components/maintenance/ticket-form';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { tKey } from '../../i18n/resources';
import { formatDateTime } from '../../lib/format';
import { titleMeta } from '../../lib/meta';
import { loadTicket } from '../../lib/tickets.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'maintenance.tickets.tickets');

export async function loader(args: LoaderFunctionArgs) {
  const { me, ticket } = await loadTicket(args);
  return { ticket, timeZone: me.company.timeZone, language: me.user.language };
}

export default function TicketPage() {
  const { t } = useTranslation();
  const { ticket, timeZone, language } = useLoaderData<typeof loader>();
  const when = (v: string) => formatDateTime(v, { timeZone, language });
  return (
    <Page
      title={t('maintenance.tickets.viewTitle', { id: ticket.id })}
      subtitle={ticket.title}
      titleMetadata={
        ticket.resolved ? (
          <Badge tone="success">{t('maintenance.tickets.priorities.resolved')}</Badge>
        ) : (
          <Badge tone={PRIORITY_TONE[ticket.priority]}>
            {tKey(t, `maintenance.tickets.priorities.${ticket.priority}`)}
          </Badge>
        )
      }
      backAction={{
        content: t('maintenance.tickets.tickets'),
        url: ticket.connector_id ? `/maintenance/${ticket.connector_id}` : '/maintainer/overview',
      }}
      primaryAction={{ content: t('maintenance.tickets.edit'), url: `/maintenance/edit/${ticket.id}` }}
    >
      <Card>
        <BlockStack gap="300">
          <Field label={t('maintenance.tickets.connector')}>{ticket.connector_evseid ?? '—'}</Field>
          <Field label={t('maintenance.tickets.station')}>{`${ticket.station_name} (${ticket.station_uid})`}</Field>
          <Field label={t('maintenance.tickets.priority')}>
            {tKey(t, `maintenance.tickets.priorities.${ticket.priority}`)}
          </Field>
          <Field label={t('maintenance.tickets.operator')}>{ticket.operator ?? '—'}</Field>
          <Field
            label={t('maintenance.tickets.createdBy')}
          >{`${ticket.created_by ?? '—'} · ${when(ticket.created_at)}`}</Field>
          <Field label={t('maintenance.tickets.resolved')}>
            {ticket.resolved && ticket.resolved_at
              ? t('maintenance.tickets.resolvedBy', { who: ticket.resolved_by ?? '—', when: when(ticket.resolved_at) })
              : t('maintenance.tickets.open')}
          </Field>
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              {t('maintenance.tickets.problem')}
            </Text>
            <Text as="p" breakWord>
              {ticket.problem}
            </Text>
          </BlockStack>
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              {t('maintenance.tickets.action')}
            </Text>
            <Text as="p" breakWord>
              {ticket.action ?? '—'}
            </Text>
          </BlockStack>
        </BlockStack>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
