/**
 * @module The example Tariff objects of the OCPI 2.2.1 tariff module (`examples/*.json` of the
 * specification, unchanged but for the fields pricing does not read), for the worked-example tests.
 */
import type { OcpiTariff } from '@domain/pricing/ocpi';

/** `tariff_8_simple_025kwh.json` */
export const simple025: OcpiTariff = {
  id: '16',
  currency: 'EUR',
  elements: [{ price_components: [{ type: 'ENERGY', price: 0.25, vat: 10.0, step_size: 1 }] }],
};

/** `tariff_9_025kwh_start.json` */
export const start025: OcpiTariff = {
  id: '17',
  currency: 'EUR',
  elements: [
    {
      price_components: [
        { type: 'FLAT', price: 0.5, vat: 20.0, step_size: 1 },
        { type: 'ENERGY', price: 0.25, vat: 10.0, step_size: 1 },
      ],
    },
  ],
};

/** `tariff_12_025kwh_min_price.json` */
export const min025: OcpiTariff = {
  id: '20',
  currency: 'EUR',
  min_price: { excl_vat: 0.5, incl_vat: 0.55 },
  elements: [{ price_components: [{ type: 'ENERGY', price: 0.25, vat: 10.0, step_size: 1 }] }],
};

/** `tariff_10_025kwh_parking_start.json` */
export const parkingStart: OcpiTariff = {
  id: '18',
  currency: 'EUR',
  elements: [
    {
      price_components: [
        { type: 'FLAT', price: 0.5, vat: 20.0, step_size: 1 },
        { type: 'ENERGY', price: 0.25, vat: 10.0, step_size: 1 },
        { type: 'PARKING_TIME', price: 2.0, vat: 20.0, step_size: 900 },
      ],
    },
  ],
};

/** `tariff_6_025kwh_start_max_price.json` */
export const maxPrice: OcpiTariff = {
  id: '16',
  currency: 'EUR',
  max_price: { excl_vat: 10.0, incl_vat: 11.0 },
  end_date_time: '2019-06-30T23:59:59Z',
  elements: [
    {
      price_components: [
        { type: 'FLAT', price: 0.5, vat: 20.0, step_size: 1 },
        { type: 'ENERGY', price: 0.25, vat: 10.0, step_size: 1 },
      ],
    },
  ],
};

/** `tariff_1_simple_2hour.json` */
export const hour2: OcpiTariff = {
  id: '12',
  currency: 'EUR',
  elements: [{ price_components: [{ type: 'TIME', price: 2.0, vat: 10.0, step_size: 60 }] }],
};

/** `tariff_13_simple_3hour_5parking.json` */
export const hour3parking5: OcpiTariff = {
  id: '21',
  currency: 'EUR',
  elements: [
    {
      price_components: [
        { type: 'TIME', price: 3.0, vat: 10.0, step_size: 60 },
        { type: 'PARKING_TIME', price: 5.0, vat: 20.0, step_size: 300 },
      ],
    },
  ],
};

/** `tariff_2_alt_text.json` */
export const adHocAltText: OcpiTariff = {
  id: '12',
  currency: 'EUR',
  elements: [{ price_components: [{ type: 'TIME', price: 1.9, vat: 5.2, step_size: 300 }] }],
};

/** `tariff_3_alt_url.json` */
export const altUrl: OcpiTariff = {
  id: '13',
  currency: 'EUR',
  elements: [
    {
      price_components: [
        { type: 'FLAT', price: 0.5, vat: 20.0, step_size: 1 },
        { type: 'ENERGY', price: 0.25, vat: 10.0, step_size: 100 },
      ],
    },
  ],
};

/** `tariff_4_complex.json` */
export const complex: OcpiTariff = {
  id: '14',
  currency: 'EUR',
  elements: [
    { price_components: [{ type: 'FLAT', price: 2.5, vat: 15.0, step_size: 1 }] },
    {
      price_components: [{ type: 'TIME', price: 1.0, vat: 20.0, step_size: 900 }],
      restrictions: { max_current: 32.0 },
    },
    {
      price_components: [{ type: 'TIME', price: 2.0, vat: 20.0, step_size: 600 }],
      restrictions: { min_current: 32.0, day_of_week: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] },
    },
    {
      price_components: [{ type: 'TIME', price: 1.25, vat: 20.0, step_size: 600 }],
      restrictions: { min_current: 32.0, day_of_week: ['SATURDAY', 'SUNDAY'] },
    },
    {
      price_components: [{ type: 'PARKING_TIME', price: 5.0, vat: 10.0, step_size: 300 }],
      restrictions: {
        start_time: '09:00',
        end_time: '18:00',
        day_of_week: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
      },
    },
    {
      price_components: [{ type: 'PARKING_TIME', price: 6.0, vat: 10.0, step_size: 300 }],
      restrictions: { start_time: '10:00', end_time: '17:00', day_of_week: ['SATURDAY'] },
    },
  ],
};

/** `tariff_5_free_of_charge.json` */
export const free: OcpiTariff = {
  id: '15',
  currency: 'EUR',
  elements: [{ price_components: [{ type: 'FLAT', price: 0.0, step_size: 0 }] }],
};

