/**
 * @module Route declarations of a user's vehicles and their telematics webhook (spec 2 section 7.13),
 * behind 'fleet:vehicles' (setting 46).
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { VehicleSchema, WebhookSchema, WebhookWithSecret } from '@api/routes/vehicles/vehicles.schemas';
import { z } from '@hono/zod-openapi';
import { CreateBody, UpdateBody, UserParams, VehicleParams, WebhookParams } from './vehicles.schemas';

const ACCESS = 'fleet:vehicles';
const tags = ['Vehicles'];
const notFound = error("The user or vehicle doesn't exist (or belongs to a company outside the scope)");

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
