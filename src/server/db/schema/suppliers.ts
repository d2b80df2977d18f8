import { date, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';

export const suppliers = pgTable('suppliers', {
  id: id(),
  name: text('name').notNull(),
  companyName: text('company_name').notNull(),
  contactPerson: text('contact_person'),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  address: text('address'),
  website: text('website'),
  commissionRate: numeric('commission_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
  contractStartDate: date('contract_start_date'),
  contractEndDate: date('contract_end_date'),
  notes: text('notes'),
  ...timestamps(),
});
