/**
 * @module A maintenance station card's answer (lib/maintenance-station.server.ts) as a toast, once per answer
 * (the house useOutcomeToast): the station's status word, or why nothing was sent.
 */
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import type { StationCardOutcome } from '../../lib/maintenance-station.server';
import { useOutcomeToast } from '../use-outcome-toast';

/** Toasts the fetcher's answer under `ns` (`answer`, `failed`); returns it once the fetcher is idle, else null. */
export function useCardAnswer(fetcher: { state: string; data?: { card: StationCardOutcome | null } }, ns: string) {
  const { t } = useTranslation();
  const o = fetcher.state === 'idle' ? (fetcher.data?.card ?? null) : null;
  useOutcomeToast(
    o,
    o === null
      ? null
      : o.answered
        ? { text: tKey(t, `${ns}.answer`, { status: o.replyStatus ?? '' }), error: !o.succeeded }
        : { text: tKey(t, `${ns}.failed`, { message: o.message ?? '' }), error: true },
  );
  return o;
}
