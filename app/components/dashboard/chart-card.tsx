/**
 * @module One dashboard chart in a Card: its title and unit, where its figures come from (said discreetly),
 * a "Download CSV" link, an empty state when there is nothing to draw, and a "show as table" toggle whose
 * table carries the same figures as the chart (the chart's accessible fallback).
 */
import { BlockStack, Button, Card, DataTable, EmptyState, InlineStack, Text } from '@shopify/polaris';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChartTable {
  headings: string[];
  types: ('text' | 'numeric')[];
  rows: string[][];
}

export function ChartCard(props: {
  title: string;
  unit: string;
  source: 'warehouse' | 'd1' | null;
  csvHref: string;
  /** Nothing to draw: the empty state instead of the chart and its table. */
  empty: boolean;
  /** The chart could not be read: the API's message instead of the chart. */
  error?: string | null;
  table: ChartTable;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const body = props.error ? (
    <Text as="p" tone="critical">
      {t('dashboard.unavailable', { message: props.error })}
    </Text>
  ) : props.empty ? (
    <EmptyState heading={t('dashboard.emptyTitle')} image="">
      <p>{t('dashboard.emptyBody')}</p>
    </EmptyState>
  ) : asTable ? (
    <DataTable columnContentTypes={props.table.types} headings={props.table.headings} rows={props.table.rows} />
  ) : (
    props.children
  );
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="start" gap="200">
          <BlockStack gap="050">
            <Text as="h2" variant="headingMd">
              {props.title}
            </Text>
            <Text as="p" variant="bodySm" tone="subdued">
              {props.unit}
            </Text>
          </BlockStack>
          <InlineStack gap="300" blockAlign="center">
            {props.empty || props.error ? null : (
              <Button variant="plain" onClick={() => setAsTable((v) => !v)} ariaExpanded={asTable}>
                {asTable ? t('dashboard.showChart') : t('dashboard.showTable')}
              </Button>
            )}
            <a href={props.csvHref} download data-testid="chart-csv">
              {t('dashboard.downloadCsv')}
            </a>
          </InlineStack>
        </InlineStack>
        {body}
        {props.source ? (
          <Text as="p" variant="bodySm" tone="subdued" alignment="end">
            {t(`dashboard.source.${props.source}`)}
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
