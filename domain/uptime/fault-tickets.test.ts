import { describe, expect, it } from 'vitest';
import { clearedFaults, faultsDueTicket } from './fault-tickets';

const M = 60_000;

describe('faultsDueTicket', () => {
  const fault = { statusId: 7, connectorId: 1, since: 0, thresholdMinutes: 60, ticketed: false };

  it('opens a ticket once the fault lasted the threshold, not before', () => {
    expect(faultsDueTicket([fault], 59 * M)).toEqual([]);
    expect(faultsDueTicket([fault], 60 * M)).toEqual([fault]);
  });

  it('never a second one for a fault already ticketed', () => {
    expect(faultsDueTicket([{ ...fault, ticketed: true }], 600 * M)).toEqual([]);
  });

  it('reads each fault with its own company threshold', () => {
    const short = { ...fault, statusId: 8, thresholdMinutes: 5 };
    expect(faultsDueTicket([fault, short], 10 * M)).toEqual([short]);
  });
});

describe('clearedFaults', () => {
  it('marks the faults followed by another status, at that status time', () => {
    expect(
      clearedFaults([
        { statusId: 1, ticketId: 10, nextStatusAt: null },
        { statusId: 2, ticketId: 11, nextStatusAt: 5 * M },
      ]),
    ).toEqual([{ statusId: 2, ticketId: 11, clearedAt: 5 * M }]);
  });
});
