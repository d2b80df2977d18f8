import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The bold heading of a dialog whose title is more than a label (a wine's name, an import). */
export function ModalTitle({ children }: { children: ReactNode }) {
  return (
    <Text fw={700} fz="lg">
      {children}
    </Text>
  );
}
