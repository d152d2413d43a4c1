/**
 * @module /companies/delete ("delete company" in the profile menu): choose a company of the scope, type its
 * name, delete it (DELETE /api/company/{id}, ADR 050). Refusals (wrong name, subsidiaries, stations, the
 * caller's own company) show under the form; success returns to the company list with a toast.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, FormLayout, Page, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { flattenCompanies } from '../../lib/companies';
import { writeToast } from '../../lib/cookies.server';
import { fieldErrorFrom } from '../../lib/field-errors';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';
import { flash } from '../../lib/toast';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'companyCreate.deleteTitle');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'companies:manage');
  // The caller's own and selected companies cannot be deleted: not offered.
  const companies = flattenCompanies(me.companies).filter((c) => c.id !== me.company.id && c.id !== me.user.companyId);
  return { companies };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'companies:manage');
  const form = await request.formData();
  const companyId = String(form.get('companyId') ?? '');
  const name = String(form.get('name') ?? '');
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(api.client.api.company[':companyId'].$delete({ param: { companyId }, json: { name } }));
  if (result.ok) {
    const toast = flash('companyCreate.deleteDone', { name: result.data.name });
    return redirect('/companies', { headers: api.headers(await writeToast(request, toast)) });
  }
  return data(
    { error: result.error['error-msg'], field: result.error.field ?? null },
    { status: result.status, headers: api.headers() },
  );
}

export default function DeleteCompanyPage() {
  const { t } = useTranslation();
  const { companies } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const [companyId, setCompanyId] = useState(String(companies[0]?.id ?? ''));
  const [name, setName] = useState('');
  const errorOf = fieldErrorFrom<'name'>(failed);
  return (
    <Page
      title={t('companyCreate.deleteTitle')}
      backAction={{ content: t('companyCreate.treeTitle'), url: '/companies' }}
    >
      <Form method="post">
        <BlockStack gap="400">
          {failed && failed.field !== 'name' ? <Banner tone="critical">{failed.error}</Banner> : null}
          <Card>
            <BlockStack gap="300">
              <Text as="p">{t('companyCreate.deleteBody')}</Text>
              <FormLayout>
                <Select
                  label={t('companyCreate.deleteCompany')}
                  name="companyId"
                  options={companies.map((c) => ({ value: String(c.id), label: `${'— '.repeat(c.depth)}${c.name}` }))}
                  value={companyId}
                  onChange={setCompanyId}
                />
                <TextField
                  label={t('companyCreate.deleteTypeName')}
                  name="name"
                  value={name}
                  onChange={setName}
                  autoComplete="off"
                  error={errorOf('name')}
                />
              </FormLayout>
              <Button
                submit
                variant="primary"
                tone="critical"
                disabled={name.trim() === '' || companyId === ''}
                loading={navigation.state === 'submitting'}
              >
                {t('companyCreate.deleteAction')}
              </Button>
            </BlockStack>
          </Card>
        </BlockStack>
      </Form>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
