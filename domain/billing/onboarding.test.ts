import { describe, expect, it } from 'vitest';
import { type OnboardingFacts, onboardingNotice, onboardingState } from './onboarding';

const facts = (f: Partial<OnboardingFacts>): OnboardingFacts => ({
  hasAccount: true,
  detailsSubmitted: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  previous: 'pending',
  ...f,
});
const enabled = { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true };

describe('onboardingState', () => {
  it('is todo without an account, whatever else is said', () => {
    expect(onboardingState(facts({ hasAccount: false, ...enabled, step: 'return' }))).toBe('todo');
  });

  it('is pending once the account exists and the link is handed out', () => {
    expect(onboardingState(facts({ previous: 'todo' }))).toBe('pending');
    expect(onboardingState(facts({ previous: null }))).toBe('pending');
  });

  it('is done when details are submitted and charges and payouts enabled, from any state', () => {
    for (const previous of ['todo', 'pending', 'interrupted', 'reauth', 'recover', 'done'] as const) {
      expect(onboardingState(facts({ previous, ...enabled }))).toBe('done');
    }
  });

  it('back on the return page without the details submitted: interrupted', () => {
    expect(onboardingState(facts({ step: 'return' }))).toBe('interrupted');
  });

  it('back on the return page with the details submitted but not yet enabled: pending (Stripe verifies)', () => {
    expect(onboardingState(facts({ step: 'return', detailsSubmitted: true }))).toBe('pending');
  });

  it('an expired or reused link (refresh page): reauth', () => {
    expect(onboardingState(facts({ step: 'refresh' }))).toBe('reauth');
  });

  it('the user leaving the flow from our side: interrupted', () => {
    expect(onboardingState(facts({ step: 'left' }))).toBe('interrupted');
  });

  it('a fresh link resumes an interrupted or reauth onboarding: pending', () => {
    expect(onboardingState(facts({ previous: 'interrupted', step: 'resume' }))).toBe('pending');
    expect(onboardingState(facts({ previous: 'reauth', step: 'resume' }))).toBe('pending');
    expect(onboardingState(facts({ previous: 'todo', step: 'resume' }))).toBe('pending');
  });

  it('a webhook keeps interrupted and reauth until the user resumes or submits', () => {
    expect(onboardingState(facts({ previous: 'interrupted' }))).toBe('interrupted');
    expect(onboardingState(facts({ previous: 'reauth' }))).toBe('reauth');
    expect(onboardingState(facts({ previous: 'interrupted', detailsSubmitted: true }))).toBe('pending');
  });

  it('a done account that loses charges or payouts must be recovered, and stays so until enabled again', () => {
    expect(onboardingState(facts({ previous: 'done', detailsSubmitted: true, chargesEnabled: true }))).toBe('recover');
    expect(onboardingState(facts({ previous: 'recover', detailsSubmitted: true, step: 'return' }))).toBe('recover');
    expect(onboardingState(facts({ previous: 'recover', ...enabled }))).toBe('done');
  });
});

describe('onboardingNotice', () => {
  it('shows no notice when done', () => {
    expect(onboardingNotice('done')).toEqual({ incomplete: false, action: null });
  });
  it('offers start, resume or update as the recovery action', () => {
    expect(onboardingNotice('todo')).toEqual({ incomplete: true, action: 'start' });
    for (const s of ['pending', 'interrupted', 'reauth'] as const) {
      expect(onboardingNotice(s)).toEqual({ incomplete: true, action: 'resume' });
    }
    expect(onboardingNotice('recover')).toEqual({ incomplete: true, action: 'update' });
  });
});
