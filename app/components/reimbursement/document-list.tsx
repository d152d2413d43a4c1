/**
 * @module The managers' table of reimbursement documents (issue 19 part 3): a tab per type, the search,
 * review and upload-day filters and the page in the URL, each document's review state with who and
 * when, its download, and approve / invalidate / delete (invalidate and delete asked first).
 * The URL shape and row type live in `document-list-url.ts`, the review badge in `document-review-badge.tsx`.
 */
import { typeSlug, type UploadType } from '@domain/reimbursement/documents';
import { Link, useNavigate, useNavigation, useSubmit } from '@remix-run/react';
import {
  BlockStack,
  Button,
  ButtonGroup,
  ChoiceList,
  type IndexFiltersProps,
  IndexTable,
  InlineStack,
  Modal,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatKwh } from '../../lib/format';
import { ListPage } from '../lists/list-page';
import type { ListUrl } from '../lists/use-list-url';
import {
  DOCUMENTS_PAGE_SIZE,
  type DocumentRow,
  type DocumentsState,
  REVIEW_STATES,
  type Review,
} from './document-list-url';
import { displayName, ReviewBadge } from './document-review-badge';

export {
  DOCUMENTS_PAGE_SIZE,
  type DocumentRow,
  type DocumentsState,
  documentsUrl,
  REVIEW_STATES,
} from './document-list-url';

interface Props {
  type: UploadType;
  userId: number | null;
  list: ListUrl<DocumentsState>;
  rows: DocumentRow[];
  total: number;
  canManage: boolean;
}

const TYPES: readonly UploadType[] = ['power_contract', 'meter_reading'];

type Confirming = { intent: 'invalidate' | 'delete'; row: DocumentRow } | null;

