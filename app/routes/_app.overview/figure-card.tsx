/** @module One key figure of the company overview: a label, the figure, detail lines and a link to its list screen. */
import { BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FigureCardProps {
  label: string;
  value: string;
  /** Lines under the figure (breakdowns, last month). */
  details?: ReactNode[];
  /** The list screen the figure counts. */
  url: string;
  muted?: boolean;
}

export function FigureCard({ label, value, details = [], url, muted }: FigureCardProps) {
  const { t } = useTranslation();
  return (
    <section aria-label={label}>
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingSm" tone="subdued">
            {label}
          </Text>
          <Text as="p" variant="headingXl" tone={muted ? 'subdued' : undefined}>
            {value}
          </Text>
          {details.map((line, i) => (
            // Fixed lines in a fixed order: the index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: static list
            <Text key={i} as="p" variant="bodySm" tone="subdued">
              {line}
            </Text>
          ))}
          <InlineStack>
            <Button variant="plain" url={url}>
              {t('companyOverview.view')}
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
    </section>
  );
}
