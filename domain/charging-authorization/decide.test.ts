import { describe, expect, it } from 'vitest';
import {
  type AuthorizationFacts,
  type CardFacts,
  decide,
  type StationFacts,
  type Usage,
  type UserFacts,
} from './decide';

const AT = new Date('2026-11-18T10:00:00Z');
const aCard = (o: Partial<CardFacts> = {}): CardFacts => ({
  id: 7,
  status: 'active',
  expiresAt: null,
  userId: 3,
  ...o,
});
const aUser = (o: Partial<UserFacts> = {}): UserFacts => ({
  id: 3,
  status: 'active',
  companyId: 10,
  canChargePublic: true,
  canChargeWork: true,
  canChargeHome: true,
  onlyPrivate: false,
  dailyLimit: null,
  weeklyLimit: null,
  monthlyLimit: null,
  limitUnit: 'kwh',
  currencyLimits: null,
  currency: 'EUR',
  ...o,
});
const aStation = (o: Partial<StationFacts> = {}): StationFacts => ({
  id: 5,
  type: 'public',
  companyId: 1,
  ownerCompanyId: null,
  ...o,
});
const noUsage: Usage = { dayWh: 0, weekWh: 0, monthWh: 0 };
const facts = (o: Partial<AuthorizationFacts> = {}): AuthorizationFacts => ({
  at: AT,
  card: aCard(),
  user: aUser(),
  station: aStation(),
  family: [10, 11],
  usage: noUsage,
  concurrent: false,
  ...o,
});

describe('decide', () => {
  it.each([
    { name: 'accepted at a public station', f: facts(), status: 'Accepted' },
    { name: 'unknown card', f: facts({ card: null, user: null }), status: 'Invalid' },
    { name: 'blocked card', f: facts({ card: aCard({ status: 'blocked' }) }), status: 'Blocked' },
    { name: 'unlinked card', f: facts({ card: aCard({ status: 'unlinked', userId: null }) }), status: 'Invalid' },
    {
      name: 'expired card',
      f: facts({ card: aCard({ expiresAt: new Date('2026-11-18T09:59:59Z') }) }),
      status: 'Expired',
    },
    {
      name: 'expiring later',
      f: facts({ card: aCard({ expiresAt: new Date('2027-01-01T00:00:00Z') }) }),
      status: 'Accepted',
    },
    { name: 'card assigned to nobody', f: facts({ card: aCard({ userId: null }), user: null }), status: 'Invalid' },
    { name: 'deleted user', f: facts({ user: aUser({ status: 'deleted' }) }), status: 'Blocked' },
    { name: 'concurrent transaction', f: facts({ concurrent: true }), status: 'ConcurrentTx' },
    { name: 'unknown station', f: facts({ station: null }), status: 'Invalid' },
    { name: 'no public permission', f: facts({ user: aUser({ canChargePublic: false }) }), status: 'Blocked' },
    {
      name: 'work station of the company',
      f: facts({ station: aStation({ type: 'work', companyId: 1, ownerCompanyId: 11 }) }),
      status: 'Accepted',
    },
    {
      name: 'work station without work permission',
      f: facts({ user: aUser({ canChargeWork: false }), station: aStation({ type: 'work', ownerCompanyId: 10 }) }),
      status: 'Blocked',
    },
    {
      name: 'work station of another company',
      f: facts({ station: aStation({ type: 'work', companyId: 1, ownerCompanyId: 99 }) }),
      status: 'Blocked',
    },
    {
      name: 'own home station',
      f: facts({ station: aStation({ type: 'home', ownerCompanyId: 10 }) }),
      status: 'Accepted',
    },
    {
      name: 'home station without home permission',
      f: facts({ user: aUser({ canChargeHome: false }), station: aStation({ type: 'home', ownerCompanyId: 10 }) }),
      status: 'Blocked',
    },
    {
      name: "someone else's home station",
      f: facts({ station: aStation({ type: 'home', ownerCompanyId: 11 }) }),
      status: 'Blocked',
    },
    {
      name: 'only-private user at a public station',
      f: facts({ user: aUser({ onlyPrivate: true }) }),
      status: 'Blocked',
    },
    {
      name: 'only-private user at a private station of the company',
      f: facts({
        user: aUser({ onlyPrivate: true, canChargeWork: false }),
        station: aStation({ type: 'private', companyId: 10 }),
      }),
      status: 'Accepted',
    },
    {
      name: 'only-private user at a work station of the company',
      f: facts({ user: aUser({ onlyPrivate: true }), station: aStation({ type: 'work', companyId: 10 }) }),
      status: 'Blocked',
    },
    {
      name: 'daily limit reached',
      f: facts({ user: aUser({ dailyLimit: 10 }), usage: { dayWh: 10_000, weekWh: 10_000, monthWh: 10_000 } }),
      status: 'Blocked',
      reason: /daily limit of 10 kWh/,
    },
    {
      name: 'daily limit not yet reached',
      f: facts({ user: aUser({ dailyLimit: 10 }), usage: { dayWh: 9_999, weekWh: 9_999, monthWh: 9_999 } }),
      status: 'Accepted',
    },
    {
      name: 'weekly limit reached',
      f: facts({ user: aUser({ weeklyLimit: 50 }), usage: { dayWh: 0, weekWh: 50_000, monthWh: 50_000 } }),
      status: 'Blocked',
      reason: /weekly limit/,
    },
    {
      name: 'monthly limit reached',
      f: facts({ user: aUser({ monthlyLimit: 200 }), usage: { dayWh: 0, weekWh: 0, monthWh: 250_000 } }),
      status: 'Blocked',
      reason: /monthly limit/,
    },
    {
      name: 'a zero limit is no limit',
      f: facts({ user: aUser({ monthlyLimit: 0 }), usage: { dayWh: 0, weekWh: 0, monthWh: 250_000 } }),
      status: 'Accepted',
    },
  ])('$name → $status', ({ f, status, reason }) => {
    const d = decide(f);
    expect(d.status).toBe(status);
    expect(d.reason.length).toBeGreaterThan(0);
    if (reason) expect(d.reason).toMatch(reason);
  });

  it('names the card, the user and the expiry date', () => {
    const expiresAt = new Date('2027-01-01T00:00:00Z');
    expect(decide(facts({ card: aCard({ expiresAt }) }))).toMatchObject({
      status: 'Accepted',
      userId: 3,
      rfidId: 7,
      expiryDate: '2027-01-01T00:00:00.000Z',
    });
  });

  it('answers the card past its expiry Expired, and names its group id whatever the status', () => {
    const past = aCard({ expiresAt: new Date('2026-11-18T09:59:59Z'), parentIdTag: 'FLEET-A' });
    expect(decide(facts({ card: past }))).toMatchObject({
      status: 'Expired',
      expiryDate: '2026-11-18T09:59:59.000Z',
      parentIdTag: 'FLEET-A',
    });
    expect(decide(facts({ card: aCard({ parentIdTag: 'FLEET-A' }) }))).toMatchObject({
      status: 'Accepted',
      parentIdTag: 'FLEET-A',
    });
    expect(decide(facts())).not.toHaveProperty('parentIdTag');
  });
});
