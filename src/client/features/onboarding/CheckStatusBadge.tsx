import { Badge } from '@mantine/core';
import { CHECK_STATUS_LABELS, type CheckStatus } from '../../../shared/onboarding';

/** Mantine's greens are under 4.5:1 on white for small text; this one is about 6:1. */
export const VALID_GREEN = '#1b6b32';
// Filled and dark enough for WCAG AA contrast (white text on them, or them as text on white).
const COLORS: Record<CheckStatus, string> = { pending: 'gray.7', validating: 'blue.9', valid: VALID_GREEN, invalid: 'red.9' };

/** SPEC §3: pending, validating, valid, invalid — in pt-BR. */
export function CheckStatusBadge({ status }: { status: CheckStatus }) {
  return (
    <Badge color={COLORS[status]} variant="filled" aria-live="polite">
      {CHECK_STATUS_LABELS[status]}
    </Badge>
  );
}