/** `tariff_7_first_hour_kwh_free.json` */
export const firstHourFree: OcpiTariff = {
  id: '52',
  currency: 'EUR',
  elements: [
    {
      price_components: [{ type: 'PARKING_TIME', price: 0.0, step_size: 60 }],
      restrictions: { min_duration: 0, max_duration: 3600 },
    },
    {
      price_components: [{ type: 'PARKING_TIME', price: 2.0, step_size: 60 }],
      restrictions: { min_duration: 3600, max_duration: 10800 },
    },
    { price_components: [{ type: 'PARKING_TIME', price: 3.0, step_size: 60 }], restrictions: { min_duration: 10800 } },
    { price_components: [{ type: 'ENERGY', price: 0.0, step_size: 1 }], restrictions: { max_kwh: 1.0 } },
    { price_components: [{ type: 'ENERGY', price: 0.2, step_size: 1 }], restrictions: { min_kwh: 1.0 } },
  ],
};

/** `tariff_14_step_size.json` */
export const stepSize: OcpiTariff = {
  id: '22',
  currency: 'EUR',
  elements: [
    {
      price_components: [
        { type: 'TIME', price: 1.2, step_size: 1800 },
        { type: 'PARKING_TIME', price: 1.0, step_size: 900 },
      ],
      restrictions: { start_time: '00:00', end_time: '17:00' },
    },
    {
      price_components: [
        { type: 'TIME', price: 2.4, step_size: 900 },
        { type: 'PARKING_TIME', price: 1.0, step_size: 900 },
      ],
      restrictions: { start_time: '17:00', end_time: '20:00' },
    },
    {
      price_components: [{ type: 'TIME', price: 2.4, step_size: 900 }],
      restrictions: { start_time: '20:00', end_time: '00:00' },
    },
  ],
};

/** `tariff_15_reservation_5_euro_per_hour.json` */
export const reservation15: OcpiTariff = {
  id: '20',
  currency: 'EUR',
  elements: [
    {
      price_components: [{ type: 'TIME', price: 5.0, vat: 20.0, step_size: 60 }],
      restrictions: { reservation: 'RESERVATION' },
    },
    {
      price_components: [
        { type: 'FLAT', price: 0.5, vat: 20.0, step_size: 1 },
        { type: 'ENERGY', price: 0.25, vat: 10.0, step_size: 1 },
      ],
    },
  ],
};

/** `tariff_16_reservation_2_euro_fee_5_euro_per_hour.json` */
export const reservation16: OcpiTariff = {
  id: '20',
  currency: 'EUR',
  elements: [
    {
      price_components: [
        { type: 'FLAT', price: 2.0, vat: 20.0, step_size: 1 },
        { type: 'TIME', price: 5.0, vat: 20.0, step_size: 300 },
      ],
      restrictions: { reservation: 'RESERVATION' },
    },
    {
      price_components: [
        { type: 'FLAT', price: 0.5, vat: 20.0, step_size: 1 },
        { type: 'ENERGY', price: 0.25, vat: 10.0, step_size: 1 },
      ],
    },
  ],
};

/** `tariff_17_reservation_with_expire_fee.json` */
export const reservation17: OcpiTariff = {
  id: '20',
  currency: 'EUR',
  elements: [
    {
      price_components: [{ type: 'FLAT', price: 4.0, vat: 20.0, step_size: 1 }],
      restrictions: { reservation: 'RESERVATION_EXPIRES' },
    },
    {
      price_components: [{ type: 'TIME', price: 2.0, vat: 20.0, step_size: 600 }],
      restrictions: { reservation: 'RESERVATION' },
    },
    {
      price_components: [
        { type: 'FLAT', price: 0.5, vat: 20.0, step_size: 1 },
        { type: 'ENERGY', price: 0.25, vat: 10.0, step_size: 1 },
      ],
    },
  ],
};

/** `tariff_18_reservation_with_expire_time.json` */
export const reservation18: OcpiTariff = {
  id: '20',
  currency: 'EUR',
  elements: [
    {
      price_components: [{ type: 'TIME', price: 6.0, vat: 20.0, step_size: 600 }],
      restrictions: { reservation: 'RESERVATION_EXPIRES' },
    },
    {
      price_components: [{ type: 'TIME', price: 3.0, vat: 20.0, step_size: 600 }],
      restrictions: { reservation: 'RESERVATION' },
    },
    {
      price_components: [
        { type: 'FLAT', price: 0.5, vat: 20.0, step_size: 1 },
        { type: 'ENERGY', price: 0.25, vat: 10.0, step_size: 1 },
      ],
    },
  ],
};

/** `tariffrestriction_example_max_power.json` */
export const maxPower: OcpiTariff = {
  id: '1',
  currency: 'EUR',
  elements: [
    { price_components: [{ type: 'ENERGY', price: 0.2, vat: 20.0, step_size: 1 }], restrictions: { max_power: 16.0 } },
    { price_components: [{ type: 'ENERGY', price: 0.35, vat: 20.0, step_size: 1 }], restrictions: { max_power: 32.0 } },
    { price_components: [{ type: 'ENERGY', price: 0.5, vat: 20.0, step_size: 1 }] },
  ],
};

/** `tariffrestriction_example_max_duration.json` */
export const maxDuration: OcpiTariff = {
  id: '2',
  currency: 'EUR',
  elements: [
    {
      price_components: [{ type: 'ENERGY', price: 0.0, vat: 20.0, step_size: 1 }],
      restrictions: { max_duration: 1800 },
    },
    {
      price_components: [{ type: 'ENERGY', price: 0.25, vat: 20.0, step_size: 1 }],
      restrictions: { max_duration: 3600 },
    },
    { price_components: [{ type: 'ENERGY', price: 0.4, vat: 20.0, step_size: 1 }] },
  ],
};
