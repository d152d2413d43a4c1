/**
 * @module The dashboards' filter form (GET, so the filters live in the URL): the period with the shared
 * date fields, the company of the subtree, the company group level to split by, the connector group.
 */
import { Form, useNavigation } from '@remix-run/react';
import { Button, Card, InlineStack, Select } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../lists/date-range-fields';
import type { DashboardFilters as Filters } from './chart-data';

const id = (v: number | null) => (v === null ? '' : String(v));

export function DashboardFilters(props: {
  filters: Filters;
  companies: { id: number; name: string; depth: number }[];
  connectorGroups: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const f = props.filters;
  const [from, setFrom] = useState(f.from);
  const [to, setTo] = useState(f.to);
  const [company, setCompany] = useState(id(f.companyId));
  const [level, setLevel] = useState(id(f.groupLevel));
  const [group, setGroup] = useState(id(f.connectorGroupId));
  useEffect(() => {
    setFrom(f.from);
    setTo(f.to);
    setCompany(id(f.companyId));
    setLevel(id(f.groupLevel));
    setGroup(id(f.connectorGroupId));
  }, [f]);
  const companies = props.companies.map((c) => ({
    label: `${'\u00a0\u00a0'.repeat(c.depth)}${c.name}`,
    value: String(c.id),
  }));
  const levels = [
    { label: t('dashboard.noSplit'), value: '' },
    ...[1, 2, 3, 4].map((l) => ({ label: t('dashboard.level', { level: l }), value: String(l) })),
  ];
  return (
    <Card>
      <Form method="get">
        <InlineStack gap="300" blockAlign="end">
          <DateRangeFields
            labels={{ from: t('dashboard.from'), to: t('dashboard.to') }}
            from={from}
            to={to}
            onFrom={setFrom}
            onTo={setTo}
          />
          {companies.length > 1 ? (
            <Select
              label={t('dashboard.company')}
              name="company"
              options={companies}
              value={company || companies[0]?.value}
              onChange={setCompany}
            />
          ) : null}
          <Select label={t('dashboard.groupLevel')} name="level" options={levels} value={level} onChange={setLevel} />
          {props.connectorGroups.length > 0 ? (
            <Select
              label={t('dashboard.connectorGroup')}
              name="connectorGroup"
              options={[
                { label: t('dashboard.allConnectorGroups'), value: '' },
                ...props.connectorGroups.map((g) => ({ label: g.name, value: String(g.id) })),
              ]}
              value={group}
              onChange={setGroup}
            />
          ) : null}
          <Button submit loading={navigation.state === 'loading'}>
            {t('dashboard.apply')}
          </Button>
        </InlineStack>
      </Form>
    </Card>
  );
}
