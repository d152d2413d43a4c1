/** @module UI texts of the stationSim area (see define.ts): the SIM a charge point reports in BootNotification (issue 17). */
import { defineArea } from './define';

export const stationSim = defineArea(
  {
    iccid: 'SIM card (ICCID)',
    imsi: 'SIM subscriber (IMSI)',
  },
  {
    de: { iccid: 'SIM-Karte (ICCID)', imsi: 'SIM-Teilnehmer (IMSI)' },
    fr: { iccid: 'Carte SIM (ICCID)', imsi: 'Abonné SIM (IMSI)' },
    nl: { iccid: 'Simkaart (ICCID)', imsi: 'Simabonnee (IMSI)' },
    it: { iccid: 'Scheda SIM (ICCID)', imsi: 'Abbonato SIM (IMSI)' },
    es: { iccid: 'Tarjeta SIM (ICCID)', imsi: 'Abonado SIM (IMSI)' },
    pt: { iccid: 'Cartão SIM (ICCID)', imsi: 'Assinante SIM (IMSI)' },
  },
);
