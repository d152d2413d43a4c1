/**
 * @module /company-groups: the company groups of every company of the caller's tree, nested level 1 → 4
 * with their station and user counts (spec 7.20 `company-groups/recursive`). Role 46 and the admins,
 * with service setting 44.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { BlockStack, Card, EmptyState, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { GroupTree, type TreeGroup } from '../../components/company-groups/group-tree';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { must } from '../../lib/fleet.server';
import { titleMeta } from '../../lib/meta';
import { requirePermission } from '../../lib/session.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'companyGroups.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'company-groups:manage');
  const api = createApi(request, context, { language: me.user.language });
  const tree = must(await api.send(api.client.api['company-groups'].recursive.$get()), me);
  return { ...tree, companyId: me.company.id, canRename: me.permissions.includes('company:settings') };
}

export default function CompanyGroups() {
  const { t } = useTranslation();
  const { labels, data: companies, companyId, canRename } = useLoaderData<typeof loader>();
  const withGroups = companies.filter((c) => c.groups.length > 0);
  const create = { content: t('companyGroups.create'), url: '/company-groups/create?level=1' };
  return (
    <Page
      title={t('companyGroups.title')}
      subtitle={t('companyGroups.subtitle', { labels: labels.join(' › ') })}
      primaryAction={create}
      secondaryActions={
        canRename ? [{ content: t('companyGroups.renameLabels'), url: `/settings/${companyId}?tab=labels` }] : []
      }
    >
      {withGroups.length === 0 ? (
        <Card>
          <EmptyState heading={t('companyGroups.emptyTitle')} action={create} image="">
            <p>{t('companyGroups.emptyBody')}</p>
          </EmptyState>
        </Card>
      ) : (
        <BlockStack gap="400">
          {withGroups.map((c) => (
            <Card key={c.company_id}>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {c.company_name}
                </Text>
                <GroupTree groups={c.groups as unknown as TreeGroup[]} labels={c.labels} />
              </BlockStack>
            </Card>
          ))}
        </BlockStack>
      )}
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
