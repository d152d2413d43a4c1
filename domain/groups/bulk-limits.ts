/** @module Limits of bulk connector-group changes, shared by the API and the connector list screen. */

/** Selected ids per call (one page of the list is at most 200 rows). */
export const MAX_BULK_IDS = 500;

/** "All matching rows": at most this many connectors per call; the screen says so before asking. */
export const MAX_BULK_FILTER_MATCHES = 50_000;

/** A connector-list filter matching `matched` connectors is too broad for one bulk change. */
export const tooManyToChange = (matched: number) => matched > MAX_BULK_FILTER_MATCHES;
