/**
 * @module A bulk connector-group change with visible progress (ADR 031 addendum): the API resolves
 * the selection or the list's filter once into a job of fixed ids (`POST /api/groups/{id}/bulk/jobs`),
 * then the browser applies it chunk by chunk (`.../chunks/{n}`, 1,000 ids each). Chunks are
 * idempotent, so "Stop" ends after the current chunk and "Retry" runs only the chunks not applied
 * (failed or not reached); the summary counts what changed, what already was, what failed.
 */

import { useRevalidator } from '@remix-run/react';
import { Banner, BlockStack, Button, InlineStack, ProgressBar, Text } from '@shopify/polaris';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type BulkBody =
  | { action: 'add' | 'remove'; connector_ids: number[] }
  | { action: 'add' | 'remove'; filter: Record<string, unknown> };

interface Job {
  job_id: number;
  total: number;
  chunk_size: number;
  chunks: number;
}

interface ChunkResult {
  added: number;
  already_members: number;
  removed: number;
  not_members: number;
  skipped: number;
}

type Phase = 'starting' | 'running' | 'stopping' | 'finished';

interface Run {
  groupId: number;
  groupName: string;
  action: 'add' | 'remove';
  job: Job | null;
  phase: Phase;
  /** Chunk indexes applied (never run again). */
  done: number[];
  /** Chunk indexes whose call failed in the last pass. */
  failed: number[];
  counts: ChunkResult;
  error: string | null;
}

const ZERO: ChunkResult = { added: 0, already_members: 0, removed: 0, not_members: 0, skipped: 0 };

async function post<T>(url: string, body?: unknown): Promise<{ ok: true; data: T } | { ok: false; error: string }> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as (T & { 'error-msg'?: string }) | null;
    if (res.ok && json) return { ok: true, data: json };
    return { ok: false, error: json?.['error-msg'] ?? `HTTP ${res.status}` };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** Connectors in chunk `index` of a job. */
const sizeOf = (job: Job, index: number) => Math.max(0, Math.min(job.chunk_size, job.total - index * job.chunk_size));
const sum = (job: Job, indexes: number[]) => indexes.reduce((n, i) => n + sizeOf(job, i), 0);

/** Runs bulk jobs; `start` begins one, `view` is the progress / summary banner to render. */
export function useBulkGroupJob() {
  const revalidator = useRevalidator();
  const [run, setRun] = useState<Run | null>(null);
  const stop = useRef(false);

  /** Applies the chunks not yet done, one at a time, until the end or a stop. */
  const applyChunks = async (base: Run, job: Job) => {
    stop.current = false;
    let current: Run = { ...base, job, phase: 'running', failed: [], error: null };
    setRun(current);
    for (let index = 0; index < job.chunks; index++) {
      if (current.done.includes(index)) continue;
      if (stop.current) break;
      const res = await post<ChunkResult>(`/api/groups/${base.groupId}/bulk/jobs/${job.job_id}/chunks/${index}`);
      current = res.ok
        ? {
            ...current,
            done: [...current.done, index],
            counts: {
              added: current.counts.added + res.data.added,
              already_members: current.counts.already_members + res.data.already_members,
              removed: current.counts.removed + res.data.removed,
              not_members: current.counts.not_members + res.data.not_members,
              skipped: current.counts.skipped + res.data.skipped,
            },
          }
        : { ...current, failed: [...current.failed, index], error: res.error };
      setRun((r) => ({ ...current, phase: r?.phase === 'stopping' ? 'stopping' : current.phase }));
    }
    current = { ...current, phase: 'finished' };
    setRun(current);
    revalidator.revalidate();
  };

  const start = async (groupId: number, groupName: string, body: BulkBody) => {
    const base: Run = {
      groupId,
      groupName,
      action: body.action,
      job: null,
      phase: 'starting',
      done: [],
      failed: [],
      counts: ZERO,
      error: null,
    };
    setRun(base);
    const created = await post<Job>(`/api/groups/${groupId}/bulk/jobs`, body);
    if (!created.ok) {
      setRun({ ...base, phase: 'finished', error: created.error });
      return;
    }
    await applyChunks(base, created.data);
  };

  const retry = () => {
    if (run?.job) void applyChunks(run, run.job);
  };

  const busy = run !== null && run.phase !== 'finished';
  const view = run ? <BulkJobBanner run={run} onStop={onStop} onRetry={retry} /> : null;
  function onStop() {
    stop.current = true;
    setRun((r) => (r ? { ...r, phase: 'stopping' } : r));
  }
  return { start, busy, view };
}

function BulkJobBanner({ run, onStop, onRetry }: { run: Run; onStop: () => void; onRetry: () => void }) {
  const { t } = useTranslation();
  const { job } = run;
  if (!job) {
    return run.phase === 'finished' ? (
      <Banner tone="critical" title={t('groups.bulk.startFailed')}>
        <p>{run.error}</p>
      </Banner>
    ) : (
      <Banner tone="info">
        <ProgressBar progress={0} size="small" />
      </Banner>
    );
  }
  const applied = sum(job, run.done);
  const failed = sum(job, run.failed);
  const processed = applied + failed;
  if (run.phase !== 'finished') {
    return (
      <Banner tone="info">
        <BlockStack gap="200">
          <Text as="p">{t('groups.bulk.working', { count: job.total })}</Text>
          <ProgressBar progress={job.total ? Math.round((processed / job.total) * 100) : 0} size="small" />
          <Text as="p" tone="subdued">
            {t('groups.bulk.progress', { done: processed, total: job.total })}
          </Text>
          <InlineStack>
            {run.phase === 'stopping' ? (
              <Text as="span">{t('groups.bulk.stopping')}</Text>
            ) : (
              <Button onClick={onStop}>{t('groups.bulk.stop')}</Button>
            )}
          </InlineStack>
        </BlockStack>
      </Banner>
    );
  }
  const notRun = job.total - processed;
  const tone = failed > 0 ? 'critical' : notRun > 0 ? 'warning' : 'success';
  const title =
    failed > 0
      ? t('groups.bulk.partialTitle')
      : notRun > 0
        ? t('groups.bulk.stoppedTitle')
        : t('groups.bulk.doneTitle');
  const { counts } = run;
  return (
    <Banner tone={tone} title={title}>
      <BlockStack gap="200">
        <p>
          {run.action === 'add'
            ? t('groups.bulk.added', { group: run.groupName, added: counts.added, already: counts.already_members })
            : t('groups.bulk.removed', {
                group: run.groupName,
                removed: counts.removed,
                notMembers: counts.not_members,
              })}{' '}
          {t('groups.bulk.failed', { count: failed })}
          {notRun > 0 ? ` ${t('groups.bulk.notRun', { count: notRun })}` : ''}
          {counts.skipped > 0 ? ` ${t('groups.bulk.skipped', { count: counts.skipped })}` : ''}
        </p>
        {failed > 0 && run.error ? <p>{run.error}</p> : null}
        {failed + notRun > 0 ? (
          <InlineStack>
            <Button onClick={onRetry}>{t('groups.bulk.retry', { count: failed + notRun })}</Button>
          </InlineStack>
        ) : null}
      </BlockStack>
    </Banner>
  );
}