export function DocumentList({ type, userId, list, rows, total, canManage }: Props) {
  const { t, i18n } = useTranslation();
  const submit = useSubmit();
  const navigate = useNavigate();
  const busy = useNavigation().state !== 'idle';
  const [confirming, setConfirming] = useState<Confirming>(null);
  const { state, update } = list;
  const send = (intent: 'approve' | 'invalidate' | 'delete', row: DocumentRow) =>
    submit(
      { intent, documentId: String(row.id), userId: String(row.user_id), type: row.type },
      { method: 'post', preventScrollReset: true },
    );
  const reviewLabel = (r: Review) =>
    t(
      r === 'pending'
        ? 'reimbursementDocuments.pending'
        : r === 'true'
          ? 'reimbursementDocuments.approved'
          : 'reimbursementDocuments.invalidated',
    );
  const filters: IndexFiltersProps['filters'] = [
    {
      key: 'review',
      label: t('reimbursementDocuments.filterReview'),
      shortcut: true,
      filter: (
        <ChoiceList
          title={t('reimbursementDocuments.filterReview')}
          titleHidden
          choices={REVIEW_STATES.map((r) => ({ label: reviewLabel(r), value: r }))}
          selected={state.review ? [state.review] : []}
          onChange={([v]) =>
            update({ review: (REVIEW_STATES as readonly string[]).includes(v ?? '') ? (v as Review) : null })
          }
        />
      ),
    },
    {
      key: 'dates',
      label: t('reimbursementDocuments.filterDates'),
      shortcut: true,
      filter: (
        <BlockStack gap="200">
          <TextField
            label={t('reimbursementDocuments.from')}
            type="date"
            value={state.from ?? ''}
            onChange={(v) => update({ from: v || null })}
            autoComplete="off"
          />
          <TextField
            label={t('reimbursementDocuments.to')}
            type="date"
            value={state.to ?? ''}
            onChange={(v) => update({ to: v || null })}
            autoComplete="off"
          />
        </BlockStack>
      ),
    },
  ];
  const day = (d: string | null) => (d ? formatDate(`${d}T12:00:00Z`, { language: i18n.language }) : '…');
  const applied: IndexFiltersProps['appliedFilters'] = [
    ...(state.review
      ? [{ key: 'review', label: reviewLabel(state.review), onRemove: () => update({ review: null }) }]
      : []),
    ...(state.from || state.to
      ? [
          {
            key: 'dates',
            label: t('reimbursementDocuments.datesApplied', { from: day(state.from), to: day(state.to) }),
            onRemove: () => update({ from: null, to: null }),
          },
        ]
      : []),
  ];
  const base = (ty: UploadType) => `/fleet/home-reimbursement/documents/${typeSlug(ty)}${userId ? `/${userId}` : ''}`;
  const reading = type === 'meter_reading';
  return (
    <>
      <ListPage
        list={list}
        searchPlaceholder={t('reimbursementDocuments.search')}
        filters={filters}
        appliedFilters={applied}
        cleared={{ review: null, from: null, to: null }}
        tabs={{
          items: TYPES.map((ty) => ({
            id: ty,
            content: t(
              ty === 'power_contract'
                ? 'reimbursementDocuments.titleContracts'
                : 'reimbursementDocuments.titleReadings',
            ),
          })),
          selected: TYPES.indexOf(type),
          onSelect: (index) => navigate(base(TYPES[index] ?? 'power_contract')),
        }}
        openWhenSearched
        resourceName={t(reading ? 'reimbursementDocuments.titleReadings' : 'reimbursementDocuments.titleContracts')}
        empty={{ heading: t('reimbursementDocuments.emptyTitle'), body: t('reimbursementDocuments.emptyBody') }}
        headings={[
          { title: t('reimbursementDocuments.colFile') },
          { title: t('reimbursementDocuments.colUser') },
          ...(reading
            ? [
                { title: t('reimbursementDocuments.colMonth') },
                { title: t('reimbursementDocuments.colIndex'), alignment: 'end' as const },
              ]
            : []),
          { title: t('reimbursementDocuments.colUploaded') },
          { title: t('reimbursementDocuments.colReview') },
          { title: t('reimbursementDocuments.colActions') },
        ]}
        rowCount={rows.length}
        pagination={{
          total,
          pageSize: DOCUMENTS_PAGE_SIZE,
          countLabel: t('reimbursementDocuments.count', { count: total }),
        }}
      >
        {rows.map((row, index) => (
          <IndexTable.Row id={String(row.id)} key={row.id} position={index}>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {row.file_name}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              {userId ? (
                displayName(row.user)
              ) : (
                <Link to={`${base(type)}/${row.user_id}`}>{displayName(row.user)}</Link>
              )}
            </IndexTable.Cell>
            {reading ? (
              <>
                <IndexTable.Cell>{row.period ?? ''}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>
                    {row.meter_wh === null ? '' : formatKwh(row.meter_wh)}
                  </Text>
                </IndexTable.Cell>
              </>
            ) : null}
            <IndexTable.Cell>{formatDateTime(row.created_at, { language: i18n.language })}</IndexTable.Cell>
            <IndexTable.Cell>
              <ReviewBadge row={row} />
            </IndexTable.Cell>
            <IndexTable.Cell>
              <InlineStack gap="200" wrap={false}>
                {/* A plain anchor: the API streams the file as an attachment. */}
                <a href={`/api/documents/${row.id}/download`} download>
                  {t('reimbursementDocuments.download')}
                </a>
                {canManage ? (
                  <ButtonGroup>
                    {row.approved !== true ? (
                      <Button size="slim" disabled={busy} onClick={() => send('approve', row)}>
                        {t('reimbursementDocuments.approve')}
                      </Button>
                    ) : null}
                    {row.approved !== false ? (
                      <Button size="slim" disabled={busy} onClick={() => setConfirming({ intent: 'invalidate', row })}>
                        {t('reimbursementDocuments.invalidate')}
                      </Button>
                    ) : null}
                    <Button
                      size="slim"
                      tone="critical"
                      disabled={busy}
                      onClick={() => setConfirming({ intent: 'delete', row })}
                    >
                      {t('reimbursementDocuments.delete')}
                    </Button>
                  </ButtonGroup>
                ) : null}
              </InlineStack>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ListPage>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t(
          confirming?.intent === 'delete'
            ? 'reimbursementDocuments.deleteTitle'
            : 'reimbursementDocuments.invalidateTitle',
        )}
        primaryAction={{
          content: t(
            confirming?.intent === 'delete' ? 'reimbursementDocuments.delete' : 'reimbursementDocuments.invalidate',
          ),
          destructive: true,
          onAction: () => {
            if (confirming) send(confirming.intent, confirming.row);
            setConfirming(null);
          },
        }}
        secondaryActions={[{ content: t('reimbursementDocuments.cancel'), onAction: () => setConfirming(null) }]}
      >
        <Modal.Section>
          <Text as="p">
            {t(
              confirming?.intent === 'delete'
                ? 'reimbursementDocuments.deleteBody'
                : 'reimbursementDocuments.invalidateBody',
              { file: confirming?.row.file_name ?? '' },
            )}
          </Text>
        </Modal.Section>
      </Modal>
    </>
  );
}
