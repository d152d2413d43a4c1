/**
 * @module The TxProfiles an operator set for a transaction (ADR 059 addendum): every accepted
 * SetChargingProfile of purpose TxProfile that is not the site's own (profile ids 59000…59999) is
 * remembered with its lowest limit per phase (A, or W that the site turns into A at its own voltage),
 * and forgotten with its transaction's
 * ClearChargingProfile. The site never sends a limit above it, and stacks its own above it
 * (never on the operator's stack level, which would replace the operator's profile on the station).
 */
import type { Store } from '../storage/store';
import type { CommandResult } from '../transport/outbound';

/** The site's own profiles: 59000 + connector (station.ts). */
const SITE_IDS = { from: 59_000, to: 59_999 };
const KEPT = 20;

export interface OperatorTxLimit {
  profileId: number;
  connectorId: number;
  /** The transaction it was set for (its own, or the one open on the connector when it was sent). */
  transactionId: number | null;
  stackLevel: number;
  /** The lowest limit of its schedule per phase: ampere, or watt (a W period over its phases, else 3). */
  limit: number;
  unit: 'A' | 'W';
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const isSite = (id: number) => id >= SITE_IDS.from && id <= SITE_IDS.to;

/** The lowest limit per phase of a 1.6 charging schedule (in its unit), null when it has no period. */
function lowestPerPhase(schedule: Record<string, unknown> | undefined): Pick<OperatorTxLimit, 'limit' | 'unit'> | null {
  const unit = schedule?.chargingRateUnit === 'W' ? 'W' : 'A';
  const periods = (schedule?.chargingSchedulePeriod ?? []) as { limit?: unknown; numberPhases?: unknown }[];
  const limits = periods
    .map((p) => {
      const limit = num(p.limit);
      if (limit === null) return null;
      return unit === 'W' ? limit / (num(p.numberPhases) ?? 3) : limit;
    })
    .filter((a): a is number => a !== null);
  return limits.length === 0 ? null : { limit: Math.min(...limits), unit };
}

/** An operator's limit in ampere per phase, a W limit at the site's phase-to-neutral `voltage`. */
export const operatorAmps = (l: Pick<OperatorTxLimit, 'limit' | 'unit'>, voltage: number) =>
  l.unit === 'W' ? l.limit / voltage : l.limit;

const accepted = (o: CommandResult) =>
  o.status === 'accepted' && (o.reply as { status?: unknown } | null)?.status === 'Accepted';

/** After a command the station answered: remembers an operator's TxProfile, forgets the cleared ones. */
export function noteOperatorProfile(store: Store, action: string, payload: unknown, outcome: CommandResult): void {
  if (action !== 'SetChargingProfile' && action !== 'ClearChargingProfile') return;
  if (!accepted(outcome)) return;
  const p = (payload ?? {}) as Record<string, unknown>;
  const kept = store.get('operatorTxProfiles') ?? [];
  if (action === 'ClearChargingProfile') {
    const id = num(p.id);
    const cleared = (l: OperatorTxLimit) =>
      id !== null
        ? l.profileId === id
        : (num(p.connectorId) === null || num(p.connectorId) === l.connectorId) &&
          (p.chargingProfilePurpose === undefined || p.chargingProfilePurpose === 'TxProfile') &&
          (num(p.stackLevel) === null || num(p.stackLevel) === l.stackLevel);
    store.put(
      'operatorTxProfiles',
      kept.filter((l) => !cleared(l)),
    );
    return;
  }
  const profile = (p.csChargingProfiles ?? {}) as Record<string, unknown>;
  const profileId = num(profile.chargingProfileId);
  const connectorId = num(p.connectorId);
  if (profile.chargingProfilePurpose !== 'TxProfile' || profileId === null || isSite(profileId)) return;
  if (connectorId === null) return;
  const lowest = lowestPerPhase(profile.chargingSchedule as Record<string, unknown> | undefined);
  if (lowest === null) return;
  const transactionId =
    num(profile.transactionId) ??
    store.openTransactions().find((t) => t.connectorId === connectorId)?.transactionId ??
    null;
  const entry: OperatorTxLimit = {
    profileId,
    connectorId,
    transactionId,
    stackLevel: num(profile.stackLevel) ?? 0,
    ...lowest,
  };
  // Same id, or same stack level and purpose on the connector: the station replaced it (OCPP 1.6 and 2.0.1).
  const others = kept.filter(
    (l) => l.profileId !== profileId && !(l.connectorId === connectorId && l.stackLevel === entry.stackLevel),
  );
  store.put('operatorTxProfiles', [...others, entry].slice(-KEPT));
}

/** The operator's TxProfiles in force for a transaction of a connector (set for it, or for the connector's current one). */
export function operatorLimitsOf(
  limits: readonly OperatorTxLimit[],
  connectorId: number,
  transactionId: number,
): OperatorTxLimit[] {
  return limits.filter((l) => l.connectorId === connectorId && l.transactionId === transactionId);
}
