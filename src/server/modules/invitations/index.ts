/** The invitations module's only door: the app and the onboarding approval import from here. */

export type { InvitationMailer } from './message.js';
export { invitationRoutes } from './routes.js';
export { createInvitationService, type InvitationService } from './service.js';
