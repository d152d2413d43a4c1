/**
 * @module /fleet/key-hangers/{id}: one RFID card — its data, assignment to a user (picker with search),
 * its OCPP group id, type and expiry, and block and unlink, each behind a confirmation that says it
 * is irreversible (spec section 4: both are).
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineGrid,
  InlineStack,
  Modal,
  Page,
  Text,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFields, type CardFieldValues } from '../../components/key-hangers/card-fields';
import { cardTime, displayStatus, lastValidDay, STATUS_TONE } from '../../components/key-hangers/keyfob';
import { type PickerOption, SearchPicker } from '../../components/key-hangers/search-picker';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { fieldErrorFrom } from '../../lib/field-errors';
import { displayName } from '../../lib/fleet';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { type ActionError, cardAction, cardId } from './actions.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'keyHangers.title');

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'fleet:key-hangers');
  const api = createApi(request, context);
  const card = must(await api.send(api.client.api.keyfob[':id'].$get({ param: { id: cardId(params.id) } })), me);
  return { card, timeZone: me.company.timeZone };
}

export const action = cardAction;

type UserOption = { id: number; email: string; first_name: string | null; last_name: string | null };
const userOption = (u: UserOption): PickerOption => ({ value: String(u.id), label: `${displayName(u)} · ${u.email}` });

export default function KeyHanger() {
  const { t, i18n } = useTranslation();
  const { card, timeZone } = useLoaderData<typeof loader>();
  const failed = useActionData<ActionError>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [confirm, setConfirm] = useState<'block' | 'unlink' | null>(null);
  const [user, setUser] = useState<PickerOption | null>(null);
  const [fields, setFields] = useState<CardFieldValues>({
    type: card.type,
    group: card.parent_id_tag ?? '',
    expires: lastValidDay(card.expires_at),
  });
  const status = displayStatus(card);
  const statusLabel = tKey(t, `keyHangers.status.${status}`);
  const final = card.status !== 'active';
  const busy = navigation.state !== 'idle';
  const time = (value: string | null) => cardTime(value, i18n.language, timeZone);
  const fieldError = fieldErrorFrom(failed, { fallback: t('common.generic') });
  useOutcomeToast(failed, failed && !failed.field ? { text: failed.error || t('common.generic'), error: true } : null);
  const run = (intent: 'block' | 'unlink') => {
    setConfirm(null);
    submit({ intent }, { method: 'post' });
  };
  const owner = card.user ? displayName(card.user) : t('keyHangers.notAssigned');

  const facts: [string, string][] = [
    [t('keyHangers.col.uuid'), card.uuid],
    [t('keyHangers.col.code'), card.key_hanger_code],
    [t('keyHangers.col.type'), tKey(t, `keyHangers.type.${card.type}`)],
    [t('keyHangers.col.user'), card.user ? `${owner} · ${card.user.email}` : owner],
    [t('keyHangers.col.group'), card.parent_id_tag ?? '—'],
    [t('keyHangers.col.expires'), card.expires_at ? time(card.expires_at) : t('keyHangers.never')],
    [t('keyHangers.detail.createdAt'), time(card.created_at)],
    ...(card.blocked_at ? [[t('keyHangers.detail.blockedAt'), time(card.blocked_at)] as [string, string]] : []),
    ...(card.unlinked_at ? [[t('keyHangers.detail.unlinkedAt'), time(card.unlinked_at)] as [string, string]] : []),
  ];

  return (
    <Page
      title={t('keyHangers.detail.title', { code: card.key_hanger_code })}
      titleMetadata={<Badge tone={STATUS_TONE[status]}>{statusLabel}</Badge>}
      backAction={{ content: t('keyHangers.detail.back'), url: '/fleet/key-hangers' }}
      secondaryActions={[
        {
          content: t('keyHangers.detail.check'),
          url: `/fleet/check-key-hangers?uuid=${encodeURIComponent(card.uuid)}`,
        },
        ...(final
          ? []
          : [
              ...(card.user
                ? [{ content: t('keyHangers.detail.unlink'), destructive: true, onAction: () => setConfirm('unlink') }]
                : []),
              { content: t('keyHangers.detail.block'), destructive: true, onAction: () => setConfirm('block') },
            ]),
      ]}
    >
      <BlockStack gap="400">
        {final ? <Banner tone="warning">{t('keyHangers.detail.final', { status: statusLabel })}</Banner> : null}
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t('keyHangers.detail.data')}
            </Text>
            <InlineGrid columns={{ xs: 1, md: 2 }} gap="200">
              {facts.map(([label, value]) => (
                <BlockStack key={label} gap="050">
                  <Text as="span" tone="subdued" variant="bodySm">
                    {label}
                  </Text>
                  <Text as="span">{value}</Text>
                </BlockStack>
              ))}
            </InlineGrid>
          </BlockStack>
        </Card>

        {!final && !card.user ? (
          <Card>
            <Form method="post">
              <input type="hidden" name="intent" value="assign" />
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t('keyHangers.detail.assignTitle')}
                </Text>
                <Text as="p" tone="subdued">
                  {t('keyHangers.detail.assignHelp')}
                </Text>
                <SearchPicker<UserOption>
                  endpoint="/api/keyfob/users"
                  toOption={userOption}
                  label={t('keyHangers.detail.user')}
                  placeholder={t('keyHangers.detail.userPlaceholder')}
                  emptyText={t('keyHangers.detail.noUsers')}
                  name="user_id"
                  onChange={setUser}
                  error={fieldError('user_id')}
                />
                <InlineStack>
                  <Button submit variant="primary" disabled={!user} loading={busy}>
                    {t('keyHangers.detail.assign')}
                  </Button>
                </InlineStack>
              </BlockStack>
            </Form>
          </Card>
        ) : null}

        {!final ? (
          <Card>
            <Form method="post">
              <input type="hidden" name="intent" value="save" />
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t('keyHangers.detail.fieldsTitle')}
                </Text>
                <FormLayout>
                  <CardFields values={fields} onChange={setFields} fieldError={fieldError} />
                </FormLayout>
                <InlineStack>
                  <Button submit loading={busy}>
                    {t('keyHangers.detail.save')}
                  </Button>
                </InlineStack>
              </BlockStack>
            </Form>
          </Card>
        ) : null}
      </BlockStack>

      <Modal
        open={confirm === 'block'}
        onClose={() => setConfirm(null)}
        title={t('keyHangers.detail.blockTitle')}
        primaryAction={{ content: t('keyHangers.detail.block'), destructive: true, onAction: () => run('block') }}
        secondaryActions={[{ content: t('keyHangers.detail.cancel'), onAction: () => setConfirm(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t('keyHangers.detail.blockBody')}</Text>
        </Modal.Section>
      </Modal>
      <Modal
        open={confirm === 'unlink'}
        onClose={() => setConfirm(null)}
        title={t('keyHangers.detail.unlinkTitle')}
        primaryAction={{ content: t('keyHangers.detail.unlink'), destructive: true, onAction: () => run('unlink') }}
        secondaryActions={[{ content: t('keyHangers.detail.cancel'), onAction: () => setConfirm(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t('keyHangers.detail.unlinkBody', { user: owner })}</Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
