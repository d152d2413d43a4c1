/**
 * @module The data of the employee's "My reimbursements" card (issue 19 part 6), for the loader of the page
 * that places it (/stripe-home-reimbursement): the caller's own months, newest first (the last twelve), each
 * with its breakdown notes, the moves they may make now and the company's extra-expense rule.
 */
import type { Api } from '../../lib/api.server';
import type { Me } from '../../lib/session.server';
import type { ReimbursementDetail } from './reimbursement-types';

export const MY_MONTHS = 12;

export async function loadMyReimbursements(api: Api, me: Me): Promise<{ months: ReimbursementDetail[] }> {
  // user_id: a manager's own card lists their own months, not the scope's.
  const page = await api.send(
    api.client.api['fleet-reimbursement'].$get({
      query: {
        user_id: String(me.user.id),
        sort: 'period',
        direction: 'desc',
        page: '0',
        items_per_page: String(MY_MONTHS),
      },
    }),
  );
  // Without the permission (or reimbursement) the card shows an empty list rather than failing the page.
  if (!page.ok) return { months: [] };
  const details = await Promise.all(
    page.data.data.map((r) =>
      api.send(api.client.api.reimbursement[':reimbursementId'].$get({ param: { reimbursementId: String(r.id) } })),
    ),
  );
  return { months: details.flatMap((d) => (d.ok ? [d.data] : [])) };
}
