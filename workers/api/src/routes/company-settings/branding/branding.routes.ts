/**
 * @module Routes of the graphic customisation tab (issue 20 parts 2 and 7, ADR 049): the company's logo,
 * brand colour, back-office title, white-label and demo-mode flags (`company:settings`, company in scope),
 * and the logo itself for any logged-in user of that company's tree (`session:basic`).
 */
import { defineRoute, errorResponse, json, jsonBody } from '@api/lib/route';
import { z } from '@hono/zod-openapi';
import { CompanyParams } from '../company-settings.schemas';
import { BrandingBody, BrandingSchema, LogoParams } from './branding.schemas';

const tags = ['Company settings'];
const notFound = errorResponse('Company id: {id} not found (or not in your scope)');

export const readBranding = defineRoute('company:settings', {
  method: 'get',
  path: '/settings/company/{companyId}/branding',
  tags,
  summary: 'The graphic customisation tab: logo, brand colour, title, white-label and demo-mode flags',
  request: { params: CompanyParams },
  responses: { 200: json(BrandingSchema), 404: notFound },
});

export const putBranding = defineRoute('company:settings', {
  method: 'put',
  path: '/settings/company/{companyId}/branding',
  tags,
  summary: 'Saves the brand colour (#rrggbb), the title (1–60 characters), the white-label and demo-mode flags',
  request: { params: CompanyParams, body: jsonBody(BrandingBody) },
  responses: { 200: json(BrandingSchema), 404: notFound },
});

export const uploadLogo = defineRoute('company:settings', {
  method: 'post',
  path: '/settings/company/{companyId}/logo',
  tags,
  summary: 'Uploads the logo (multipart field `file`): PNG or JPEG read from the bytes, at most 1 MB; SVG refused',
  request: { params: CompanyParams },
  responses: {
    200: json(BrandingSchema),
    400: errorResponse('Not a PNG or JPEG image (LOGO_TYPE_REFUSED), or no file'),
    404: notFound,
    413: errorResponse('Larger than 1 MB (LOGO_TOO_LARGE)'),
  },
});

export const deleteLogo = defineRoute('company:settings', {
  method: 'delete',
  path: '/settings/company/{companyId}/logo',
  tags,
  summary: 'Removes the logo',
  request: { params: CompanyParams },
  responses: { 200: json(BrandingSchema), 404: notFound },
});

export const serveLogo = defineRoute('session:basic', {
  method: 'get',
  path: '/company-logos/{companyId}/{file}',
  tags,
  summary:
    "A company's current logo, for users of that company or of a company above it; cached, as its URL changes on upload",
  request: { params: LogoParams },
  responses: {
    200: {
      description: 'The image',
      content: {
        'image/png': { schema: z.string().openapi({ format: 'binary' }) },
        'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) },
      },
    },
    404: errorResponse('No such logo in your scope'),
  },
});
