/**
 * @module Route params that name a database row (`$id` and every `$…Id`): a value that cannot be
 * such an id (`abc`, `-1`, `0`, `99999999999999999999`) is a page that does not exist, HTTP 404,
 * on every page, checked once by the logged-in layout rather than by each route.
 */
import { data } from '@remix-run/cloudflare';
import type { Params } from '@remix-run/react';

const ID_PARAM = /^(id|[a-z][A-Za-z]*Id)$/;
/** A positive integer that SQLite and JavaScript both hold exactly. */
const ROW_ID = /^[1-9][0-9]{0,15}$/;

export function isRowId(value: string): boolean {
  return ROW_ID.test(value) && Number(value) <= Number.MAX_SAFE_INTEGER;
}

/** The name of the first id param that is not a row id, if any. */
export function malformedIdParam(params: Params): string | null {
  for (const [name, value] of Object.entries(params)) {
    if (ID_PARAM.test(name) && value !== undefined && !isRowId(value)) return name;
  }
  return null;
}

/** Throws the not-found answer (with the user's landing page for its link) for a malformed id. */
export function requireWellFormedIds(params: Params, landing: string): void {
  if (malformedIdParam(params)) throw data({ landing }, { status: 404 });
}
