/** @module Counters shared by all simulated charge points, for the live summary line. */

export interface SimStats {
  connected: number;
  booted: number;
  sessionsStarted: number;
  sessionsStopped: number;
  authRejected: number;
  commandsAnswered: number;
  errors: number;
  lastError?: string;
}

export const newStats = (): SimStats => ({
  connected: 0,
  booted: 0,
  sessionsStarted: 0,
  sessionsStopped: 0,
  authRejected: 0,
  commandsAnswered: 0,
  errors: 0,
});

export function summaryLine(s: SimStats, total: number, elapsedSeconds: number): string {
  const err = s.lastError ? ` (last: ${s.lastError.slice(0, 80)})` : '';
  return (
    `[${elapsedSeconds.toFixed(0).padStart(4)} s] connected ${s.connected}/${total}, booted ${s.booted}, ` +
    `sessions started ${s.sessionsStarted} stopped ${s.sessionsStopped}, auth refused ${s.authRejected}, ` +
    `commands answered ${s.commandsAnswered}, errors ${s.errors}${err}`
  );
}
