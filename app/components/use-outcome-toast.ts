/**
 * @module A mutation's outcome (saved, deleted, sent, failed) as a toast, once per answer: the house pattern for
 * an action that answers with data instead of redirecting (a redirect carries its toast in a cookie,
 * lib/cookies.server.ts). Banners stay for what remains true of the page.
 */
import { useEffect, useRef } from 'react';
import { useFeedback } from './feedback';

export interface Outcome {
  text: string;
  error?: boolean;
}

/**
 * `answer` is the action's or fetcher's data (a new object per submission); `outcome` what it says, or null when
 * it says nothing worth a toast. The same answer is never shown twice, so a re-render or a revalidation is quiet.
 */
export function useOutcomeToast(answer: unknown, outcome: Outcome | null | undefined) {
  const { toast } = useFeedback();
  const shown = useRef<unknown>(null);
  const text = outcome?.text;
  const error = outcome?.error ?? false;
  useEffect(() => {
    if (!answer || !text || shown.current === answer) return;
    shown.current = answer;
    toast(text, { error });
  }, [answer, text, error, toast]);
}
