/** @module The maintenance ticket form (spec section 3 "Ticket"): title, problem, action, operator, priority, resolved. */
import { Form, useNavigation } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, Checkbox, FormLayout, Select, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';

const PRIORITIES = ['new', 'stuck', 'critical', 'high', 'medium', 'low'] as const;

export interface TicketValues {
  title: string;
  problem: string;
  action: string | null;
  operator: string | null;
  priority: string;
  resolved: boolean;
}

export const PRIORITY_TONE: Record<string, 'critical' | 'warning' | 'attention' | 'info' | 'success' | undefined> = {
  stuck: 'critical',
  critical: 'critical',
  high: 'warning',
  new: 'info',
  medium: 'attention',
  low: undefined,
};

export function TicketForm({
  initial,
  missing = [],
  message,
}: {
  initial: TicketValues;
  missing?: readonly string[];
  message?: string | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [v, setV] = useState(initial);
  const set = (name: keyof TicketValues) => (value: string | boolean) => setV((old) => ({ ...old, [name]: value }));
  const required = (name: string) => (missing.includes(name) ? t('maintenance.tickets.required') : undefined);
  return (
    <Form method="post">
      <BlockStack gap="400">
        {message && (
          <Banner tone="critical">
            <p>{message}</p>
          </Banner>
        )}
        <Card>
          <FormLayout>
            <TextField
              label={t('maintenance.tickets.title')}
              name="title"
              value={v.title}
              onChange={set('title')}
              error={required('title')}
              requiredIndicator
              maxLength={120}
              autoComplete="off"
            />
            <TextField
              label={t('maintenance.tickets.problem')}
              name="problem"
              value={v.problem}
              onChange={set('problem')}
              error={required('problem')}
              requiredIndicator
              multiline={4}
              autoComplete="off"
            />
            <TextField
              label={t('maintenance.tickets.action')}
              name="action"
              value={v.action ?? ''}
              onChange={set('action')}
              multiline={3}
              autoComplete="off"
            />
            <FormLayout.Group>
              <TextField
                label={t('maintenance.tickets.operator')}
                name="operator"
                value={v.operator ?? ''}
                onChange={set('operator')}
                autoComplete="off"
              />
              <Select
                label={t('maintenance.tickets.priority')}
                name="priority"
                value={v.priority}
                onChange={set('priority')}
                options={PRIORITIES.map((p) => ({ label: tKey(t, `maintenance.tickets.priorities.${p}`), value: p }))}
              />
            </FormLayout.Group>
            <Checkbox
              label={t('maintenance.tickets.resolved')}
              name="resolved"
              checked={v.resolved}
              onChange={set('resolved')}
            />
          </FormLayout>
        </Card>
        <BlockStack inlineAlign="end">
          <Button submit variant="primary" loading={navigation.state === 'submitting'}>
            {t('maintenance.tickets.save')}
          </Button>
        </BlockStack>
      </BlockStack>
    </Form>
  );
}
