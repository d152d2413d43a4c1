/**
 * @module `GET /api/station-templates` (spec 7.9), `POST /api/stations/create-from-template` (spec 7.16)
 * and the online-station import template. An online station gets an OCPP identity and a generated
 * password, returned once and stored only as the PBKDF2 hash the ocpp worker checks at the upgrade;
 * an offline station (service setting 27) gets no credentials. The station, its connectors, its
 * create step and an audit row are written in one batch; peering and publish are then tried and
 * their outcome recorded.
 */

import type { AppEnv } from '@api/env';
import { closedCompanyRefusal } from '@api/lib/closed-company';
import { apiError } from '@api/lib/errors';
import { requestLanguage } from '@api/lib/language';
import { rulesFailed } from '@api/lib/rule-problems';
import { clientIp } from '@api/lib/session-cookie';
import { authOf } from '@api/middleware/permission';
import { companyScopeIds } from '@db/queries/companies.store';
import { XLSX_CONTENT_TYPE, xlsxStream } from '@domain/export';
import { hashPassword } from '@domain/identity/password';
import {
  evseIdFor,
  generateOcppIdentity,
  generateOcppPassword,
  generateOfflineUid,
  OCPP_IDENTITY,
} from '@domain/onboarding/onboarding';
import { STATION_IMPORT_COLUMNS } from '@domain/onboarding/station-import';
import { can } from '@domain/permissions/permissions';
import { parseCoordinate, stationProblems } from '@domain/stations/station-rules';
import { OpenAPIHono } from '@hono/zod-openapi';
import { companyName, connectorsOf, createdStation, insertStation, uidTaken } from './onboarding.create.store';
import { runRoamingStep } from './onboarding.roaming';
import { createRoute, importTemplateRoute, templatesRoute } from './onboarding.routes';
import { findTemplate, listTemplates, onboardingState, recordSteps, templateOut } from './onboarding.store';

/** The template's columns: those the import reads (domain/onboarding/station-import.ts), in its order. */
const IMPORT_COLUMNS = STATION_IMPORT_COLUMNS.map((c) => c.key);

const coordinate = (v: number | string | null | undefined) =>
  v === null || v === undefined ? null : typeof v === 'number' ? v : v === '' ? null : parseCoordinate(v);

