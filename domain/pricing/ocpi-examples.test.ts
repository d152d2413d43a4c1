import { describe, expect, it } from 'vitest';
import * as ex from '../../tests/support/ocpi-tariff-examples';
import { aSession, charge, park, withReservation } from '../../tests/support/pricing-builders';
import { priceSession } from './engine';
import { fromOcpiTariff, type OcpiTariff } from './ocpi';
import type { PricingResult, SessionTimeline, Tariff } from './types';

/** OCPI 2.2.1 tariffs module, section "Examples" and the data-type sections: every worked figure. */

function totals(result: PricingResult) {
  if (result.kind !== 'priced') throw new Error(`unpriced: ${result.reason}`);
  return { excl: result.totals.exclVat, incl: result.totals.inclVat };
}

const MONDAY = '2026-03-02T09:30:00+01:00';
const SATURDAY = '2026-03-07T13:30:00+01:00';
const DAY = '2019-05-06T10:00:00+02:00';

interface Case {
  name: string;
  tariff: OcpiTariff;
  session: SessionTimeline;
  excl: number;
  incl: number;
}

describe('OCPI 2.2.1 tariff module, worked examples', () => {
  it.each<Case>([
    {
      name: '§ Simple Tariff example 0.25 euro per kWh: 20 kWh = 5.00 / 5.50',
      tariff: ex.simple025,
      session: aSession(DAY, charge({ minutes: 120, kwh: 20 })),
      excl: 500,
      incl: 550,
    },
    {
      name: '§ Tariff example 0.25 euro per kWh + start fee: 20 kWh = 5.50 / 6.10',
      tariff: ex.start025,
      session: aSession(DAY, charge({ minutes: 120, kwh: 20 })),
      excl: 550,
      incl: 610,
    },
    {
      name: '§ Tariff example 0.25 euro per kWh + minimum price: 20 kWh = 5.00 / 5.50',
      tariff: ex.min025,
      session: aSession(DAY, charge({ minutes: 120, kwh: 20 })),
      excl: 500,
      incl: 550,
    },
    {
      name: '§ Tariff example 0.25 euro per kWh + minimum price: under 2 kWh = 0.50 / 0.55',
      tariff: ex.min025,
      session: aSession(DAY, charge({ minutes: 10, kwh: 1 })),
      excl: 50,
      incl: 55,
    },
    {
      name: '§ Tariff example 0.25 euro per kWh + parking fee + start fee: 20 kWh, 40 min parked = 7.00 / 7.90',
      tariff: ex.parkingStart,
      session: aSession(DAY, charge({ minutes: 120, kwh: 20 }), park({ minutes: 40 })),
      excl: 700,
      incl: 790,
    },
    {
      name: '§ Tariff example 0.25 euro per kWh + start fee + max price + tariff end date: 50 kWh = 10.00 / 11.00',
      tariff: ex.maxPrice,
      session: aSession('2019-06-01T10:00:00Z', charge({ minutes: 120, kwh: 50 })),
      excl: 1000,
      incl: 1100,
    },
    {
      name: '§ Tariff example 0.25 euro per kWh + start fee + max price + tariff end date: 30 kWh = 8.00 / 8.85',
      tariff: ex.maxPrice,
      session: aSession('2019-06-01T10:00:00Z', charge({ minutes: 120, kwh: 30 })),
      excl: 800,
      incl: 885,
    },
    {
      name: '§ Simple Tariff example 2 euro per hour: 2.5 hours = 5.00 / 5.50',
      tariff: ex.hour2,
      session: aSession(DAY, charge({ minutes: 150, kwh: 30 })),
      excl: 500,
      incl: 550,
    },
    {
      name: '§ Simple Tariff example 3 euro per hour, 5 euro per hour parking: 150 min + 42 min parked = 11.25 / 12.75',
      tariff: ex.hour3parking5,
      session: aSession(DAY, charge({ minutes: 150, kwh: 30 }), park({ minutes: 42 })),
      excl: 1125,
      incl: 1275,
    },
    {
      name: '§ Ad-Hoc simple Tariff example with multiple languages: 2.5 hours = 4.75 / 5.00',
      tariff: ex.adHocAltText,
      session: aSession(DAY, charge({ minutes: 150, kwh: 30 })),
      excl: 475,
      incl: 500,
    },
    {
      name: '§ Simple Tariff example with alternative URL: 20.45 kWh billed as 20.5 = 5.63 / 6.24',
      tariff: ex.altUrl,
      session: aSession(DAY, charge({ minutes: 120, kwh: 20.45 })),
      excl: 563,
      incl: 624,
    },
    {
      name: '§ Complex Tariff example, Monday 09:30, 165 min at 16 A, 42 min parked = 9.00 / 10.30',
      tariff: ex.complex,
      session: aSession(MONDAY, charge({ minutes: 165, kwh: 10, amps: 16 }), park({ minutes: 42 })),
      excl: 900,
      incl: 1030,
    },
    {
      // OCPI's 12.375 / 13.975 have half cents: totals are rounded once, half up (ADR 009).
      name: '§ Complex Tariff example, Saturday 13:30, 114 min at 43 A, 71 min parked = 12.375 / 13.975 → 12.38 / 13.98',
      tariff: ex.complex,
      session: aSession(SATURDAY, charge({ minutes: 114, kwh: 40, amps: 43 }), park({ minutes: 71 })),
      excl: 1238,
      incl: 1398,
    },
    {
      name: '§ Free of Charge Tariff example: any session = 0.00',
      tariff: ex.free,
      session: aSession(DAY, charge({ minutes: 60, kwh: 11 }), park({ minutes: 30 })),
      excl: 0,
      incl: 0,
    },
    {
      // The example is only consistent if parking starts at the session start (durations are session durations).
      name: '§ First hour free energy example: 20 kWh, 2:45 parked = 7.30 (no VAT given)',
      tariff: ex.firstHourFree,
      session: aSession(DAY, charge({ seconds: 0, kwh: 20 }), park({ minutes: 165 })),
      excl: 730,
      incl: 730,
    },
    {
      name: '§ Tariff example with reservation price: 15 min reserved, 20 kWh = 6.75 / 7.60',
      tariff: ex.reservation15,
      session: withReservation(aSession(DAY, charge({ minutes: 120, kwh: 20 })), 15),
      excl: 675,
      incl: 760,
    },
    {
      // The example's breakdown shows the 2.00 fee as 2.00 incl. VAT; its total (10.00) has the 20 % VAT on it.
      name: '§ Tariff example with reservation price and fee: 13 min reserved, 20 kWh = 8.75 / 10.00',
      tariff: ex.reservation16,
      session: withReservation(aSession(DAY, charge({ minutes: 120, kwh: 20 })), 13),
      excl: 875,
      incl: 1000,
    },
    {
      name: '§ Tariff example with reservation price and expire fee: 22 min reserved, 20 kWh = 6.50 / 7.30',
      tariff: ex.reservation17,
      session: withReservation(aSession(DAY, charge({ minutes: 120, kwh: 20 })), 22),
      excl: 650,
      incl: 730,
    },
    {
      name: '§ Tariff example with reservation price and expire fee: expired after 1 hour = 6.00 / 7.20',
      tariff: ex.reservation17,
      session: withReservation(aSession(DAY), 60, true),
      excl: 600,
      incl: 720,
    },
    {
      name: '§ Tariff example with reservation time and expire time: 22 min reserved, 20 kWh = 7.00 / 7.90',
      tariff: ex.reservation18,
      session: withReservation(aSession(DAY, charge({ minutes: 120, kwh: 20 })), 22),
      excl: 700,
      incl: 790,
    },
    {
      name: '§ Tariff example with reservation time and expire time: expired after 1.5 hours = 9.00 / 10.80',
      tariff: ex.reservation18,
      session: withReservation(aSession(DAY), 90, true),
      excl: 900,
      incl: 1080,
    },
    {
      name: '§ TariffRestrictions, Example: Tariff with max_power: 1 kWh at 6 kW, 40 at 48 kW, 0.5 at 4 kW = 20.30',
      tariff: ex.maxPower,
      session: aSession(
        DAY,
        charge({ minutes: 10, kwh: 1 }),
        charge({ minutes: 50, kwh: 40 }),
        charge({ minutes: 7.5, kwh: 0.5 }),
      ),
      excl: 2030,
      incl: 2436,
    },
    {
      name: '§ TariffRestrictions, Example: Tariff with max_duration: 5 kWh in 30 min, 1.2 kWh in 10 min = 0.30',
      tariff: ex.maxDuration,
      session: aSession(DAY, charge({ minutes: 30, kwh: 5 }), charge({ minutes: 10, kwh: 1.2 })),
      excl: 30,
      incl: 36,
    },
  ])('$name', ({ tariff, session, excl, incl }) => {
    expect(totals(priceSession(fromOcpiTariff(tariff), session))).toEqual({ excl, incl });
  });
});

