/**
 * @module Online-station import (issue 4 part 7; the spec has the template generated on the add online
 * station page): the template's columns, the header matched to them, and each row checked with the
 * station rules of spec section 5 (mandatory fields, coordinates, a public peering only on a public
 * station) as far as a row alone decides. What needs the database (the template by name, OCPP ids
 * already taken) is checked by the API. Rows come from the .xlsx reader or the CSV reader alike.
 */
import type { MessageKey } from '@i18n/messages';
import { cellText, mapColumns, type RowIssue } from '../import/users-import';
import type { CellValue, SheetRow } from '../import/xlsx-reader';
import { parseCoordinate, stationProblems } from '../stations/station-rules';
import { STATION_TYPES, type StationType } from '../stations/statuses';
import { OCPP_IDENTITY } from './onboarding';

export type { RowIssue };

/** Stations one file may create. Each gets a PBKDF2 password hash (100,000 iterations), the costly part. */
export const MAX_STATION_IMPORT_ROWS = 200;

export interface StationImportColumn {
  key: string;
  required: boolean;
  kind: 'text' | 'coordinate' | 'type' | 'date' | 'flag' | 'timeZone' | 'ocppId' | 'country';
  max?: number;
}

export const STATION_IMPORT_COLUMNS: StationImportColumn[] = [
  { key: 'template', required: true, kind: 'text', max: 120 },
  { key: 'ocpp_id', required: false, kind: 'ocppId', max: 48 },
  { key: 'name', required: true, kind: 'text', max: 120 },
  { key: 'address', required: true, kind: 'text', max: 200 },
  { key: 'street_number', required: false, kind: 'text', max: 20 },
  { key: 'postal_code', required: true, kind: 'text', max: 20 },
  { key: 'city', required: true, kind: 'text', max: 100 },
  { key: 'country', required: true, kind: 'country', max: 2 },
  { key: 'latitude', required: true, kind: 'coordinate' },
  { key: 'longitude', required: true, kind: 'coordinate' },
  { key: 'time_zone', required: false, kind: 'timeZone', max: 64 },
  { key: 'type', required: false, kind: 'type' },
  { key: 'open_to_public', required: false, kind: 'flag' },
  { key: 'public_peering', required: false, kind: 'flag' },
  { key: 'serial_number', required: false, kind: 'text', max: 80 },
  { key: 'installation_date', required: false, kind: 'date' },
];

export interface ImportedStation {
  row: number;
  template: string;
  ocppId: string | null;
  name: string;
  address: string;
  streetNumber: string | null;
  postalCode: string;
  city: string;
  country: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  type: StationType;
  openToPublic: boolean;
  publicPeering: boolean;
  serialNumber: string | null;
  installationDate: string | null;
}

export interface StationHeader {
  columns: Map<string, number>;
  issues: RowIssue[];
}

const ALIASES: Record<string, string> = { ocpp: 'ocpp_id', ocppid: 'ocpp_id', lat: 'latitude', lng: 'longitude' };

export function mapStationHeader(header: SheetRow | undefined): StationHeader {
  return mapColumns(header, STATION_IMPORT_COLUMNS, { keyOf: (raw) => ALIASES[raw] ?? raw });
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', 'x', 'oui', 'ja', 'si', 'sí', 'sim', 'vrai', 'wahr']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', 'non', 'nein', 'nee', 'não', 'nao', 'faux', 'falsch']);

export function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function isoDate(cell: CellValue): string | null {
  if (cell.kind === 'date') return cell.iso.slice(0, 10);
  const text = cellText(cell).trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const d = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text ? null : text;
}

