/** @module The connector group page's read-only cards: the group's totals and the sessions on its connectors. */
import { type useLoaderData, useNavigate } from '@remix-run/react';
import { Badge, BlockStack, Box, Card, EmptyState, IndexTable, InlineGrid, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { listPagination } from '../../components/lists/list-controls';
import { formatNumber } from '../../lib/format';
import { SESSIONS_PAGE } from './paging';
import type { loader } from './route';

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** The group's totals: connectors, sessions, energy and charging time, first and last session. */
export function GroupTotalsCard({ totals, when }: { totals: Loaded['totals']; when: (v: string | null) => string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('groups.totals.title')}
        </Text>
        <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
          <Figure label={t('groups.totals.connectors')} value={formatNumber(totals.connectors)} />
          <Figure label={t('groups.totals.sessions')} value={formatNumber(totals.sessions)} />
          <Figure label={t('groups.totals.inProgress')} value={formatNumber(totals.inProgress)} />
          <Figure
            label={t('groups.totals.energy')}
            value={`${formatNumber(totals.energyWh / 1000, { maximumFractionDigits: 1 })} kWh`}
          />
          <Figure
            label={t('groups.totals.chargingTime')}
            value={`${formatNumber(totals.chargingMinutes / 60, { maximumFractionDigits: 1 })} h`}
          />
          <Figure label={t('groups.totals.first')} value={when(totals.firstSessionAt)} />
          <Figure label={t('groups.totals.last')} value={when(totals.lastSessionAt)} />
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}

/** The sessions on the group's connectors, newest first, a page at a time. */
export function GroupSessionsCard({
  sessions,
  page,
  onPage,
  when,
}: {
  sessions: Loaded['sessions'];
  page: number;
  onPage: (page: number) => void;
  when: (v: string | null) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card padding="0">
      <Box padding="300">
        <Text as="h2" variant="headingMd">
          {t('groups.sessions.title')}
        </Text>
      </Box>
      <IndexTable
        resourceName={{ singular: t('groups.sessions.one'), plural: t('groups.sessions.title') }}
        itemCount={sessions.data.length}
        selectable={false}
        emptyState={
          <EmptyState heading={t('groups.sessions.empty')} image="">
            <p>{t('groups.sessions.emptyBody')}</p>
          </EmptyState>
        }
        headings={[
          { title: t('groups.sessions.start') },
          { title: t('groups.sessions.end') },
          { title: t('groups.fields.evse') },
          { title: t('groups.fields.station') },
          { title: t('groups.sessions.user') },
          { title: t('groups.sessions.energy'), alignment: 'end' },
          { title: t('groups.sessions.chargingTime'), alignment: 'end' },
          { title: t('groups.fields.status') },
        ]}
        pagination={listPagination(
          page,
          sessions.total,
          SESSIONS_PAGE,
          onPage,
          t('groups.sessions.count', { count: sessions.total }),
        )}
      >
        {sessions.data.map((s, i) => (
          <IndexTable.Row
            id={String(s.id)}
            key={s.id}
            position={i}
            onClick={() => navigate(`/sessions/detail/${s.id}`)}
          >
            <IndexTable.Cell>{when(s.startAt)}</IndexTable.Cell>
            <IndexTable.Cell>{when(s.endAt)}</IndexTable.Cell>
            <IndexTable.Cell>{s.connectorEvseId ?? '—'}</IndexTable.Cell>
            <IndexTable.Cell>{s.stationName}</IndexTable.Cell>
            <IndexTable.Cell>{s.userEmail ?? '—'}</IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {s.energyWh === null ? '—' : `${formatNumber(s.energyWh / 1000, { maximumFractionDigits: 2 })} kWh`}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {s.chargingMinutes === null ? '—' : `${formatNumber(s.chargingMinutes)} min`}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={s.status === 'in_progress' ? 'info' : undefined}>
                {s.status === 'in_progress' ? t('groups.sessions.inProgress') : t('groups.sessions.closed')}
              </Badge>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="100">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" variant="headingMd">
        {value}
      </Text>
    </BlockStack>
  );
}
