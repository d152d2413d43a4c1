/**
 * @module The tariffs list's URL state and page size (issue 19 part 4), and the tariff answer's type: shared by
 * the list screen (browser) and its loader (server), so nothing here is server-only.
 */
import type { InferResponseType } from 'hono/client';
import type { Api } from '../../lib/api.server';
import { keyword, listUrl, oneOf, pageNumber } from '../../lib/list-url';

/** A tariff as GET /api/fleet-reimbursement/tariffs answers it. */
export type TariffRow = InferResponseType<
  Api['client']['api']['fleet-reimbursement']['tariffs']['$get'],
  200
>['data'][number];

export const TARIFFS_PAGE_SIZE = 25;
export const TARIFF_STATUSES = ['pending', 'active', 'rejected'] as const;

export const tariffsUrl = listUrl({
  q: keyword({ trim: true }),
  status: oneOf(TARIFF_STATUSES),
  page: pageNumber(100_000),
});
