/**
 * @module The session table shared by /connectors/sessions, /connectors/{id}/sessions and
 * /fleet/sessions: variant tabs, IndexFilters (period, status, needs revision, keyword, and pickers
 * with search for station, group, user and corporate group), sort, pagination, the columns shown (a
 * short default per variant, the user's choice) and the sums — all kept in the URL — with the
 * totals above the table so they stay in view, an empty state and the exports.
 */

import type { SessionVariant } from '@domain/sessions/variants';
import { chosenColumns } from '@domain/sessions/visible-columns';
import { useNavigate } from '@remix-run/react';
import { Banner, BlockStack, Card, Checkbox, IndexTable, InlineStack, Tabs, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { ListPage, sortChoices } from '../lists/list-page';
import { useListUrl } from '../lists/use-list-url';
import { type ColumnInfo, formatCell, formatSum } from './cells';
import { ExportButtons } from './export-buttons';
import { PAGE_SIZE, PLACES, type SessionListState, writeState } from './list-state';
import { ColumnPicker, NO_SESSION_FILTERS, sessionFilterParts, useFilterLabels } from './session-filters';

export interface SessionPageData {
  variant: SessionVariant;
  variants: SessionVariant[];
  columns: ColumnInfo[];
  data: Record<string, string | number | boolean | null>[];
  total: number;
  sums: Record<string, number | null>;
  unpriced: number;
  currency: string;
}

export function SessionList(props: {
  title: string;
  subtitle?: string;
  page: SessionPageData;
  state: SessionListState;
  language: string;
  /** Fleet lists choose where the drivers charged. */
  places?: boolean;
  /** Query of /sessions-export (scope and filters); no export buttons without it. */
  exportQuery?: URLSearchParams;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { page, state, language } = props;
  const navigate = useNavigate();
  const list = useListUrl(state, writeState);
  const { update } = list;

  const labels = useFilterLabels(state);
  // The columns shown: the user's choice in the URL, else the variant's short default.
  const chosen = chosenColumns(state.cols, page.variant);
  const columns = page.columns.filter((c) => chosen.includes(c.key));
  const sumColumns = columns.filter((c) => c.sum);
  const col = (key: string) => tKey(t, `sessions.col.${key}`);
  // The API's sort keys (domain/sessions/variants.ts `sort`): start, stop, station, energy, duration
  // and the variant's party totals; ORDER BY adds the id as a tie-breaker.
  const sortableKey = (key: string) =>
    ['cdr_start', 'cdr_end', 'station_name', 'cdr_consumed_energy', 'cdr_time'].includes(key) || key.endsWith('_total');
  const sortColumn = columns.findIndex((c) => c.key === state.sort);
  const { filters, applied } = sessionFilterParts(t, state, update, labels);
  const variantIndex = Math.max(0, page.variants.indexOf(page.variant));
  const placeIndex = PLACES.indexOf(state.place);

  return (
    <BlockStack gap="400">
      {props.places ? (
        <Tabs
          tabs={PLACES.map((p) => ({ id: `place-${p}`, content: t(`sessions.place.${p}`) }))}
          selected={placeIndex}
          onSelect={(i) => update({ place: PLACES[i] ?? 'roaming' })}
        />
      ) : null}
      <InlineStack align="space-between" blockAlign="start" gap="400">
        <Checkbox
          label={t('sessions.demoMode')}
          helpText={t('sessions.demoHint')}
          checked={state.demo}
          onChange={(demo) => update({ demo, page: state.page })}
        />
        <InlineStack gap="200" blockAlign="center">
          <ColumnPicker
            columns={page.columns}
            chosen={chosen}
            variant={page.variant}
            onChange={(cols) => update({ cols, page: state.page })}
          />
          {props.exportQuery ? <ExportButtons query={props.exportQuery} /> : null}
        </InlineStack>
      </InlineStack>
      {page.total > 0 && sumColumns.length > 0 ? (
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingSm">
              {t('sessionTable.totals', { count: page.total })}
            </Text>
            <div data-testid="session-totals">
              <InlineStack gap="600" wrap>
                {sumColumns.map((c) => (
                  <BlockStack gap="050" key={c.key}>
                    <Text as="span" tone="subdued" variant="bodySm">
                      {col(c.key)}
                    </Text>
                    <Text as="span" fontWeight="semibold" numeric>
                      {formatSum(t, c, page.sums[c.key], page.currency)}
                    </Text>
                  </BlockStack>
                ))}
              </InlineStack>
            </div>
          </BlockStack>
        </Card>
      ) : null}
      {page.unpriced > 0 && page.total > 0 ? (
        <Banner tone="info">
          <p>{t('sessions.unpricedCount', { count: page.unpriced })}</p>
        </Banner>
      ) : null}
      <ListPage
        list={list}
        searchPlaceholder={t('sessions.search')}
        filters={filters}
        appliedFilters={applied}
        cleared={NO_SESSION_FILTERS}
        sort={{
          options: sortChoices(columns.map((c) => c.key).filter(sortableKey), col, (direction) =>
            t(`sessions.sort.${direction}`),
          ),
          key: state.sort,
          direction: state.direction,
        }}
        onSort={(sort, direction) => update({ sort, direction })}
        tabs={{
          items: page.variants.map((v) => ({ id: v, content: tKey(t, `sessions.variant.${v}`) })),
          selected: variantIndex,
          onSelect: (i) =>
            update({ variant: page.variants[i] ?? null, sort: 'cdr_start', direction: 'desc', cols: '' }),
        }}
        resourceName={t('sessions.title')}
        empty={{ heading: t('sessions.emptyTitle'), body: t('sessions.emptyBody') }}
        headings={
          columns.map((c) => ({
            title: col(c.key),
            alignment: (['energy', 'money', 'seconds', 'minutes', 'power'].includes(c.kind) ? 'end' : 'start') as
              | 'end'
              | 'start',
          })) as unknown as IndexTableHeadings
        }
        rowCount={page.data.length}
        pagination={{ total: page.total, pageSize: PAGE_SIZE, countLabel: t('sessions.count', { count: page.total }) }}
        table={{
          sortable: columns.map((c) => sortableKey(c.key)),
          ...(sortColumn >= 0 ? { sortColumnIndex: sortColumn } : {}),
          sortDirection: state.direction === 'asc' ? 'ascending' : 'descending',
          defaultSortDirection: 'descending',
          onSort: (index, direction) => {
            const key = columns[index]?.key;
            if (key) update({ sort: key, direction: direction === 'ascending' ? 'asc' : 'desc' });
          },
        }}
      >
        {page.data.map((row, index) => (
          <IndexTable.Row
            id={String(row.id)}
            key={String(row.id)}
            position={index}
            onClick={() => navigate(`/sessions/detail/${row.id}`)}
          >
            {columns.map((c) => (
              <IndexTable.Cell key={c.key}>
                {formatCell(t, c, row[c.key], row, page.currency, language)}
              </IndexTable.Cell>
            ))}
          </IndexTable.Row>
        ))}
        {page.data.length > 0 ? (
          <IndexTable.Row id="sums" position={page.data.length} rowType="subheader">
            {columns.map((c, i) => (
              <IndexTable.Cell key={c.key}>
                <Text as="span" fontWeight="semibold">
                  {i === 0 ? t('sessions.sums') : formatSum(t, c, page.sums[c.key], page.currency)}
                </Text>
              </IndexTable.Cell>
            ))}
          </IndexTable.Row>
        ) : null}
      </ListPage>
      {props.children}
    </BlockStack>
  );
}

type IndexTableHeadings = [{ title: string }, ...{ title: string }[]];
