/** Field groups that several answers carry: each schema spreads the group instead of writing it again. */
import { z } from 'zod';

/** When a stored record was created and last changed (ISO instants). */
export const recordStamps = {
  created_at: z.string(),
  updated_at: z.string(),
};
