import { Alert, Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A dashboard that could not load: the headline, a sentence and a retry button. */
export function DashboardLoadError({ title, text, onRetry }: { title: string; text: string; onRetry(): void }) {
  return (
    <Alert color="red" title={title} icon={<IconAlertTriangle />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Stack>
    </Alert>
  );
}

/** A dashboard's outline while its figures load: the status line, the four cards, then the charts' places. */
export function DashboardSkeleton({ status, children }: { status: string; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed" role="status">
        {status}
      </Text>
      <StatGrid>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={104} radius="md" />
        ))}
      </StatGrid>
      {children}
    </Stack>
  );
}

/** The row of four stat cards (two on small screens, one on phones). */
export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}
