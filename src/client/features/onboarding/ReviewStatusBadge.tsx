import { Badge } from '@mantine/core';
import { ONBOARDING_STATUS_LABELS, type OnboardingStatus } from '../../../shared/onboarding';

const COLORS: Record<OnboardingStatus, string> = { in_progress: 'gray', submitted: 'blue', approved: 'green', rejected: 'red' };

export function ReviewStatusBadge({ status }: { status: OnboardingStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} tt="none">
      {ONBOARDING_STATUS_LABELS[status]}
    </Badge>
  );
}
