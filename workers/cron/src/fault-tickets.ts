/**
 * @module The automatic fault tickets (issue 21 part 5, ADR 054), every five minutes: gather the
 * connectors faulted now and the ticketed faults not yet cleared, let `domain/uptime/fault-tickets`
 * decide which fault needs its one ticket and which ended, write both; one pass recorded on the
 * job-runs page (run `fault-tickets` of the UTC day). Companies have no language of their own: the
 * tickets' texts are the catalog's English.
 */
import { clearedFaults, faultsDueTicket } from '@domain/uptime/fault-tickets';
import { uptime } from '@i18n/areas/uptime';
import { type FaultRow, markCleared, ongoingFaults, openFaultTicket, unclearedFaults } from './fault-tickets.store';
import { FAULT_TICKETS_JOB, recordPass } from './job-runs.store';

const TEXT = uptime.en.ticket;

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** 2026-11-27 12:34 UTC */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function ticketText(f: FaultRow) {
  const evse = f.evseId ?? `${f.stationUid}-${f.connectorNumber}`;
  return {
    title: fill(TEXT.title, { evse }),
    problem: fill(TEXT.problem, {
      number: f.connectorNumber,
      station: f.stationUid,
      since: utc(f.since),
      code: f.errorCode ?? '—',
      minutes: f.thresholdMinutes,
    }),
  };
}

/** One pass; answers how many tickets it opened and how many it marked cleared. */
export async function faultTicketsPass(d1: D1Database, now: number): Promise<{ opened: number; cleared: number }> {
  let opened = 0;
  for (const fault of faultsDueTicket(await ongoingFaults(d1), now)) {
    if (await openFaultTicket(d1, fault, ticketText(fault), now)) opened++;
  }
  const ended = clearedFaults(await unclearedFaults(d1));
  for (const c of ended)
    await markCleared(d1, c.statusId, c.ticketId, c.clearedAt, fill(TEXT.cleared, { at: utc(c.clearedAt) }), now);
  return { opened, cleared: ended.length };
}

/** The scheduled pass: its outcome (or failure) recorded on the day's run; it never throws. */
export async function faultTickets(d1: D1Database, now: number): Promise<void> {
  const day = new Date(now).toISOString().slice(0, 10);
  try {
    const { opened, cleared } = await faultTicketsPass(d1, now);
    await recordPass(d1, FAULT_TICKETS_JOB, day, opened + cleared, null, now);
  } catch (err) {
    console.error('fault-tickets', String(err).slice(0, 200));
    await recordPass(d1, FAULT_TICKETS_JOB, day, 0, String(err).slice(0, 500), now).catch(() => undefined);
  }
}
