/**
 * @module /overview: the company's own home (issue 20 part 9): key figures of the selected company and
 * its subsidiaries from GET /api/company/{companyId}/overview, each linking to its list screen; a
 * brand-new company is shown how to start. Super users ('companies:manage').
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, EmptyState, InlineGrid, InlineStack, Page } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { createApi } from '../../lib/api.server';
import { titleMeta } from '../../lib/meta';
import { forbidden, requirePermission } from '../../lib/session.server';
import { FigureCard } from './figure-card';
import { figuresOf } from './figures';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'companyOverview.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'companies:manage');
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(
    api.client.api.company[':companyId'].overview.$get({ param: { companyId: String(me.company.id) } }),
  );
  if (result.ok) return { overview: result.data };
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  throw data({ status: result.status }, { status: Math.max(result.status, 500) });
}

export default function CompanyOverviewPage() {
  const { t } = useTranslation();
  const { overview: o } = useLoaderData<typeof loader>();
  return (
    <Page title={t('companyOverview.title')} subtitle={t('companyOverview.subtitle', { company: o.company.name })}>
      <BlockStack gap="400">
        {o.company.is_closed ? <Banner tone="warning">{t('companyOverview.closed')}</Banner> : null}
        {o.brand_new ? (
          <Card>
            <EmptyState heading={t('companyOverview.startTitle')} image="">
              <BlockStack gap="300">
                <p>{t('companyOverview.startBody')}</p>
                <InlineStack gap="200" align="center">
                  <Button variant="primary" url="/connectors/onboard-station">
                    {t('companyOverview.onboardStation')}
                  </Button>
                  <Button url="/fleet/users/create">{t('companyOverview.createUser')}</Button>
                  <Button url="/backoffice/create">{t('companyOverview.createStaff')}</Button>
                </InlineStack>
              </BlockStack>
            </EmptyState>
          </Card>
        ) : null}
        <InlineGrid columns={{ xs: 1, sm: 2, lg: 3 }} gap="400">
          {figuresOf(o, t).map((figure) => (
            <FigureCard key={figure.url + figure.label} {...figure} />
          ))}
        </InlineGrid>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
