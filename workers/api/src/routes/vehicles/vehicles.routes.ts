/** @module Route declarations of the vehicles API (spec 2 section 7.13), behind 'fleet:vehicles' (setting 46). */
import { z } from '@hono/zod-openapi';
import { defineRoute, errorResponse as error, json, jsonBody } from '../../lib/route';
import {
  BrandDetailSchema,
  BrandParams,
  BrandSchema,
  CompanyQuery,
  CreateBody,
  DriverQuery,
  DriverSchema,
  EhdvSchema,
  ModelSchema,
  TokenParams,
  UpdateBody,
  UserParams,
  VehiclePage,
  VehicleParams,
  VehicleSchema,
  WebhookParams,
  WebhookSchema,
  WebhookWithSecret,
} from './vehicles.schemas';

const ACCESS = 'fleet:vehicles';
const tags = ['Vehicles'];
const notFound = error("The user or vehicle doesn't exist (or belongs to a company outside the scope)");

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

export const userList = defineRoute(ACCESS, {
  method: 'get',
  path: '/users/{userId}/vehicles',
  tags,
  summary: "One user's vehicles",
  request: { params: UserParams },
  responses: { 200: json(z.object({ data: z.array(VehicleSchema) })), 404: notFound },
});

export const create = defineRoute(ACCESS, {
  method: 'post',
  path: '/users/{userId}/vehicles',
  tags,
  summary: 'Add a vehicle to a user: VIN (ISO 3779) and license plate (French pattern) validated',
  request: { params: UserParams, body: jsonBody(CreateBody) },
  responses: { 201: json(VehicleSchema, 'Created'), 404: notFound },
});

export const update = defineRoute(ACCESS, {
  method: 'patch',
  path: '/users/{userId}/vehicles',
  tags,
  summary: 'Update one of the user’s vehicles (named by user_vehicle_id in the body)',
  request: { params: UserParams, body: jsonBody(UpdateBody) },
  responses: { 200: json(VehicleSchema), 404: notFound },
});

export const read = defineRoute(ACCESS, {
  method: 'get',
  path: '/users/{userId}/vehicles/{userVehicleId}',
  tags,
  summary: 'One vehicle of the user',
  request: { params: VehicleParams },
  responses: { 200: json(VehicleSchema), 404: notFound },
});

export const remove = defineRoute(ACCESS, {
  method: 'delete',
  path: '/users/{userId}/vehicles/{userVehicleId}',
  tags,
  summary: 'Delete the vehicle and its webhook',
  request: { params: VehicleParams },
  responses: { 200: json(z.object({ deleted: z.literal(true) })), 404: notFound },
});

export const webhookRead = defineRoute(ACCESS, {
  method: 'get',
  path: '/users/{userId}/vehicles/{userVehicleId}/webhook',
  tags,
  summary: 'The vehicle’s telematics webhook (without its secret)',
  request: { params: VehicleParams },
  responses: { 200: json(WebhookSchema), 404: notFound },
});

export const webhookCreate = defineRoute(ACCESS, {
  method: 'post',
  path: '/users/{userId}/vehicles/{userVehicleId}/webhook',
  tags,
  summary: 'Create the telematics webhook: returns its URL and signing secret, once',
  request: { params: VehicleParams },
  responses: { 201: json(WebhookWithSecret, 'Created'), 404: notFound, 409: error('The vehicle already has one') },
});

export const webhookRotate = defineRoute(ACCESS, {
  method: 'patch',
  path: '/users/{userId}/vehicles/{userVehicleId}/webhook/{webhookId}',
  tags,
  summary: 'Rotate the signing secret: the old one stops working at once; the new one is returned once',
  request: { params: WebhookParams },
  responses: { 200: json(WebhookWithSecret), 404: notFound },
});

export const webhookDelete = defineRoute(ACCESS, {
  method: 'delete',
  path: '/users/{userId}/vehicles/{userVehicleId}/webhook/{webhookId}',
  tags,
  summary: 'Delete the webhook: its URL stops accepting updates',
  request: { params: WebhookParams },
  responses: { 200: json(z.object({ deleted: z.literal(true) })), 404: notFound },
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
