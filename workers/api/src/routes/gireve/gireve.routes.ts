/** @module Route declarations of the hub (Gireve) API (issue 22 part 6, spec 001 7.22), behind 'roaming:manage' like the peerings. */
import { defineRoute, errorResponse as error, json } from '../../lib/route';
import {
  CachedTokenAnswer,
  CpoIdsAnswer,
  EmspParams,
  GetFullAnswer,
  GetFullParams,
  GetFullQuery,
  UuidParams,
} from './gireve.schemas';

const ACCESS = 'roaming:manage';
const tags = ['Peerings'];

export const getFull = defineRoute(ACCESS, {
  method: 'post',
  path: '/gireve/tokens/get-full/{cpo_id}/{emsp_id}',
  tags,
  summary:
    'Pulls the full token list of the eMSP emsp_id for our CPO party cpo_id through the hub peering (tokens sender, paged, routing headers) into the token cache; a long list answers complete=false and next_offset to resume',
  request: { params: GetFullParams, query: GetFullQuery },
  responses: {
    200: json(GetFullAnswer),
    404: error('No hub peering, or cpo_id is not one of our CPO parties with one'),
    409: error('The eMSP is suspended or offline at the hub, or the hub lists no tokens sender'),
    502: error('The hub refused the pull or did not answer'),
  },
});

export const getCpoId = defineRoute(ACCESS, {
  method: 'get',
  path: '/gireve/get-cpo-id/{emsp_id}',
  tags,
  summary: 'Our CPO party ids registered with a hub that the eMSP emsp_id can reach (it is not suspended there)',
  request: { params: EmspParams },
  responses: { 200: json(CpoIdsAnswer), 404: error('No hub peering in the scope') },
});

export const cachedToken = defineRoute(ACCESS, {
  method: 'get',
  path: '/tokens/{uuid}',
  tags,
  summary: 'One roaming token of the cache (by its uid), with credential_id (the peering it came from) and its scope',
  request: { params: UuidParams },
  responses: { 200: json(CachedTokenAnswer), 404: error('No such token in the scope') },
});
