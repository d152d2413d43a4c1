/**
 * @module The managers' documents list in the URL (search, review state, upload-day range, page) and a document row's type.
 */
import type { InferResponseType } from 'hono/client';
import type { Api } from '../../lib/api.server';
import { keyword, type ListField, listUrl, oneOf, pageNumber } from '../../lib/list-url';

/** A document as GET /api/documents answers it. */
export type DocumentRow = InferResponseType<Api['client']['api']['documents']['$get'], 200>['data'][number];

export const DOCUMENTS_PAGE_SIZE = 25;
export const REVIEW_STATES = ['pending', 'true', 'false'] as const;
export type Review = (typeof REVIEW_STATES)[number];

/** A day YYYY-MM-DD, else no filter. */
function isoDay(): ListField<string | null> {
  return {
    read: (p, key) => {
      const v = p.get(key) ?? '';
      return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : null;
    },
    write: (value, key, p) => {
      if (value) p.set(key, value);
    },
  };
}

export const documentsUrl = listUrl({
  q: keyword({ trim: true }),
  review: oneOf(REVIEW_STATES),
  from: isoDay(),
  to: isoDay(),
  page: pageNumber(100_000),
});

export interface DocumentsState {
  q: string;
  review: Review | null;
  from: string | null;
  to: string | null;
  page: number;
}
