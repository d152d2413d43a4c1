/**
 * @module Sessions that must not stay open (ADR 040): a start the back office refused, and a
 * transaction the charge point shows has ended without ever sending its StopTransaction. Pure
 * decisions; the ocpp worker gathers the facts and writes what these return.
 */
import type { CurvePoint } from './meter-values';
import { type SessionSummary, type StatusEvent, summarizeSession } from './session-summary';

/** Whether a StartTransaction answered with `status` started a session the back office refused. */
export function isRefusedStart(status: string): boolean {
  return status !== 'Accepted';
}

/**
 * The remark of a refused session: the status the charge point was answered with, and why. A
 * transaction the station started while offline (OCPP 2.0.1 E05) says so: it charged before we could refuse.
 */
export function refusedRemark(status: string, reason: string | null | undefined, startedOffline = false): string {
  const offline = startedOffline ? ', started while the station was offline' : '';
  return `Refused at start (${status})${offline}${reason ? `: ${reason}` : ''}`;
}

/** The pricing note of a refused session: it is never billed. */
export const REFUSED_PRICING_NOTE = 'Refused at start: not billed';

/** What showed that a transaction had ended without its StopTransaction. */
export type EndEvidence =
  | { kind: 'new-transaction'; connectorId: number }
  | { kind: 'boot' }
  | { kind: 'available'; connectorId: number };

export function endedWithoutStopReason(e: EndEvidence): string {
  switch (e.kind) {
    case 'new-transaction':
      return `Ended without StopTransaction: a new transaction started on connector ${e.connectorId}`;
    case 'boot':
      return 'Ended without StopTransaction: the charge point rebooted (BootNotification)';
    case 'available':
      return `Ended without StopTransaction: connector ${e.connectorId} reported Available`;
  }
}

/** The stop reason recorded for a session closed without its StopTransaction (not an OCPP reason). */
export const ENDED_WITHOUT_STOP = 'EndedWithoutStop';

/**
 * Whether an open transaction started at `startedAt` is shown ended by evidence seen at `evidenceAt`:
 * only evidence from after its start counts (a StatusNotification Available delivered late, with its
 * older timestamp, says nothing about a transaction that started since).
 */
export function evidenceCovers(startedAt: number, evidenceAt: number): boolean {
  return evidenceAt >= startedAt;
}

export interface EndedWithoutStop extends SessionSummary {
  endAt: number;
  meterStopWh: number;
}

/**
 * The close of a transaction that ended without its StopTransaction: it ends at its last meter
 * reading (its start when it sent none), with the energy of that reading, and always needs revision.
 */
export function closeWithoutStop(input: {
  startAt: number;
  meterStartWh: number;
  points: readonly CurvePoint[];
  statuses?: readonly StatusEvent[];
  evidence: EndEvidence;
}): EndedWithoutStop {
  let last: { at: number; wh: number } | null = null;
  for (const p of input.points) {
    if (p.energyWh === null || p.at < input.startAt) continue;
    if (!last || p.at >= last.at) last = { at: p.at, wh: p.energyWh };
  }
  const endAt = last?.at ?? input.startAt;
  const meterStopWh = last?.wh ?? input.meterStartWh;
  const summary = summarizeSession({
    startAt: input.startAt,
    endAt,
    meterStartWh: input.meterStartWh,
    meterStopWh,
    points: input.points,
    ...(input.statuses ? { statuses: input.statuses } : {}),
  });
  return {
    ...summary,
    endAt,
    meterStopWh,
    needsRevision: true,
    remarks: [endedWithoutStopReason(input.evidence), ...summary.remarks],
  };
}

/**
 * How a StopTransaction finds its session (ADR 040): `close` an in-progress one, `correct` one closed
 * without its stop (it is no longer marked so), fill in a `refused` one not stopped yet (it stays
 * refused), or `done`: it was stopped already and nothing changes.
 */
export type StopKind = 'close' | 'correct' | 'refused' | 'done';

export function stopKindOf(s: {
  status: string;
  endedWithoutStop: number;
  refusedStatus: string | null;
  meterStopWh: number | null;
}): StopKind {
  if (s.status === 'in_progress') return 'close';
  if (s.endedWithoutStop === 1) return 'correct';
  if (s.refusedStatus !== null && s.meterStopWh === null) return 'refused';
  return 'done';
}
