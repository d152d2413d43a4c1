/** @module The connector list's bulk connector-group change: the "add to / remove from group" actions, their dialogs and the job. */
import { MAX_BULK_FILTER_MATCHES } from '@domain/groups/bulk-limits';
import { Banner, Link, Modal, Select } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBulkGroupJob } from '../../components/groups/bulk-job';
import { bulkFilter, type ListState } from './list-state';

interface Tag {
  id: number;
  name: string;
  connectorCount: number;
}

/**
 * `selection` is the list's row selection (`useSelectedCsvExport`); `allMatching` covers every row the filter
 * matches, on every page. Returns the bulk actions for the table, the dialogs, and the job's progress view.
 */
export function useBulkGroups(args: {
  state: ListState;
  tags: readonly Tag[];
  tagTotal: number;
  total: number;
  canEdit: boolean;
  selection: { selectedIds: number[]; allMatching: boolean; clearSelection: () => void };
}) {
  const { t } = useTranslation();
  const { state, tags, tagTotal, total, selection } = args;
  const job = useBulkGroupJob();
  const [bulk, setBulk] = useState<null | { intent: 'add' | 'remove'; ids: number[]; all: boolean }>(null);
  const [chosenGroup, setChosenGroup] = useState('');
  const tagName = (id: number) => tags.find((g) => g.id === id)?.name ?? `#${id}`;

  const choose = (intent: 'add' | 'remove') =>
    setBulk({ intent, ids: selection.selectedIds, all: selection.allMatching });
  const bulkCount = bulk?.all ? total : (bulk?.ids.length ?? 0);
  const tooMany = bulk?.all === true && total > MAX_BULK_FILTER_MATCHES;
  const actions = args.canEdit
    ? [
        {
          content: t('groups.bulk.addAction'),
          onAction: () => {
            setChosenGroup('');
            choose('add');
          },
        },
        ...(state.tag
          ? [{ content: t('groups.bulk.removeAction'), destructive: true, onAction: () => choose('remove') }]
          : []),
      ]
    : [];
  const confirm = () => {
    if (!bulk) return;
    const groupId = bulk.intent === 'remove' ? (state.tag ?? 0) : Number(chosenGroup);
    if (!groupId) return;
    const body = bulk.all
      ? { action: bulk.intent, filter: bulkFilter(state) }
      : { action: bulk.intent, connector_ids: bulk.ids };
    void job.start(groupId, tagName(groupId), body);
    selection.clearSelection();
    setBulk(null);
  };
  const cancel = [{ content: t('groups.bulk.cancel'), onAction: () => setBulk(null) }];

  const dialogs = (
    <>
      <Modal
        open={bulk?.intent === 'add'}
        onClose={() => setBulk(null)}
        title={t('groups.bulk.addTitle')}
        primaryAction={
          tags.length
            ? {
                content: t('groups.bulk.add', { count: bulkCount }),
                disabled: !chosenGroup || tooMany || job.busy,
                loading: job.busy,
                onAction: confirm,
              }
            : undefined
        }
        secondaryActions={cancel}
      >
        <Modal.Section>
          {tags.length ? (
            <>
              <p>{t('groups.bulk.addBody', { count: bulkCount })}</p>
              {tooMany ? <TooMany count={total} /> : null}
              <div style={{ marginTop: 12 }}>
                <Select
                  label={t('groups.bulk.groupLabel')}
                  placeholder={t('groups.bulk.chooseGroup')}
                  options={tags.map((g) => ({
                    label: `${g.name} (${t('groups.list.connectorCount', { count: g.connectorCount })})`,
                    value: String(g.id),
                  }))}
                  value={chosenGroup}
                  onChange={setChosenGroup}
                  helpText={
                    tagTotal > tags.length
                      ? t('groups.bulk.moreGroups', { shown: tags.length, total: tagTotal })
                      : undefined
                  }
                />
              </div>
            </>
          ) : (
            <p>
              {t('groups.bulk.noGroups')} <Link url="/connectors/add-group">{t('groups.list.create')}</Link>
            </p>
          )}
        </Modal.Section>
      </Modal>
      <Modal
        open={bulk?.intent === 'remove'}
        onClose={() => setBulk(null)}
        title={t('groups.bulk.removeTitle')}
        primaryAction={{
          content: t('groups.bulk.remove', { count: bulkCount }),
          destructive: true,
          disabled: tooMany || job.busy,
          loading: job.busy,
          onAction: confirm,
        }}
        secondaryActions={cancel}
      >
        <Modal.Section>
          <p>{t('groups.bulk.removeBody', { count: bulkCount, group: state.tag ? tagName(state.tag) : '' })}</p>
          {tooMany ? <TooMany count={total} /> : null}
        </Modal.Section>
      </Modal>
    </>
  );
  return { actions, dialogs, progress: job.view };
}

/** Persistent state of the dialog (the filter matches more than one change may cover), so a banner. */
function TooMany({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <div style={{ marginTop: 12 }}>
      <Banner tone="warning">
        <p>{t('groups.bulk.tooMany', { count, max: MAX_BULK_FILTER_MATCHES })}</p>
      </Banner>
    </div>
  );
}
