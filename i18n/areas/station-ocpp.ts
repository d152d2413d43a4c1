/** @module UI texts of the stationOcpp area (see define.ts): the OCPP version a station speaks (issue 23, ADR 058). */
import { defineArea } from './define';

export const stationOcpp = defineArea(
  {
    connected: 'OCPP version (last connection)',
    required: 'OCPP version required',
    auto: 'Automatic (first offered)',
  },
  {
    de: {
      connected: 'OCPP-Version (letzte Verbindung)',
      required: 'Vorgeschriebene OCPP-Version',
      auto: 'Automatisch (zuerst angeboten)',
    },
    fr: {
      connected: 'Version OCPP (dernière connexion)',
      required: 'Version OCPP exigée',
      auto: 'Automatique (première proposée)',
    },
    nl: {
      connected: 'OCPP-versie (laatste verbinding)',
      required: 'Vereiste OCPP-versie',
      auto: 'Automatisch (eerst aangeboden)',
    },
    it: {
      connected: 'Versione OCPP (ultima connessione)',
      required: 'Versione OCPP richiesta',
      auto: 'Automatica (la prima offerta)',
    },
    es: {
      connected: 'Versión OCPP (última conexión)',
      required: 'Versión OCPP exigida',
      auto: 'Automática (la primera ofrecida)',
    },
    pt: {
      connected: 'Versão OCPP (última ligação)',
      required: 'Versão OCPP exigida',
      auto: 'Automática (a primeira oferecida)',
    },
  },
);
