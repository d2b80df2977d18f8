import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';

export const establishments = pgTable(
  'establishments',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    sommelier: text('sommelier'),
    logo: text('logo'),
    slug: text('slug').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('establishments_slug_key').on(t.slug)],
);
