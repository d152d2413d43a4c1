/** @module The uptime screen's excluded periods (list, add, delete) and fault-to-ticket threshold cards. */

import { EXCLUSION_REASONS } from '@domain/uptime/availability';
import { Form } from '@remix-run/react';
import {
  BlockStack,
  Button,
  Card,
  DataTable,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { type FieldFailure, fieldErrorFrom } from '../../lib/field-errors';
import { formatDateTime } from '../../lib/format';

interface Exclusion {
  id: number;
  station_uid: string;
  evse_id: string | null;
  connector_id: number | null;
  reason: string;
  note: string | null;
  starts_at: string;
  ends_at: string;
}

const utc = (iso: string) => formatDateTime(iso, { timeZone: 'UTC' });

/** The connector a row's 'Exclude a period' picked: the form starts from its station and connector. */
export interface ExclusionTarget {
  station_id: string;
  connector_id: string;
}

export function ExclusionsCard(props: {
  exclusions: Exclusion[];
  canManage: boolean;
  answer: FieldFailure | null;
  target: ExclusionTarget | null;
}) {
  const { t } = useTranslation();
  const errorOf = fieldErrorFrom(props.answer);
  const [reason, setReason] = useState<string>(EXCLUSION_REASONS[1]);
  const [values, setValues] = useState({ station_id: '', connector_id: '', starts_at: '', ends_at: '', note: '' });
  useEffect(() => {
    if (props.target) setValues((s) => ({ ...s, ...props.target }));
  }, [props.target]);
  const field = (name: keyof typeof values, label: string, type: 'text' | 'number' | 'datetime-local' = 'text') => (
    <TextField
      label={label}
      name={name}
      type={type}
      value={values[name]}
      onChange={(v) => setValues((s) => ({ ...s, [name]: v }))}
      error={errorOf(name)}
      autoComplete="off"
    />
  );
  const rows = props.exclusions.map((e) => [
    e.evse_id ? `${e.station_uid} · ${e.evse_id}` : `${e.station_uid} · ${t('uptime.exclusions.wholeStation')}`,
    tKey(t, `uptime.reason.${e.reason}`),
    `${utc(e.starts_at)} → ${utc(e.ends_at)}`,
    e.note ?? '',
    props.canManage ? (
      <Form method="post" key={e.id}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={e.id} />
        <Button submit variant="plain" tone="critical">
          {t('uptime.exclusions.delete')}
        </Button>
      </Form>
    ) : (
      ''
    ),
  ]);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('uptime.exclusions.title')}
        </Text>
        <Text as="p" tone="subdued">
          {t('uptime.exclusions.help')}
        </Text>
        {rows.length === 0 ? (
          <Text as="p">{t('uptime.exclusions.empty')}</Text>
        ) : (
          <DataTable
            columnContentTypes={['text', 'text', 'text', 'text', 'text']}
            headings={[
              t('uptime.col.station'),
              t('uptime.exclusions.reason'),
              `${t('uptime.exclusions.startsAt')} → ${t('uptime.exclusions.endsAt')}`,
              t('uptime.exclusions.note'),
              '',
            ]}
            rows={rows}
          />
        )}
        {props.canManage ? (
          <Form method="post">
            <input type="hidden" name="intent" value="create" />
            <FormLayout>
              <FormLayout.Group>
                {field('station_id', t('uptime.exclusions.station'), 'number')}
                {field('connector_id', t('uptime.exclusions.connector'), 'number')}
                <Select
                  label={t('uptime.exclusions.reason')}
                  name="reason"
                  options={EXCLUSION_REASONS.map((r) => ({ value: r, label: tKey(t, `uptime.reason.${r}`) }))}
                  value={reason}
                  onChange={setReason}
                  error={errorOf('reason')}
                />
              </FormLayout.Group>
              <FormLayout.Group>
                {field('starts_at', t('uptime.exclusions.startsAt'), 'datetime-local')}
                {field('ends_at', t('uptime.exclusions.endsAt'), 'datetime-local')}
                {field('note', t('uptime.exclusions.note'))}
              </FormLayout.Group>
              <InlineStack>
                <Button submit variant="primary">
                  {t('uptime.exclusions.add')}
                </Button>
              </InlineStack>
            </FormLayout>
          </Form>
        ) : null}
      </BlockStack>
    </Card>
  );
}

export function ThresholdCard(props: { minutes: number; answer: FieldFailure | null }) {
  const { t } = useTranslation();
  const [minutes, setMinutes] = useState(String(props.minutes));
  const errorOf = fieldErrorFrom(props.answer, { api: { minutes: 'fault_ticket_minutes' } });
  return (
    <Card>
      <Form method="post">
        <input type="hidden" name="intent" value="threshold" />
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {t('uptime.threshold.title')}
          </Text>
          <InlineStack gap="300" blockAlign="end">
            <TextField
              label={t('uptime.threshold.label')}
              helpText={t('uptime.threshold.help')}
              name="minutes"
              type="number"
              min={5}
              max={10080}
              value={minutes}
              onChange={setMinutes}
              error={errorOf('minutes')}
              autoComplete="off"
            />
            <Button submit>{t('uptime.threshold.save')}</Button>
          </InlineStack>
        </BlockStack>
      </Form>
    </Card>
  );
}
