import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A secret shown a single time (an API key, a webhook's signing secret): copy it now, it cannot be read again. */
export function ShownOnceModal({
  title,
  warning,
  lead,
  label,
  value,
  help,
  copyLabel,
  copiedLabel,
  doneLabel,
  onClose,
}: {
  title: string;
  warning: { title: string; text: string };
  /** What the secret belongs to, above it. */
  lead: ReactNode;
  /** The accessible name of the secret's box. */
  label: string;
  value: string;
  /** How to use it, below it. */
  help: ReactNode;
  copyLabel: string;
  copiedLabel: string;
  doneLabel: string;
  onClose(): void;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <Stack gap="sm">
        <Alert color="yellow" title={warning.title}>
          {warning.text}
        </Alert>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {lead}
        </Text>
        <Code block aria-label={label} fz="sm" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <Text size="sm" c="dimmed">
          {help}
        </Text>
        <Group justify="flex-end">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? copiedLabel : copyLabel}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{doneLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
