/**
 * @module Route declarations of /vehicles (spec 2 section 7.13), behind 'fleet:vehicles' (setting 46): the
 * model catalog, the company's vehicles, the driver picker and the providers' telematics webhook.
 * A user's own vehicles are under /users/{userId}/vehicles (users/vehicles/).
 */
import { z } from '@hono/zod-openapi';
import { defineRoute, errorResponse as error, json } from '../../lib/route';
import {
  BrandDetailSchema,
  BrandParams,
  BrandSchema,
  CompanyQuery,
  DriverQuery,
  DriverSchema,
  EhdvSchema,
  ModelSchema,
  TokenParams,
  VehiclePage,
} from './vehicles.schemas';

const ACCESS = 'fleet:vehicles';
const tags = ['Vehicles'];

export const catalog = defineRoute(ACCESS, {
  method: 'get',
  path: '/vehicles',
  tags,
  summary: 'The model catalog, with battery and charging data',
  responses: { 200: json(z.object({ data: z.array(ModelSchema) })) },
});

export const brands = defineRoute(ACCESS, {
  method: 'get',
  path: '/vehicles/brands',
  tags,
  summary: 'Vehicle brands with their model count',
  responses: { 200: json(z.object({ data: z.array(BrandSchema) })) },
});

export const brand = defineRoute(ACCESS, {
  method: 'get',
  path: '/vehicles/brands/{brandId}',
  tags,
  summary: 'One brand and its models',
  request: { params: BrandParams },
  responses: { 200: json(BrandDetailSchema), 404: error('Unknown brand') },
});

export const ehdvTypes = defineRoute(ACCESS, {
  method: 'get',
  path: '/vehicles/ehdv-types',
  tags,
  summary: 'Electric heavy-duty vehicle types',
  responses: { 200: json(z.object({ data: z.array(EhdvSchema) })) },
});

export const company = defineRoute(ACCESS, {
  method: 'get',
  path: '/vehicles/company',
  tags,
  summary: 'Vehicles of the active users of the selected company and its descendants (page is 0-based)',
  request: { query: CompanyQuery },
  responses: { 200: json(VehiclePage) },
});

export const drivers = defineRoute(ACCESS, {
  method: 'get',
  path: '/vehicles/drivers',
  tags,
  summary: 'Active users of the scope matching a keyword (e-mail or name), at most 20: to pick whom a vehicle is for',
  request: { query: DriverQuery },
  responses: { 200: json(z.object({ data: z.array(DriverSchema) })) },
});

export const telemetry = defineRoute('public', {
  method: 'post',
  path: '/vehicles/telematics/{token}',
  tags,
  summary:
    'Telematics update from the provider: JSON {odometer_km, soc_percent, at}, header X-Signature: sha256=<hex HMAC-SHA256 of the raw body with the secret>',
  request: { params: TokenParams },
  responses: {
    200: json(z.object({ applied: z.boolean() })),
    404: error('Unknown webhook'),
  },
});
