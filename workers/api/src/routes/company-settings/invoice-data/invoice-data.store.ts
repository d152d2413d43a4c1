/** @module The invoice data tab's writes: the company's own columns and the audit row in one batch. */
export { writeCompany } from '../company-settings.store';
export { companyAfterChange } from '../economics/economics.store';
