/**
 * @module OCPI as e-mobility provider (ADR 057 addendum "EMSP: tokens and commands"), pure: our drivers'
 * RFIDs as the Token objects a partner's CPO receives (which peering a card goes to, whether it is
 * valid there), our authorization decision as the AllowedType of a real-time authorization, and the
 * state of a command we sent to a partner's CPO.
 */
import type { AuthorizationDecision } from '../charging-authorization/decide';
import type { CommandResponseType, CommandResultType } from './commands';
import { ocpiTimestamp } from './status';
import type { AllowedType, Token } from './tokens';

/** A card of ours as the tokens sender reads it. */
export interface PublishedCard {
  id: number;
  uuid: string;
  keyHangerCode: string;
  parentIdTag: string | null;
  status: 'active' | 'blocked' | 'unlinked';
  userId: number | null;
  /** The peering id the card is published to (rfids.peering), as stored (text). */
  peering: string | null;
  createdAt: Date;
  updatedAt: Date | null;
  blockedAt: Date | null;
  unlinkedAt: Date | null;
  /** The company that issued the card (the Token's issuer). */
  companyName: string;
  /** The driver's customer group hides roaming (spec section 3, "hide roaming"): the card does not roam. */
  hideRoaming: boolean;
}

/** Our EMSP party (ocpi_parties) of the peering's company. */
export interface EmspParty {
  countryCode: string;
  partyId: string;
}

/** Whether the card is published to this peering (its `peering` names it). */
export const publishedTo = (card: Pick<PublishedCard, 'peering'>, peeringId: number) =>
  card.peering !== null && card.peering.trim() === String(peeringId);

/** The card's contract id (an eMA-ID-like `FR-C01-C0000001A`): stable, unique per party, at most 36 characters. */
export const contractIdOf = (party: EmspParty, cardId: number) =>
  `${party.countryCode}-${party.partyId}-C${cardId.toString(36).toUpperCase().padStart(8, '0')}`;

/** When the card last changed as a token: creation, the last API edit, blocking or unlinking. */
export function cardLastUpdated(card: Pick<PublishedCard, 'createdAt' | 'updatedAt' | 'blockedAt' | 'unlinkedAt'>) {
  const times = [card.createdAt, card.updatedAt, card.blockedAt, card.unlinkedAt].filter((d): d is Date => d !== null);
  return new Date(Math.max(...times.map((d) => d.getTime())));
}

/**
 * The Token a partner's CPO receives for one of our cards: type RFID, whitelist ALLOWED (the CPO asks us
 * in real time, and may fall back to this object when we do not answer). `valid` only while the card is
 * published to this peering, active, assigned to a driver whose customer group does not hide roaming: a
 * card blocked, unlinked or moved to another peering is sent once more with `valid: false`. Expiry is
 * answered by the real-time authorization (EXPIRED), not by this object.
 */
export function tokenOfCard(card: PublishedCard, party: EmspParty, peeringId: number): Token {
  const valid = publishedTo(card, peeringId) && card.status === 'active' && card.userId !== null && !card.hideRoaming;
  return {
    country_code: party.countryCode,
    party_id: party.partyId,
    uid: card.uuid,
    type: 'RFID',
    contract_id: contractIdOf(party, card.id),
    visual_number: card.keyHangerCode.slice(0, 64),
    issuer: card.companyName.slice(0, 64),
    ...(card.parentIdTag ? { group_id: card.parentIdTag.slice(0, 36) } : {}),
    valid,
    whitelist: 'ALLOWED',
    last_updated: ocpiTimestamp(cardLastUpdated(card)),
  };
}

/**
 * The AllowedType of our own authorization decision (the one our stations use) for a partner's CPO:
 * accepted → ALLOWED; a spent limit or prepaid balance → NO_CREDIT; an expired card → EXPIRED; a blocked
 * card or a deleted driver → BLOCKED (`cardRefused`: the card alone refuses it); anything else (no
 * permission for public stations, a session in progress, an unassigned or unlinked card) → NOT_ALLOWED.
 */
export function allowedOf(
  decision: Pick<AuthorizationDecision, 'status' | 'budget' | 'prepaidRefusal'>,
  cardRefused: boolean,
): AllowedType {
  if (decision.status === 'Accepted') return 'ALLOWED';
  if (decision.prepaidRefusal || decision.budget !== undefined) return 'NO_CREDIT';
  if (decision.status === 'Expired') return 'EXPIRED';
  if (decision.status === 'Blocked' && cardRefused) return 'BLOCKED';
  return 'NOT_ALLOWED';
}

/** Where a command we sent stands. */
export type SentCommandState = 'failed' | 'rejected' | 'waiting' | 'timeout' | 'done';

/**
 * The state of a command sent to a partner's CPO: `failed` when the partner did not answer it, `rejected`
 * when its CommandResponse was not ACCEPTED, `done` once its CommandResult arrived, `timeout` when none
 * arrived within the partner's `timeout` (seconds) of the send, else `waiting`.
 */
export function sentCommandState(
  row: {
    error: string | null;
    responseResult: CommandResponseType | string | null;
    responseTimeout: number | null;
    result: CommandResultType | string | null;
    createdAt: Date;
  },
  now: Date,
): SentCommandState {
  if (row.result !== null) return 'done';
  if (row.error !== null || row.responseResult === null) return 'failed';
  if (row.responseResult !== 'ACCEPTED') return 'rejected';
  const deadline = row.createdAt.getTime() + (row.responseTimeout ?? 0) * 1000;
  return now.getTime() > deadline ? 'timeout' : 'waiting';
}
