/** The CRM module's only door: the app and other modules import from here. */
export { setLeadStatus, upsertWebsiteLead, type WebsiteLead } from './lead-intake.js';
export { crmRoutes } from './routes.js';
export { type CrmSeedResult, seedSampleCrm } from './sample-crm.js';
export { type CrmService, createCrmService } from './service.js';
