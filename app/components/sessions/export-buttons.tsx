/**
 * @module Export of the filtered session list: the browser streams the file from /sessions-export,
 * showing rows to export and bytes received (CSV progress counts lines, so it is exact; XLSX is
 * compressed, so its bar follows the bytes against an estimate and completes when the file does;
 * the PDF writer puts a "%rows N" comment after each page, so its bar counts the rows written).
 */
import { BlockStack, Button, ButtonGroup, InlineStack, ProgressBar, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format';
import { useFeedback } from '../feedback';

type Format = 'xlsx' | 'csv' | 'pdf';
type Phase =
  | { kind: 'idle' }
  | { kind: 'running'; format: Format; rows: number; done: number; received: number; progress: number };

/** Compressed XLSX bytes per row, for the estimate only. */
const XLSX_BYTES_PER_ROW = 60;
/** The PDF page marker written after each page (see domain/export/pdf-table.ts). */
const PDF_ROWS_MARK = /%rows (\d+)\n/g;

export function ExportButtons({ query }: { query: URLSearchParams }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const { toast } = useFeedback();

  async function run(format: Format) {
    const params = new URLSearchParams(query);
    params.set('format', format);
    setPhase({ kind: 'running', format, rows: 0, done: 0, received: 0, progress: 0 });
    try {
      const res = await fetch(`/sessions-export?${params}`);
      if (!res.ok || !res.body) throw new Error(String(res.status));
      const rows = Number(res.headers.get('x-export-rows') ?? 0);
      const total = Number(res.headers.get('x-export-total') ?? rows);
      const reader = res.body.getReader();
      const chunks: Uint8Array[] = [];
      let received = 0;
      let lines = 0;
      let pdfRows = 0;
      let tail = '';
      const latin1 = new TextDecoder('latin1');
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        if (format === 'csv') for (const b of value) if (b === 10) lines++;
        if (format === 'pdf') {
          // Markers may straddle two chunks: keep the end of the previous one.
          const text = tail + latin1.decode(value);
          for (const m of text.matchAll(PDF_ROWS_MARK)) pdfRows = Number(m[1]);
          tail = text.slice(-24);
        }
        const written = format === 'csv' ? Math.max(0, lines - 1) : pdfRows;
        const progress =
          format === 'xlsx'
            ? Math.min(95, (100 * received) / Math.max(1, rows * XLSX_BYTES_PER_ROW))
            : Math.min(99, (100 * written) / Math.max(1, rows));
        setPhase({ kind: 'running', format, rows, done: written, received, progress });
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `sessions.${format}`;
      const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? '' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      const done = t('sessions.export.done', { file: name });
      toast(total > rows ? `${done} ${t('sessions.export.truncated', { max: rows })}` : done);
    } catch {
      toast(t('sessions.export.failed'), { error: true });
    }
    setPhase({ kind: 'idle' });
  }

  const running = phase.kind === 'running';
  return (
    <BlockStack gap="200">
      <InlineStack align="end">
        <ButtonGroup>
          <Button onClick={() => run('xlsx')} disabled={running} loading={running && phase.format === 'xlsx'}>
            {t('sessions.export.xlsx')}
          </Button>
          <Button onClick={() => run('csv')} disabled={running} loading={running && phase.format === 'csv'}>
            {t('sessions.export.csv')}
          </Button>
          <Button onClick={() => run('pdf')} disabled={running} loading={running && phase.format === 'pdf'}>
            {t('pdfExport.button')}
          </Button>
        </ButtonGroup>
      </InlineStack>
      {phase.kind === 'running' ? (
        <BlockStack gap="100">
          <Text as="p" variant="bodySm" tone="subdued">
            {phase.format === 'pdf'
              ? t('pdfExport.progress', { done: phase.done, rows: phase.rows, received: formatBytes(phase.received) })
              : t('sessions.export.progress', { rows: phase.rows, received: formatBytes(phase.received) })}
          </Text>
          <ProgressBar progress={phase.progress} size="small" />
        </BlockStack>
      ) : null}
    </BlockStack>
  );
}
