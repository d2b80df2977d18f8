import { sql } from 'drizzle-orm';
import { users } from './schema/index.js';

/** A user as lists name them: the name, or the e-mail when the name is empty (null when the user row is missing). */
export const shownUserName = sql<string | null>`nullif(coalesce(nullif(${users.name}, ''), ${users.email}), '')`;
