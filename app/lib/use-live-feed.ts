/**
 * @module Joins the selected company's live-feed room (partysocket, reconnecting by itself) and
 * revalidates the page's loaders when charge points report something, at most twice a second,
 * so figures on screen follow the network without a reload.
 */
import { useRevalidator } from '@remix-run/react';
import usePartySocket from 'partysocket/react';
import { useEffect, useRef } from 'react';
import { companyRoom, LIVE_FEED_PARTY, type LiveEvent } from '../../domain/live/events';

const MIN_GAP_MS = 500;

export function useLiveFeed(companyId: number, onEvent?: (event: LiveEvent) => void): void {
  const revalidator = useRevalidator();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);

  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  usePartySocket({
    party: LIVE_FEED_PARTY,
    room: companyRoom(companyId),
    onMessage(message) {
      const event = JSON.parse(String(message.data)) as LiveEvent;
      onEvent?.(event);
      if (pending.current) return;
      const wait = Math.max(0, last.current + MIN_GAP_MS - Date.now());
      pending.current = setTimeout(() => {
        pending.current = null;
        last.current = Date.now();
        revalidator.revalidate();
      }, wait);
    },
  });
}