describe('OCPI 2.2.1 tariff module, § PriceComponent step_size, Example Tariff (tariff 14)', () => {
  const stepTariff = fromOcpiTariff(ex.stepSize);
  const sessionRule: Tariff = { ...stepTariff, timeStepRule: 'session' };
  const at = (hhmm: string) => `2026-06-10T${hhmm}:00+02:00`;

  it.each([
    {
      name: '#1: 16:55, 10 min charging, 2 min parking = 0.383 (session rule) → 0.38',
      tariff: sessionRule,
      session: aSession(at('16:55'), charge({ minutes: 10, kwh: 2 }), park({ minutes: 2 })),
      excl: 38,
    },
    {
      name: '#2: 16:35, 35 min charging = 1.30 (either rule)',
      tariff: stepTariff,
      session: aSession(at('16:35'), charge({ minutes: 35, kwh: 6 })),
      excl: 130,
    },
    {
      name: 'switching to Free-of-Charge element: 19:40, 12 min charging, 20 min parking = 0.78 (session rule)',
      tariff: sessionRule,
      session: aSession(at('19:40'), charge({ minutes: 12, kwh: 2 }), park({ minutes: 20 })),
      excl: 78,
    },
    {
      // Default rule (CDR module): parking alone is rounded, 2 min → 15 min: 0.10 + 0.20 + 0.25.
      name: '#1 under the default CDR-module rule = 0.55',
      tariff: stepTariff,
      session: aSession(at('16:55'), charge({ minutes: 10, kwh: 2 }), park({ minutes: 2 })),
      excl: 55,
    },
    {
      name: 'free-of-charge switch under the default CDR-module rule: 8 paid parking min → 15 = 0.73',
      tariff: stepTariff,
      session: aSession(at('19:40'), charge({ minutes: 12, kwh: 2 }), park({ minutes: 20 })),
      excl: 73,
    },
  ])('$name', ({ tariff, session, excl }) => {
    expect(totals(priceSession(tariff, session)).excl).toBe(excl);
  });

  it('bills 20 min after 17:00 in example #2 (25 before, total rounded to 45 in the last step)', () => {
    const result = priceSession(stepTariff, aSession(at('16:35'), charge({ minutes: 35, kwh: 6 })));
    if (result.kind !== 'priced') throw new Error('unpriced');
    expect(result.lines.map((l) => [l.dimension, l.quantity, l.exclVat])).toEqual([
      ['TIME', 1500, 50],
      ['TIME', 1200, 80],
    ]);
  });
});
