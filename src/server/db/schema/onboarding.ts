import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CHECK_STATUSES, ONBOARDING_STATUSES } from '../../../shared/onboarding.js';
import { id, timestamps } from './columns.js';
import { leads } from './crm.js';
import { establishments } from './establishments.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const checkStatus = (name: string) => text(name, { enum: CHECK_STATUSES }).notNull().default('pending');

/**
 * A restaurant's self sign-up (docs/product.md "Onboarding"): the eleven fields as typed, each check's status and
 * when it ran, the menu file's private storage key, and the team's decision. Its random id is the anonymous
 * caller's only key.
 */
export const onboardingProcesses = pgTable(
  'onboarding_processes',
  {
    id: id(),
    status: text('status', { enum: ONBOARDING_STATUSES }).notNull().default('in_progress'),
    establishmentName: text('establishment_name').notNull(),
    /** As typed in step 1; after a valid check, its 14 characters without punctuation. */
    cnpj: text('cnpj').notNull(),
    email: text('email').notNull(),
    /** As typed in step 1; after a valid check, E.164. */
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    cnpjStatus: checkStatus('cnpj_status'),
    cnpjCheckedAt: at('cnpj_checked_at'),
    emailStatus: checkStatus('email_status'),
    emailCheckedAt: at('email_checked_at'),
    phoneStatus: checkStatus('phone_status'),
    phoneCheckedAt: at('phone_checked_at'),
    menuFileKey: text('menu_file_key'),
    menuFileName: text('menu_file_name'),
    menuFileType: text('menu_file_type'),
    menuFileSize: integer('menu_file_size'),
    submittedAt: at('submitted_at'),
    reviewedAt: at('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    establishmentId: uuid('establishment_id').references(() => establishments.id, { onDelete: 'set null' }),
    managerUserId: uuid('manager_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The CRM lead of this sign-up (set by the CRM's hook); a deleted lead leaves the sign-up without one. */
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** When its personal data was anonymised (an LGPD erasure or the retention rule of refused and abandoned sign-ups). */
    anonymizedAt: at('anonymized_at'),
    ...timestamps(),
  },
  (t) => [
    index('onboarding_processes_status_created_idx').on(t.status, t.createdAt),
    index('onboarding_processes_created_idx').on(t.createdAt),
    index('onboarding_processes_lead_idx').on(t.leadId),
    // One approved sign-up per CNPJ: the check's 'CNPJ já cadastrado' and the approval's guard.
    uniqueIndex('onboarding_processes_approved_cnpj_key').on(t.cnpj).where(sql`${t.status} = 'approved'`),
  ],
);
