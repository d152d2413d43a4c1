/**
 * @module Stripe Connect onboarding of an operator (spec 4 "Billing onboarding": todo, pending, done,
 * interrupted, reauth, recover; spec 8: an incomplete onboarding shows a notice with a recovery action).
 *
 * The one decision, used by the onboarding routes and by the `account.updated` webhook applier:
 *
 *   onboardingState(facts: OnboardingFacts): OnboardingState
 *
 * - `facts.hasAccount`: a connected account exists (a `billing_accounts` row);
 * - `facts.detailsSubmitted`, `facts.chargesEnabled`, `facts.payoutsEnabled`: the account's flags as
 *   Stripe last reported them (`details_submitted`, `charges_enabled`, `payouts_enabled`);
 * - `facts.previous`: the state stored before (null when none);
 * - `facts.step`: what the user just did, when the decision follows a browser step: `resume` (a
 *   fresh onboarding link was handed out), `return` (back on the link's return_url), `refresh` (back
 *   on its refresh_url: the link expired or was reused), `left` (stopped the flow from our screen:
 *   "finish later"); absent for a webhook.
 *
 * A webhook (no `step`) never turns an interrupted or reauth state back to pending: only the user
 * resuming does; it does move any state to done or recover, since those follow Stripe's flags.
 */
/** The states of spec 4, as `billing_accounts.state` stores them (drizzle/schema/billing.ts). */
export type OnboardingState = 'todo' | 'pending' | 'done' | 'interrupted' | 'reauth' | 'recover';

export type OnboardingStep = 'resume' | 'return' | 'refresh' | 'left';

export interface OnboardingFacts {
  hasAccount: boolean;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  previous: OnboardingState | null;
  step?: OnboardingStep;
}

/** Where the onboarding stands, from the account's flags and how the user came back. */
export function onboardingState(f: OnboardingFacts): OnboardingState {
  if (!f.hasAccount) return 'todo';
  if (f.detailsSubmitted && f.chargesEnabled && f.payoutsEnabled) return 'done';
  // Once done, an account that loses charges or payouts (new requirements past due) must be recovered.
  if (f.previous === 'done' || f.previous === 'recover') return 'recover';
  if (f.step === 'resume') return 'pending';
  if (f.step === 'refresh') return 'reauth';
  if (f.step === 'left') return 'interrupted';
  if (f.step === 'return') {
    // Back with everything submitted: Stripe is verifying. Back without: the user stopped half-way.
    return f.detailsSubmitted ? 'pending' : 'interrupted';
  }
  if (f.previous === 'interrupted' || f.previous === 'reauth') return f.detailsSubmitted ? 'pending' : f.previous;
  return 'pending';
}

/** What the user can do next: start, resume the flow with a fresh link, or update details Stripe asks for. */
export type OnboardingAction = 'start' | 'resume' | 'update' | null;

export interface OnboardingNotice {
  /** True for every state but done: the screen and the banner show the incomplete notice. */
  incomplete: boolean;
  action: OnboardingAction;
}

/** The incomplete-onboarding notice and its recovery action (spec 8), per state. */
export function onboardingNotice(state: OnboardingState): OnboardingNotice {
  switch (state) {
    case 'done':
      return { incomplete: false, action: null };
    case 'todo':
      return { incomplete: true, action: 'start' };
    case 'recover':
      return { incomplete: true, action: 'update' };
    default:
      return { incomplete: true, action: 'resume' };
  }
}
