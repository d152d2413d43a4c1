/**
 * @module Routes of the mobile app customisations (ADR 049): the catalog the spec's `GET /app-customizations`
 * lists (it gives no data source: a table, seeded with one entry, that super users extend and rename) and a
 * company's choice, saved and audited from the settings tab.
 */
import { defineRoute, errorResponse, json, jsonBody } from '@api/lib/route';
import { CompanyParams } from '../company-settings.schemas';
import {
  AppCustomization,
  AppCustomizationBody,
  AppCustomizationList,
  AppCustomizationParams,
  CompanyAppCustomization,
  CompanyAppCustomizationBody,
} from './app-customization.schemas';

const tags = ['Company settings'];
const notFound = errorResponse('Company or app customisation not found (or not in your scope)');
const taken = errorResponse('An app customisation with this name already exists');

export const listAppCustomizations = defineRoute('company:settings', {
  method: 'get',
  path: '/app-customizations',
  tags,
  summary: 'The mobile app customisations a company may choose',
  responses: { 200: json(AppCustomizationList) },
});

export const createAppCustomization = defineRoute('companies:manage', {
  method: 'post',
  path: '/app-customizations',
  tags,
  summary: 'Adds a mobile app customisation to the catalog (super users)',
  request: { body: jsonBody(AppCustomizationBody) },
  responses: { 201: json(AppCustomization), 409: taken },
});

export const renameAppCustomization = defineRoute('companies:manage', {
  method: 'put',
  path: '/app-customizations/{id}',
  tags,
  summary: 'Renames a mobile app customisation (super users)',
  request: { params: AppCustomizationParams, body: jsonBody(AppCustomizationBody) },
  responses: { 200: json(AppCustomization), 404: notFound, 409: taken },
});

export const readCompanyAppCustomization = defineRoute('company:settings', {
  method: 'get',
  path: '/settings/company/{companyId}/app-customization',
  tags,
  summary: "The mobile app customisation tab: the company's choice and the customisations available",
  request: { params: CompanyParams },
  responses: { 200: json(CompanyAppCustomization), 404: notFound },
});

export const putCompanyAppCustomization = defineRoute('company:settings', {
  method: 'put',
  path: '/settings/company/{companyId}/app-customization',
  tags,
  summary: "Saves the company's mobile app customisation (app_customization_customers_id; null for none)",
  request: { params: CompanyParams, body: jsonBody(CompanyAppCustomizationBody) },
  responses: { 200: json(CompanyAppCustomization), 404: notFound },
});
