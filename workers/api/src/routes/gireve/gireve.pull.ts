/**
 * @module The full token pull through a hub (spec 001 7.22 `tokens/get-full`): GET on the hub's tokens
 * sender with the routing headers (from our CPO party to the eMSP), page after page by its `Link`, every
 * token of that eMSP stored in the token cache (idempotent by last_updated), at most MAX_PAGES pages per
 * call so one request stays within its limits; the answer says where to resume.
 */
import type { Db } from '@db/db';
import { Token } from '@domain/ocpi/tokens';
import type { PartyRef } from '@domain/ocpi/transport';
import { z } from 'zod';
import type { CallResult } from '../../ocpi/ocpi.client';
import { callPartner, type KeyEnv } from '../../ocpi/ocpi.outbox';
import type { PeeringRow } from '../../ocpi/ocpi.store';
import { rowOfToken, upsertTokens } from '../../ocpi/ocpi.tokens.store';

export const MAX_PAGES = 10;
const PAGE_LIMIT = 500;

export interface PullProgress {
  pages: number;
  received: number;
  stored: number;
  rejected: number;
  total: number | null;
  nextOffset: number | null;
}

/** The `rel="next"` URL of a Link header. */
const nextLink = (link: string | null) => /<([^>]+)>\s*;\s*rel="?next"?/i.exec(link ?? '')?.[1] ?? null;

export async function pullTokens(
  db: Db,
  env: KeyEnv,
  peering: PeeringRow,
  endpoint: string,
  parties: { cpo: PartyRef; emsp: PartyRef },
  offset: number,
): Promise<PullProgress | { error: string }> {
  const progress: PullProgress = { pages: 0, received: 0, stored: 0, rejected: 0, total: null, nextOffset: null };
  const first = new URL(endpoint);
  first.searchParams.set('offset', String(offset));
  first.searchParams.set('limit', String(PAGE_LIMIT));
  let url: string | null = first.toString();
  let position = offset;
  while (url && progress.pages < MAX_PAGES) {
    const sent: CallResult<unknown> = await callPartner(db, env, peering, {
      method: 'GET',
      url,
      schema: z.array(z.unknown()),
      as: 'CPO',
      to: parties.emsp,
    });
    if (!sent.ok) return { error: sent.error };
    const page = sent.data as unknown[];
    progress.pages += 1;
    progress.received += page.length;
    position += page.length;
    const total = Number(sent.headers?.get('X-Total-Count'));
    if (Number.isFinite(total) && sent.headers?.has('X-Total-Count')) progress.total = total;
    const rows = [];
    for (const item of page) {
      const t = Token.safeParse(item);
      const own =
        t.success &&
        t.data.country_code.toUpperCase() === parties.emsp.countryCode &&
        t.data.party_id.toUpperCase() === parties.emsp.partyId;
      if (t.success && own) rows.push(rowOfToken(peering.id, t.data));
      else progress.rejected += 1;
    }
    await upsertTokens(db, rows);
    progress.stored += rows.length;
    url = page.length > 0 ? nextLink(sent.headers?.get('Link') ?? null) : null;
  }
  progress.nextOffset = url ? position : null;
  return progress;
}
