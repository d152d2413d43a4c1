/**
 * @module Export of a filtered list as CSV or XLSX. The browser pages through the list's API (200
 * rows a call, so the server never holds more) and pipes the rows into the streaming writers of
 * domain/export, loaded only when an export starts; progress is rows received of the total.
 */

import type { Cell, ExportColumn } from '@domain/export';
import { BlockStack, Button, ButtonGroup, InlineStack, ProgressBar, Text } from '@shopify/polaris';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../feedback';

const PAGE = 200;

export interface ExportSpec<Row> {
  /** API path of the list, e.g. /api/connectors. */
  endpoint: string;
  /** The list's filters and sort, without page and items_per_page. */
  body: Record<string, unknown>;
  columns: ExportColumn[];
  toRow: (row: Row) => Cell[];
  /** File name without extension. */
  fileName: string;
  total: number;
}

type Format = 'csv' | 'xlsx';

/** Saves bytes as a download. */
export function saveFile(parts: BlobPart[], type: string, name: string) {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Reads a byte stream to its chunks. */
async function drain(stream: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<Uint8Array[]> {
  const parts: Uint8Array[] = [];
  const reader = stream.getReader();
  while (true) {
    if (signal.aborted) {
      await reader.cancel();
      throw new DOMException('aborted', 'AbortError');
    }
    const { value, done } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

export function ExportButtons<Row>({ spec }: { spec: ExportSpec<Row> }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const { toast } = useFeedback();
  const abort = useRef<AbortController | null>(null);

  const run = async (format: Format) => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ done: 0, total: spec.total });
    let count = 0;
    try {
      const writers = await import('@domain/export');
      async function* rows() {
        for (let page = 0; ; page++) {
          const res = await fetch(spec.endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ...spec.body, page, items_per_page: PAGE }),
            signal: controller.signal,
          });
          if (!res.ok) throw new Error(`export page ${page}: ${res.status}`);
          const body = (await res.json()) as { data: Row[]; total: number };
          for (const row of body.data) yield spec.toRow(row);
          count += body.data.length;
          setProgress({ done: count, total: body.total });
          if (body.data.length < PAGE || count >= body.total) return;
        }
      }
      const stream =
        format === 'csv'
          ? writers.csvStream(spec.columns, rows(), { chunkRows: PAGE })
          : writers.xlsxStream(spec.columns, rows(), { chunkRows: PAGE, sheetName: spec.fileName });
      const parts = await drain(stream, controller.signal);
      saveFile(
        parts as BlobPart[],
        format === 'csv' ? writers.CSV_CONTENT_TYPE : writers.XLSX_CONTENT_TYPE,
        `${spec.fileName}.${format}`,
      );
      toast(t('network.export.done', { count }));
    } catch (error) {
      if (!controller.signal.aborted) {
        console.error('export failed', error);
        toast(t('network.export.failed'), { error: true });
      }
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  return (
    <BlockStack gap="200">
      <InlineStack gap="200" align="end">
        <ButtonGroup>
          <Button onClick={() => run('csv')} disabled={progress !== null || spec.total === 0}>
            {t('network.export.csv')}
          </Button>
          <Button onClick={() => run('xlsx')} disabled={progress !== null || spec.total === 0}>
            {t('network.export.xlsx')}
          </Button>
        </ButtonGroup>
      </InlineStack>
      {progress ? (
        <div role="status" aria-live="polite">
          <BlockStack gap="100">
            <Text as="p" variant="bodySm">
              {t('network.export.running', { done: progress.done, total: progress.total })}
            </Text>
            <ProgressBar
              progress={progress.total ? Math.round((progress.done / progress.total) * 100) : 0}
              size="small"
            />
            <InlineStack>
              <Button variant="plain" onClick={() => abort.current?.abort()}>
                {t('network.export.cancel')}
              </Button>
            </InlineStack>
          </BlockStack>
        </div>
      ) : null}
    </BlockStack>
  );
}

/** Exports rows already on screen (the bulk selection) as CSV. */
export async function exportRowsCsv(columns: ExportColumn[], rows: Cell[][], fileName: string) {
  const writers = await import('@domain/export');
  const parts = await drain(writers.csvStream(columns, rows), new AbortController().signal);
  saveFile(parts as BlobPart[], writers.CSV_CONTENT_TYPE, `${fileName}.csv`);
}
