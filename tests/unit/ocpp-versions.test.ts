/** The OCPP version of a connection (ADR 058) and the simulator's --ocpp option. */
import { describe, expect, it } from 'vitest';
import { negotiateVersion, ocppVersionLabel, offeredProtocols } from '../../domain/ocpp/versions';
import { parseArgs } from '../../scripts/simulator/args';

describe('negotiateVersion', () => {
  it('takes the first supported protocol offered when the station has no configured version', () => {
    expect(negotiateVersion(offeredProtocols('ocpp2.0, ocpp2.0.1,ocpp1.6'), null)).toEqual({
      ok: true,
      version: 'ocpp2.0.1',
    });
    expect(negotiateVersion(offeredProtocols('ocpp1.6, ocpp2.0.1'), null)).toEqual({ ok: true, version: 'ocpp1.6' });
    expect(negotiateVersion(offeredProtocols(null), null)).toEqual({
      ok: false,
      reason: 'Subprotocol ocpp1.6 or ocpp2.0.1 required',
    });
  });

  it('takes the configured version wherever it is offered, and refuses a station that does not offer it', () => {
    expect(negotiateVersion(['ocpp2.0.1', 'ocpp1.6'], 'ocpp1.6')).toEqual({ ok: true, version: 'ocpp1.6' });
    expect(negotiateVersion(['ocpp1.6'], 'ocpp2.0.1')).toEqual({
      ok: false,
      reason: 'Subprotocol ocpp2.0.1 required for this station',
    });
  });

  it('names versions for screens', () => {
    expect(ocppVersionLabel('ocpp2.0.1')).toBe('OCPP 2.0.1');
  });
});

describe('simulator --ocpp', () => {
  it('runs 1.6 by default, 2.0.1 when asked, and refuses other versions', () => {
    expect(parseArgs([]).ocpp).toBe('1.6');
    expect(parseArgs(['--ocpp', '1.6']).ocpp).toBe('1.6');
    expect(parseArgs(['--ocpp', '2.0.1']).ocpp).toBe('2.0.1');
    expect(() => parseArgs(['--ocpp=2.1'])).toThrow('--ocpp must be 1.6 or 2.0.1, got 2.1');
  });
});
