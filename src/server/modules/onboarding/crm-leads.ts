import { setLeadStatus, upsertWebsiteLead } from '../crm/index.js';
import type { OnboardingLeadHooks } from './service.js';

/**
 * Sign-ups feed the sales team's CRM, in the same transaction as the process write: a website lead for the company
 * (found again by CNPJ or e-mail), qualified when the menu is sent, converted when the team approves it.
 */
export const crmLeadHooks: OnboardingLeadHooks = {
  onCreated: (tx, process) =>
    upsertWebsiteLead(tx, {
      name: process.contactName,
      email: process.contactEmail,
      phone: process.contactPhone,
      company: process.establishmentName,
      cnpj: process.cnpj,
      notes: `Cadastro pelo site (${process.city}/${process.state}).`,
    }),
  onSubmitted: async (tx, process) => {
    if (process.leadId) await setLeadStatus(tx, process.leadId, 'qualified');
  },
  onApproved: async (tx, process) => {
    if (process.leadId) await setLeadStatus(tx, process.leadId, 'converted');
  },
};
