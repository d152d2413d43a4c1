/** @module The "from / to" date fields of a report screen's GET form, and the URL page writer its pager uses. */

import { useSearchParams } from '@remix-run/react';
import { TextField } from '@shopify/polaris';
import { useCallback } from 'react';

/** Two date inputs named `from` and `to`, controlled by the screen (it resets them from the loader). */
export function DateRangeFields(props: {
  labels: { from: string; to: string };
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}) {
  return (
    <>
      <TextField
        label={props.labels.from}
        type="date"
        name="from"
        value={props.from}
        onChange={props.onFrom}
        autoComplete="off"
      />
      <TextField
        label={props.labels.to}
        type="date"
        name="to"
        value={props.to}
        onChange={props.onTo}
        autoComplete="off"
      />
    </>
  );
}

/** Writes a zero-based `page` into the URL, keeping its other parameters (the loader reads it). */
export function usePageParam(): (page: number) => void {
  const [params, setParams] = useSearchParams();
  return useCallback(
    (page: number) => {
      const next = new URLSearchParams(params);
      next.set('page', String(page));
      setParams(next);
    },
    [params, setParams],
  );
}
