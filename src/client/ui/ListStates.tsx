import { Alert, Paper, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';

/** A red banner when a list or record could not be loaded: the headline, then the server's detail. */
export function LoadErrorAlert({ title, error }: { title: string; error: unknown }) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {errorMessage(error, 'Tente novamente em instantes.')}
    </Alert>
  );
}

/** Grey bars where a list's rows will appear. */
export function ListSkeleton({ rows }: { rows: number }) {
  return (
    <Paper withBorder p="md">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={24} mb="sm" />
      ))}
    </Paper>
  );
}

/** "24 produtos · página 1 de 2" above a list, read out when it changes. */
export function ListSummary({ page, pages, children }: { page: number; pages: number; children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
      {children}
      {pages > 1 ? ` · página ${page} de ${pages}` : ''}
    </Text>
  );
}
