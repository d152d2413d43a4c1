/**
 * @module /company-groups/create: a new company group. Level 1 belongs to a company of the caller's
 * tree; a group of level 2 to 4 sits under a group of the level just above (and in its company).
 * `?level=` and `?parent=` preselect (the tree's "Add a sub-group" links).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, FormLayout, Page, Select, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { flattenCompanies } from '../../lib/companies';
import { writeToast } from '../../lib/cookies.server';
import { failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';
import { flash } from '../../lib/toast';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'companyGroups.formCreateTitle');

const levelOf = (raw: string | null) => {
  const n = Number(raw);
  return n >= 1 && n <= 4 && Number.isInteger(n) ? n : 1;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'company-groups:manage');
  const url = new URL(request.url);
  const level = levelOf(url.searchParams.get('level'));
  const api = createApi(request, context, { language: me.user.language });
  const groups = api.client.api['company-groups'];
  const [labels, parents] = await Promise.all([
    api.send(groups.labels.$get()),
    level > 1
      ? api.send(groups.$get({ query: { level: String(level - 1), items_per_page: '100' } }))
      : Promise.resolve(null),
  ]);
  return {
    level,
    parent: url.searchParams.get('parent') ?? '',
    labels: must(labels, me).data.labels,
    parents: parents ? must(parents, me).data.map((g) => ({ id: g.id, label: g.path.join(' › ') })) : [],
    companies: flattenCompanies(me.companies),
    companyId: me.company.id,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, 'company-groups:manage');
  const form = await request.formData();
  const level = levelOf(String(form.get('level')));
  const parent = Number(form.get('parent_id'));
  const json = {
    name: String(form.get('name') ?? ''),
    level,
    parent_id: level > 1 && parent > 0 ? parent : null,
    ...(level === 1 ? { company_id: Number(form.get('company_id')) } : {}),
  };
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(api.client.api['company-groups'].$post({ json }));
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data({ error: result.error['error-msg'], field: result.error.field }, { status: result.status });
  }
  return redirect(`/company-groups/edit/${result.data.data.id}`, {
    headers: api.headers(await writeToast(request, flash('companyGroups.saved'))),
  });
}

export default function CreateCompanyGroup() {
  const { t } = useTranslation();
  const { level, parent, labels, parents, companies, companyId } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState(parent || String(parents[0]?.id ?? ''));
  const [company, setCompany] = useState(String(companyId));
  const errorOf = fieldErrorFrom<'name' | 'parent'>(failed, { api: { parent: 'parent_id' } });
  const summary = failureBesideFields(failed, ['name', 'parent']);
  const levels = [1, 2, 3, 4].map((n) => ({
    value: String(n),
    label: t('companyGroups.levelOf', { level: n, label: labels[n - 1] ?? '' }),
  }));
  return (
    <Page
      title={t('companyGroups.formCreateTitle')}
      backAction={{ content: t('companyGroups.back'), url: '/company-groups' }}
    >
      <Card>
        <Form method="post">
          <BlockStack gap="400">
            {summary ? <Banner tone="critical">{summary}</Banner> : null}
            <FormLayout>
              <Select
                label={t('companyGroups.level')}
                name="level"
                options={levels}
                value={String(level)}
                onChange={(v) => navigate(`?level=${v}`, { replace: true })}
              />
              {level === 1 ? (
                <Select
                  label={t('companyGroups.company')}
                  name="company_id"
                  options={companies.map((c) => ({ value: String(c.id), label: `${'· '.repeat(c.depth)}${c.name}` }))}
                  value={company}
                  onChange={setCompany}
                />
              ) : parents.length === 0 ? (
                <Banner tone="warning">{t('companyGroups.noParentAvailable')}</Banner>
              ) : (
                <Select
                  label={t('companyGroups.parent')}
                  name="parent_id"
                  helpText={t('companyGroups.parentHelp')}
                  options={parents.map((p) => ({ value: String(p.id), label: p.label }))}
                  value={parentId}
                  onChange={setParentId}
                  error={errorOf('parent')}
                />
              )}
              <TextField
                label={t('companyGroups.name')}
                name="name"
                value={name}
                onChange={setName}
                autoComplete="off"
                maxLength={80}
                requiredIndicator
                error={errorOf('name')}
              />
            </FormLayout>
            <Button
              submit
              variant="primary"
              loading={navigation.state === 'submitting'}
              disabled={level > 1 && parents.length === 0}
            >
              {t('companyGroups.create')}
            </Button>
          </BlockStack>
        </Form>
      </Card>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
