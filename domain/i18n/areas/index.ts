/**
 * @module The per-area catalogs, merged into each language's catalog as top-level sections
 * (`t('tariffs.title')` reads area `tariffs`). Add an area here and in define.ts's pattern.
 */
import type { Language } from '../languages';
import { fleet } from './fleet';
import { maintenance } from './maintenance';
import { network } from './network';
import { sessions } from './sessions';
import { stationConfig } from './station-config';
import { stationLog } from './station-log';
import { tariffs } from './tariffs';
import { vehicles } from './vehicles';

export function areaCatalogs(language: Language) {
  return {
    fleet: fleet[language],
    maintenance: maintenance[language],
    network: network[language],
    sessions: sessions[language],
    stationConfig: stationConfig[language],
    stationLog: stationLog[language],
    tariffs: tariffs[language],
    vehicles: vehicles[language],
  };
}
