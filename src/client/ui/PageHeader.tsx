import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** A link above the title, back to where the user came from. */
  back?: { to: string; label: string };
  actions?: ReactNode;
  children?: ReactNode;
  /** The browser tab title; defaults to the title when it is text. */
  documentTitle?: string;
}

/** The title block every admin screen opens with. */
export function PageHeader({ title, description, back, actions, children, documentTitle }: PageHeaderProps) {
  useScreenTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <Stack gap={6} mb="lg">
      {back && (
        <Anchor component={Link} to={back.to} size="sm" c="dimmed" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={14} />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={28}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" mt={2} component="div">
              {description}
            </Text>
          )}
        </div>
        {actions && (
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Stack>
  );
}

/** "Cartas · Adega" in the browser tab, so each screen can be told apart in tabs and history. */
export function useScreenTitle(title: string | undefined) {
  useDocumentTitle(title ? `${title} · Adega` : 'Adega');
}
