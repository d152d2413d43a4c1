/** @module The list answer shared by every session list: a page with sums, or the streamed export. */

import { CSV_CONTENT_TYPE, csvStream } from '@domain/export/csv';
import { XLSX_CONTENT_TYPE, xlsxStream } from '@domain/export/xlsx';
import { can } from '@domain/permissions/permissions';
import { type ExportTexts, exportCells, exportColumns, exportTextsIn } from '@domain/sessions/export-rows';
import { columnsOf, type SessionVariant, VARIANT_COLUMNS, withoutPersonal } from '@domain/sessions/variants';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { requestLanguage } from '../../lib/language';
import { authOf } from '../../middleware/permission';
import { answerPdf } from './sessions.pdf';
import { EXPORT_MAX_ROWS, type SessionFiltersInput } from './sessions.schemas';
import { exportRows, listPageWithSums, listSums, type Scope, type SessionQuery } from './sessions.store';

export function queryOf(
  f: SessionFiltersInput,
  variant: SessionVariant,
  extra: Partial<SessionQuery> = {},
): SessionQuery {
  return {
    variant,
    from: f.from,
    to: f.to,
    station_id: f.station_id,
    group_id: f.group_id,
    user_id: f.user_id,
    corporate_group_id: f.corporate_group_id,
    status: f.status,
    needs_revision: f.needs_revision,
    keyword: f.keyword,
    sort: f.sort,
    direction: f.direction,
    ...extra,
  };
}

function exportTexts(c: Context<AppEnv>): ExportTexts {
  return exportTextsIn(requestLanguage(c));
}

/** Answers one list call in `scope` (the variant was checked against the caller by the route). */
export async function answerList(
  c: Context<AppEnv>,
  filters: SessionFiltersInput,
  q: SessionQuery,
  variants: readonly SessionVariant[],
  scope: Scope,
) {
  const d1 = c.env.DB;
  const currency = authOf(c).company.currency ?? 'EUR';
  const cols = columnsOf(q.variant, can(authOf(c).access, 'fleet:users:export'));
  if (filters.format === 'pdf') return answerPdf(c, filters, q, scope, exportTexts(c), cols);
  if (filters.format === 'xlsx' || filters.format === 'csv') {
    const { total } = await listSums(d1, scope, q);
    const t = exportTexts(c);
    const header = exportColumns(cols, t);
    async function* rows() {
      for await (const row of exportRows(d1, scope, q, EXPORT_MAX_ROWS, filters.demo)) yield exportCells(row, cols, t);
    }
    const stamp = new Date().toISOString().slice(0, 10);
    const xlsx = filters.format === 'xlsx';
    const body = xlsx
      ? xlsxStream(header, rows(), { sheetName: `Sessions ${stamp}` })
      : csvStream(header, rows(), { separator: ';' });
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': xlsx ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE,
        'content-disposition': `attachment; filename="sessions-${q.variant}-${stamp}.${filters.format}"`,
        'x-export-rows': String(Math.min(total, EXPORT_MAX_ROWS)),
        'x-export-total': String(total),
        'cache-control': 'no-store',
      },
    });
  }
  const { data, ...sums } = await listPageWithSums(d1, scope, q, filters.page, filters.items_per_page, filters.demo);
  return c.json(
    {
      variant: q.variant,
      variants: [...variants],
      columns: cols.map((col) => ({
        key: col.key,
        kind: col.kind,
        sum: Boolean(col.sum),
        party: col.party ?? null,
      })),
      data: cols.length === VARIANT_COLUMNS[q.variant].length ? data : data.map(withoutPersonal),
      total: sums.total,
      page: filters.page,
      items_per_page: filters.items_per_page,
      sums: sums.sums,
      unpriced: sums.unpriced,
      currency,
    },
    200,
  );
}
