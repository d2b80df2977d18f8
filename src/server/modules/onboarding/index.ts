/** The onboarding module's only door: the app imports from here. */

export { dnsMailDomainResolver, type MailDomainResolver } from './checks.js';
export { crmLeadHooks } from './crm-leads.js';
export { onboardingPublicRoutes, onboardingReviewRoutes } from './routes.js';
export { createOnboardingService, type OnboardingLeadHooks, type OnboardingService } from './service.js';
