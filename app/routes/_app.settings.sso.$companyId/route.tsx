/**
 * @module /settings/sso/{companyId}: a company's single sign-on with OpenID Connect (ADR 048): issuer,
 * client id and secret (write-only), allowed e-mail domains, defaults for people created at their first
 * login, whether the provider's MFA replaces our 2FA, enabled; and a test of the issuer's discovery document.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Page,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { useOutcomeToast } from '../../components/use-outcome-toast';
import { tKey } from '../../i18n/resources';
import { titleMeta } from '../../lib/meta';
import { readSso, type SsoActionData, saveSso } from './sso.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'sso.settings.title');

export const loader = ({ request, context, params }: LoaderFunctionArgs) =>
  readSso(request, context, params.companyId ?? '');

export const action = ({ request, context, params }: ActionFunctionArgs) =>
  saveSso(request, context, params.companyId ?? '');

export default function SsoSettings() {
  const { t } = useTranslation();
  const sso = useLoaderData<typeof loader>();
  const answer = useActionData<SsoActionData>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [form, setForm] = useState({
    issuer: sso.issuer,
    client_id: sso.client_id,
    client_secret: '',
    domains: sso.domains.join(', '),
    roles: sso.default_roles,
    group: sso.default_corporate_group_id ? String(sso.default_corporate_group_id) : '',
    mfa: sso.idp_mfa_replaces_2fa,
    enabled: sso.enabled,
  });
  const set =
    <K extends keyof typeof form>(key: K) =>
    (value: (typeof form)[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  useOutcomeToast(answer, answer?.saved ? { text: t('sso.settings.saved') } : null);
  const errorOf = (field: string) => (answer?.field === field ? answer.error : undefined);
  const busy = navigation.state !== 'idle';

  return (
    <Page
      title={t('sso.settings.title')}
      backAction={{ content: t('sso.settings.back'), url: `/settings/${sso.company_id}` }}
    >
      <Form method="post">
        <input type="hidden" name="intent" value="save" />
        <BlockStack gap="400">
          {answer?.error && !answer.field ? (
            <Banner tone="critical">
              <p>{answer.error}</p>
            </Banner>
          ) : null}
          {answer?.test ? (
            <Banner tone={answer.test.ok ? 'success' : 'critical'}>
              <p>
                {answer.test.ok
                  ? t('sso.settings.testOk', { issuer: answer.test.issuer })
                  : t('sso.settings.testFailed', { error: answer.test.error })}
              </p>
            </Banner>
          ) : null}
          <Card>
            <FormLayout>
              <Text as="p" tone="subdued">
                {t('sso.settings.intro')}
              </Text>
              <TextField
                label={t('sso.settings.issuer')}
                name="issuer"
                value={form.issuer}
                onChange={set('issuer')}
                helpText={t('sso.settings.issuerHelp')}
                error={errorOf('issuer')}
                autoComplete="off"
              />
              <TextField
                label={t('sso.settings.clientId')}
                name="client_id"
                value={form.client_id}
                onChange={set('client_id')}
                error={errorOf('client_id')}
                autoComplete="off"
              />
              <TextField
                label={t('sso.settings.clientSecret')}
                name="client_secret"
                type="password"
                value={form.client_secret}
                onChange={set('client_secret')}
                helpText={sso.client_secret_set ? t('sso.settings.secretStored') : t('sso.settings.secretMissing')}
                error={errorOf('client_secret')}
                autoComplete="new-password"
              />
              <TextField
                label={t('sso.settings.domains')}
                name="domains"
                value={form.domains}
                onChange={set('domains')}
                helpText={t('sso.settings.domainsHelp')}
                error={errorOf('domains')}
                autoComplete="off"
              />
              <Text as="p" tone="subdued">
                {t('sso.settings.redirectUri', { uri: sso.redirect_uri })}
              </Text>
            </FormLayout>
          </Card>
          <Card>
            <FormLayout>
              <Text as="h2" variant="headingSm">
                {t('sso.settings.defaultRoles')}
              </Text>
              {sso.role_options.map((r) => (
                <Checkbox
                  key={r.id}
                  label={`${tKey(t, r.key)} (${r.id})`}
                  checked={form.roles.includes(r.id)}
                  onChange={(on) => set('roles')(on ? [...form.roles, r.id] : form.roles.filter((x) => x !== r.id))}
                />
              ))}
              {form.roles.map((id) => (
                <input key={id} type="hidden" name="default_roles" value={id} />
              ))}
              {errorOf('roles') ? (
                <Text as="p" tone="critical">
                  {errorOf('roles')}
                </Text>
              ) : null}
              <Select
                label={t('sso.settings.defaultGroup')}
                name="default_corporate_group_id"
                options={[
                  { label: t('sso.settings.noGroup'), value: '' },
                  ...sso.group_options.map((g) => ({ label: g.name, value: String(g.id) })),
                ]}
                value={form.group}
                onChange={set('group')}
                error={errorOf('default_corporate_group_id')}
              />
              <Checkbox
                label={t('sso.settings.mfaReplaces')}
                helpText={t('sso.settings.mfaReplacesHelp')}
                checked={form.mfa}
                onChange={set('mfa')}
              />
              <input type="hidden" name="idp_mfa_replaces_2fa" value={String(form.mfa)} />
              <Checkbox label={t('sso.settings.enabled')} checked={form.enabled} onChange={set('enabled')} />
              <input type="hidden" name="enabled" value={String(form.enabled)} />
            </FormLayout>
          </Card>
          <InlineStack gap="200" align="end">
            <Button disabled={busy} onClick={() => submit({ intent: 'test', issuer: form.issuer }, { method: 'post' })}>
              {t('sso.settings.test')}
            </Button>
            <Button submit variant="primary" loading={busy}>
              {t('sso.settings.save')}
            </Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
