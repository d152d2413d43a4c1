/**
 * @module The dashboards' Metabase tab (ADR 055): the signed embed of the company's Metabase dashboard in
 * a frame when the deployment configures Metabase, its message otherwise; the dashboard number in the URL.
 */
import { Form } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, InlineStack, Text, TextField } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function MetabasePanel(props: { id: number; url: string | null; error: string | null }) {
  const { t } = useTranslation();
  const [id, setId] = useState(String(props.id));
  useEffect(() => setId(String(props.id)), [props.id]);
  if (!props.url) {
    return (
      <Banner tone="info" title={t('dashboard.metabase.notConfigured')}>
        {props.error && props.error !== t('dashboard.metabase.notConfigured') ? <p>{props.error}</p> : null}
      </Banner>
    );
  }
  return (
    <BlockStack gap="400">
      <Card>
        <Form method="get">
          <InlineStack gap="300" blockAlign="end">
            <TextField
              label={t('dashboard.metabase.dashboard')}
              name="metabase"
              type="number"
              min={1}
              value={id}
              onChange={setId}
              autoComplete="off"
            />
            <Button submit>{t('dashboard.metabase.open')}</Button>
          </InlineStack>
        </Form>
      </Card>
      <Card padding="0">
        <iframe
          src={props.url}
          title={t('dashboard.metabase.frame', { id: props.id })}
          width="100%"
          height={800}
          style={{ border: 0, display: 'block' }}
          referrerPolicy="no-referrer"
        />
      </Card>
      <Text as="p" variant="bodySm" tone="subdued">
        {t('dashboard.metabase.help')}
      </Text>
    </BlockStack>
  );
}
