/**
 * @module The device model card of an OCPP 2.0.1 station's detail page (ADR 058 addendum): the
 * variables the station reported (GetBaseReport → NotifyReport), a page at a time, filtered by
 * component through the URL, and a button that asks the station for a new report.
 */
import { useFetcher, useSearchParams } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, DataTable, InlineStack, Pagination, Select, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';

export interface DeviceModelView {
  data: {
    key: string;
    attribute_type: string;
    value: string | null;
    mutability: string | null;
    unit: string | null;
  }[];
  total: number;
  page: number;
  items_per_page: number;
  components: string[];
}

export type DeviceModelRequested =
  | { intent: 'device-model-report'; ok: true; status: string }
  | {
      intent: 'device-model-report';
      ok: false;
      message: string;
    };

export function DeviceModelCard({ model }: { model: DeviceModelView }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fetcher = useFetcher<DeviceModelRequested>();
  const component = params.get('dm_component') ?? '';
  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { preventScrollReset: true });
  };
  const pages = Math.max(1, Math.ceil(model.total / model.items_per_page));
  const said = fetcher.data;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t('deviceModel.title')}
          </Text>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="device-model-report" />
            <Button submit loading={fetcher.state !== 'idle'}>
              {t('deviceModel.request')}
            </Button>
          </fetcher.Form>
        </InlineStack>
        {said ? (
          <Banner tone={said.ok ? 'success' : 'critical'}>
            {said.ok
              ? t('deviceModel.requested', { status: said.status })
              : t('deviceModel.failed', { message: said.message })}
          </Banner>
        ) : null}
        {model.components.length > 0 ? (
          <Select
            label={t('deviceModel.component')}
            options={[
              { label: t('deviceModel.allComponents'), value: '' },
              ...model.components.map((c) => ({ label: c, value: c })),
            ]}
            value={component}
            onChange={(value) => go({ dm_component: value, dm_page: null })}
          />
        ) : null}
        {model.total === 0 ? (
          <Text as="p" tone="subdued">
            {t('deviceModel.empty')}
          </Text>
        ) : (
          <>
            <DataTable
              columnContentTypes={['text', 'text', 'text', 'text', 'text']}
              headings={[
                t('deviceModel.variable'),
                t('deviceModel.attribute'),
                t('deviceModel.value'),
                t('deviceModel.unit'),
                t('deviceModel.access'),
              ]}
              rows={model.data.map((v) => [
                v.key,
                v.attribute_type,
                v.value ?? '—',
                v.unit ?? '—',
                v.mutability ?? '—',
              ])}
              truncate
            />
            <InlineStack align="space-between" blockAlign="center">
              <Text as="span" tone="subdued">
                {t('deviceModel.total', { count: model.total })}
              </Text>
              <Pagination
                hasPrevious={model.page > 0}
                hasNext={model.page + 1 < pages}
                onPrevious={() => go({ dm_page: String(model.page - 1) })}
                onNext={() => go({ dm_page: String(model.page + 1) })}
                label={`${model.page + 1} / ${pages}`}
              />
            </InlineStack>
          </>
        )}
      </BlockStack>
    </Card>
  );
}