/** One data row checked on its own; the station is null when any issue was found. */
export function parseStationRow(
  sheetRow: SheetRow,
  header: StationHeader,
): { station: ImportedStation | null; issues: RowIssue[]; ocppId: string | null } {
  const issues: RowIssue[] = [];
  const raw = (key: string) => sheetRow.cells.get(header.columns.get(key) ?? -1);
  const add = (column: string, message: MessageKey, params?: Record<string, string | number>) =>
    issues.push({ row: sheetRow.row, column, value: cellText(raw(column)), message, ...(params ? { params } : {}) });
  const values = new Map<string, string | null>();
  const unusable = new Set<string>();
  for (const c of STATION_IMPORT_COLUMNS) {
    const cell = raw(c.key);
    if (!cell) {
      values.set(c.key, null);
      continue;
    }
    if (cell.kind === 'formula' || cell.kind === 'error') {
      add(c.key, cell.kind === 'formula' ? 'importFormula' : 'importCellError');
      unusable.add(c.key);
      values.set(c.key, null);
      continue;
    }
    const value = cellText(cell).trim();
    if (c.max !== undefined && value.length > c.max) {
      add(c.key, 'importTooLong', { max: c.max });
      unusable.add(c.key);
      values.set(c.key, null);
      continue;
    }
    values.set(c.key, value === '' ? null : value);
  }
  const text = (key: string) => values.get(key) ?? null;

  const template = text('template');
  if (!template && !unusable.has('template')) add('template', 'importValueRequired');

  const ocppId = text('ocpp_id');
  const validOcppId = ocppId && OCPP_IDENTITY.test(ocppId) ? ocppId : null;
  if (ocppId && !validOcppId) add('ocpp_id', 'ocppIdInvalid');

  const coordinate = (key: 'latitude' | 'longitude'): number | null => {
    const cell = raw(key);
    if (!cell || unusable.has(key)) return null;
    const n = cell.kind === 'number' ? cell.value : parseCoordinate(cellText(cell));
    return n === null || !Number.isFinite(n) ? null : n;
  };
  const latitude = coordinate('latitude');
  const longitude = coordinate('longitude');

  const typeText = (text('type') ?? 'public').toLowerCase();
  const type = (STATION_TYPES as readonly string[]).includes(typeText) ? (typeText as StationType) : null;
  if (!type && !unusable.has('type')) add('type', 'stationImportTypeInvalid');

  const flag = (key: string, fallback: boolean): boolean => {
    const cell = raw(key);
    if (!cell || unusable.has(key)) return fallback;
    if (cell.kind === 'boolean') return cell.value;
    const word = cellText(cell).trim().toLowerCase();
    if (word === '') return fallback;
    if (TRUE_WORDS.has(word)) return true;
    if (!FALSE_WORDS.has(word)) add(key, 'importFlagInvalid');
    return fallback;
  };
  const openToPublic = flag('open_to_public', true);
  const publicPeering = flag('public_peering', false);

  const timeZone = text('time_zone') ?? 'Europe/Paris';
  if (!unusable.has('time_zone') && !validTimeZone(timeZone)) add('time_zone', 'stationImportTimeZoneInvalid');

  const country = (text('country') ?? '').toUpperCase();
  if (country && !/^[A-Z]{2}$/.test(country)) add('country', 'countryInvalid');

  let installationDate: string | null = null;
  const dateCell = raw('installation_date');
  if (dateCell && !unusable.has('installation_date')) {
    installationDate = isoDate(dateCell);
    if (!installationDate) add('installation_date', 'stationImportDateInvalid');
  }

  // The station rules of spec section 5, on the station this row would create.
  const problems = stationProblems({
    name: text('name'),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: country || null,
    latitude,
    longitude,
    timeZone,
    type: type ?? 'public',
    openToPublic,
    qrPaymentEnabled: false,
    peerings: publicPeering ? [{ id: 'public', public: true }] : [],
  });
  const COLUMN: Record<string, string> = {
    name: 'name',
    address: 'address',
    postalCode: 'postal_code',
    city: 'city',
    country: 'country',
    latitude: 'latitude',
    longitude: 'longitude',
    timeZone: 'time_zone',
    type: 'type',
  };
  for (const p of problems) {
    const column = COLUMN[p.field] ?? p.field;
    if (unusable.has(column) || issues.some((i) => i.column === column)) continue;
    if (p.key === 'stationMandatoryField') add(column, 'importValueRequired');
    else if (p.key === 'publicPeeringNeedsPublicStation') add('public_peering', p.key);
    else add(column, p.key);
  }

  if (issues.length > 0 || !template || !type || latitude === null || longitude === null) {
    return { station: null, issues, ocppId: validOcppId };
  }
  return {
    station: {
      row: sheetRow.row,
      template,
      ocppId,
      name: text('name') ?? '',
      address: text('address') ?? '',
      streetNumber: text('street_number'),
      postalCode: text('postal_code') ?? '',
      city: text('city') ?? '',
      country,
      latitude,
      longitude,
      timeZone,
      type,
      openToPublic,
      publicPeering,
      serialNumber: text('serial_number'),
      installationDate,
    },
    issues,
    ocppId: validOcppId,
  };
}

/** OCPP ids used twice in the file: the second and later rows. */
export function duplicateOcppIds(stations: readonly { row: number; ocppId: string | null }[]): RowIssue[] {
  const seen = new Map<string, number>();
  const issues: RowIssue[] = [];
  for (const s of stations) {
    if (!s.ocppId) continue;
    const key = s.ocppId.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push({
        row: s.row,
        column: 'ocpp_id',
        value: s.ocppId,
        message: 'importDuplicateInFile',
        params: { row: first },
      });
    } else seen.set(key, s.row);
  }
  return issues;
}
