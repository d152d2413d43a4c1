/**
 * @module Company-group membership (spec 7.20): the stations ("connectors"), fleet users and private
 * users of a group or of the tree, and assigning or removing one. Assigning a group writes it and its
 * ancestors to the station or user; removing clears its level and the levels below. All behind
 * 'company-groups:manage' and the caller's company tree.
 */
import { defineRoute, errorResponse as error, json } from '@api/lib/route';
import { Assigned, MemberQuery, StationPage, StationParams, UserPage, UserParams } from './members.schemas';

const ACCESS = 'company-groups:manage';
const tags = ['Company groups'];
const notFound = error('No such company group, station or user in the caller’s company tree');

export const connectors = defineRoute(ACCESS, {
  method: 'get',
  path: '/company-groups/connectors',
  tags,
  summary: 'Stations of the tree (or of one group and its sub-groups) with their groups, by name (page is 0-based)',
  request: { query: MemberQuery },
  responses: { 200: json(StationPage), 404: notFound },
});

export const fleetUsers = defineRoute(ACCESS, {
  method: 'get',
  path: '/company-groups/fleet-users',
  tags,
  summary: 'Active users of the tree who may charge beyond private stations (or of one group), by e-mail',
  request: { query: MemberQuery },
  responses: { 200: json(UserPage), 404: notFound },
});

export const privateUsers = defineRoute(ACCESS, {
  method: 'get',
  path: '/company-groups/private-users',
  tags,
  summary: 'Active private users of the tree (only private or home charging, as the private users list), by e-mail',
  request: { query: MemberQuery },
  responses: { 200: json(UserPage), 404: notFound },
});

export const addStation = defineRoute(ACCESS, {
  method: 'put',
  path: '/company-groups/{id}/connectors/{stationId}',
  tags,
  summary: 'Put a station of the group’s company (or below it) in the group: its levels become the group’s path',
  request: { params: StationParams },
  responses: { 200: json(Assigned), 404: notFound },
});

export const removeStation = defineRoute(ACCESS, {
  method: 'delete',
  path: '/company-groups/{id}/connectors/{stationId}',
  tags,
  summary: 'Take a station out of the group (and its sub-groups); the levels above stay',
  request: { params: StationParams },
  responses: { 200: json(Assigned), 404: notFound },
});

export const addUser = defineRoute(ACCESS, {
  method: 'put',
  path: '/company-groups/{id}/users/{userId}',
  tags,
  summary: 'Put a user of the group’s company (or below it) in the group: its levels become the group’s path',
  request: { params: UserParams },
  responses: { 200: json(Assigned), 404: notFound },
});

export const removeUser = defineRoute(ACCESS, {
  method: 'delete',
  path: '/company-groups/{id}/users/{userId}',
  tags,
  summary: 'Take a user out of the group (and its sub-groups); the levels above stay',
  request: { params: UserParams },
  responses: { 200: json(Assigned), 404: notFound },
});