export const createRoutes = new OpenAPIHono<AppEnv>()
  .openapi(templatesRoute, async (c) => c.json({ data: await listTemplates(c.get('db')) }, 200))
  .openapi(importTemplateRoute, async (c) => {
    const templates = await listTemplates(c.get('db'));
    const rows = templates.map((t, i) => [
      t.name,
      `CP-EXAMPLE-${i + 1}`,
      `${t.brand} ${t.model} - Rue de Rivoli`,
      'Rue de Rivoli',
      '12',
      '75001',
      'Paris',
      'FR',
      48.8606,
      2.3376,
      'Europe/Paris',
      'public',
      'yes',
      'no',
      '',
      '2026-01-15',
    ]);
    const body = xlsxStream(
      IMPORT_COLUMNS.map((header) => ({ header, width: header === 'template' ? 44 : 16 })),
      rows,
      { sheetName: 'Online stations' },
    );
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': XLSX_CONTENT_TYPE,
        'content-disposition': 'attachment; filename="online-stations-import-template.xlsx"',
        'cache-control': 'no-store',
      },
    }) as never;
  })
  .openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    const auth = authOf(c);
    const db = c.get('db');
    if (body.mode === 'offline' && !can(auth.access, 'stations:onboard:offline')) {
      return apiError(c, 403, 'FORBIDDEN', 'forbidden');
    }
    const template = await findTemplate(db, body.templateId);
    if (!template) {
      return apiError(c, 404, 'TEMPLATE_NOT_FOUND', 'stationTemplateNotFound', { params: { id: body.templateId } });
    }
    const scope = await companyScopeIds(db, auth.company.id);
    const companyId = body.companyId ?? auth.company.id;
    for (const [field, id] of [
      ['companyId', companyId],
      ['ownerId', body.ownerId],
    ] as const) {
      if (id !== undefined && id !== null && !scope.includes(id)) {
        return apiError(c, 400, 'VALIDATION_FAILED', 'stationCompanyNotInScope', { field, params: { id } });
      }
    }
    const closed = await closedCompanyRefusal(c, companyId, 'companyId');
    if (closed) return closed;
    if (body.mode === 'online' && body.ocppId && !OCPP_IDENTITY.test(body.ocppId)) {
      return apiError(c, 400, 'VALIDATION_FAILED', 'ocppIdInvalid', { field: 'ocppId' });
    }
    const latitude = coordinate(body.latitude);
    const longitude = coordinate(body.longitude);
    const problems = stationProblems({
      name: body.name ?? null,
      address: body.address ?? null,
      postalCode: body.postalCode ?? null,
      city: body.city ?? null,
      country: body.country ?? null,
      latitude,
      longitude,
      timeZone: body.timeZone ?? null,
      type: body.type,
      openToPublic: body.openToPublic,
      qrPaymentEnabled: false,
      peerings: [],
    });
    if (problems.length > 0) return rulesFailed(c, problems, 'stationCreationFailed');

    const operator = await companyName(db, companyId);
    const online = body.mode === 'online';
    const uid = online ? (body.ocppId ?? generateOcppIdentity(operator ?? 'CP')) : generateOfflineUid();
    if (await uidTaken(db, uid)) {
      return apiError(c, 409, 'OCPP_ID_TAKEN', 'ocppIdTaken', { field: 'ocppId', params: { uid } });
    }
    const password = online ? generateOcppPassword() : null;
    const ocppPasswordHash = password ? await hashPassword(password) : null;
    const plugs = templateOut(template).connectors;
    const country = (body.country ?? 'FR').toUpperCase();
    try {
      await insertStation(
        db,
        {
          uid,
          name: body.name ?? uid,
          template: template.name,
          companyId,
          ownerCompanyId: body.ownerId ?? null,
          address: body.address ?? null,
          streetNumber: body.streetNumber ?? null,
          postalCode: body.postalCode ?? null,
          city: body.city ?? null,
          country,
          latitude,
          longitude,
          timeZone: body.timeZone ?? 'Europe/Paris',
          type: body.type,
          directions: body.directions ?? null,
          powerType: template.powerType,
          voltage: template.voltage,
          amperage: template.amperage,
          plugType: plugs[0]?.plugType ?? null,
          plugFormat: plugs[0]?.plugFormat ?? null,
          urlType: online ? template.urlType : null,
          brand: template.brand,
          model: template.model,
          profile: template.profile,
          serialNumber: body.serialNumber ?? null,
          installationDate: body.installationDate ?? null,
          visibleInApp: body.visibleInApp,
          openToPublic: body.openToPublic,
          offline: !online,
          // An onboarded charge point is expected: its first BootNotification is Accepted.
          registration: 'accepted',
          ocppPasswordHash,
          commissioningStatus: 'to_commission',
        },
        plugs.map((p) => ({
          uid: `${uid}-${p.connectorNumber}`,
          connectorNumber: p.connectorNumber,
          evseId: evseIdFor(country, operator ?? 'CPO', uid, p.connectorNumber),
          plugType: p.plugType,
          plugFormat: p.plugFormat,
          powerType: p.powerType,
          voltage: template.voltage,
          amperage: template.amperage,
          maxPowerW: p.maxPowerW,
          capabilitiesJson: JSON.stringify(p.capabilities),
          // An online connector is unknown until its charge point reports; an offline one never will.
          status: 'unknown',
        })),
        auth.user.id,
        {
          action: 'station.create_from_template',
          actorUserId: auth.user.id,
          companyId,
          entity: 'station',
          entityId: uid,
          // Never the password: only that one was issued.
          detail: { mode: body.mode, template: template.name, credentialsIssued: online },
          ip: clientIp(c),
        },
      );
    } catch (error) {
      // A concurrent creation with the same id won the unique index.
      if (String(error).includes('UNIQUE')) {
        return apiError(c, 409, 'OCPP_ID_TAKEN', 'ocppIdTaken', { field: 'ocppId', params: { uid } });
      }
      throw error;
    }
    const station = await createdStation(db, uid);
    if (!station) throw new Error(`station ${uid} vanished after its creation`);
    // Peering, then publish, as the steps page runs them: each binds and pushes to the first peering.
    const outcomes = [
      await runRoamingStep(db, c.env, station, 'peering'),
      await runRoamingStep(db, c.env, station, 'publish'),
    ];
    await recordSteps(db, outcomes, auth.user.id);
    return c.json(
      {
        station: {
          id: station.id,
          uid,
          name: station.name,
          mode: body.mode,
          companyId,
          template: template.name,
          connectors: await connectorsOf(db, station.id),
        },
        credentials: password ? { ocppId: uid, password, path: `/ocpp/${encodeURIComponent(uid)}` } : null,
        onboarding: await onboardingState(db, requestLanguage(c), station),
      },
      201,
    );
  });
