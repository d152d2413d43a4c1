/**
 * @module The data of the employee's "My documents" card (issue 19 part 3), for the loader of the page that
 * places it (/stripe-home-reimbursement): the caller's own power contracts, meter readings and statements,
 * newest first (the first 100).
 */
import type { Api } from '../../lib/api.server';
import type { Me } from '../../lib/session.server';
import type { MyDocument } from './my-documents-card';

export async function loadMyDocuments(api: Api, me: Me): Promise<{ userId: number; documents: MyDocument[] }> {
  const result = await api.send(
    api.client.api.documents.$get({ query: { user_id: String(me.user.id), items_per_page: '100', page: '0' } }),
  );
  // Without the permission (or reimbursement) the card shows an empty list rather than failing the page.
  return { userId: me.user.id, documents: result.ok ? result.data.data : [] };
}
