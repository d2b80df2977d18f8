import type { LeadStatus } from '../../../shared/crm-vocabulary.js';
import { normalizePhone, stripCnpj } from '../../../shared/field-rules.js';
import type { Executor } from '../../db/client.js';
import * as repo from './repository.js';

/** What the onboarding wizard knows of a prospective establishment. */
export interface WebsiteLead {
  name: string;
  email: string;
  phone?: string | null | undefined;
  company?: string | null | undefined;
  cnpj?: string | null | undefined;
  notes?: string | null | undefined;
}

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/**
 * For another module's transaction (the onboarding wizard's sign-up): the website lead of this company, created or
 * brought up to date. Found by CNPJ first, then by e-mail; a new one has source website, status new and no owner. An
 * existing lead keeps its status, source, score and owner; its contact data takes the new values (empty ones keep
 * the old). Returns the lead's id.
 */
export async function upsertWebsiteLead(tx: Executor, input: WebsiteLead): Promise<string> {
  const email = input.email.trim().toLowerCase();
  const cnpj = input.cnpj ? stripCnpj(input.cnpj) : null;
  const phoneText = blankToNull(input.phone);
  const phone = phoneText ? (normalizePhone(phoneText) ?? phoneText) : null;
  const fields = {
    name: input.name.trim(),
    email,
    phone,
    company: blankToNull(input.company),
    cnpj,
    notes: blankToNull(input.notes),
  };
  const existing = await repo.findLeadByCnpjOrEmail(tx, cnpj, email);
  if (!existing) return (await repo.insertLead(tx, { ...fields, source: 'website', status: 'new', leadScore: 0, ownerId: null })).id;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)) as Partial<repo.LeadValues>;
  await repo.updateLead(tx, existing.id, changes);
  return existing.id;
}

/**
 * For another module's transaction: moves a lead along (onboarding submitted -> qualified, approved -> converted). A
 * converted lead is never moved back. Returns the status the lead has afterwards, or null when it does not exist.
 */
export async function setLeadStatus(tx: Executor, leadId: string, status: LeadStatus): Promise<LeadStatus | null> {
  const current = await repo.findLead(tx, leadId, true);
  if (!current) return null;
  if (current.status === 'converted' || current.status === status) return current.status;
  await repo.updateLead(tx, leadId, { status });
  return status;
}
