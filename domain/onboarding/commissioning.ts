/** @module A station's commissioning status and visibility in the app (`PUT /stations/{id}/type-status`). */
import type { CommissioningStatus } from './onboarding';

export interface CommissioningState {
  commissioningStatus: CommissioningStatus;
  visibleInApp: boolean;
  commissioningDate: string | null;
}

export interface TypeStatusChange {
  after: { commissioningStatus: CommissioningStatus; visibleInApp: boolean };
  /** Set when the station becomes commissioned for the first time (its date is kept otherwise). */
  commissioningDate?: string;
}

/** The station's state after the change asked for; `today` is the UTC date (YYYY-MM-DD). */
export function typeStatusChange(
  current: CommissioningState,
  asked: { status?: CommissioningStatus; visibility?: boolean },
  today: string,
): TypeStatusChange {
  const after = {
    commissioningStatus: asked.status ?? current.commissioningStatus,
    visibleInApp: asked.visibility ?? current.visibleInApp,
  };
  const commissioned = after.commissioningStatus === 'commissioned' && current.commissioningStatus !== 'commissioned';
  return commissioned && !current.commissioningDate ? { after, commissioningDate: today } : { after };
}
