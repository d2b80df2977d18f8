import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  title: string;
  children: ReactNode;
  icon?: ReactNode;
  /** The whole window for an error outside the layout; half of it inside. */
  fullHeight?: boolean;
}

/** A screen that cannot show what was asked (no access, not found, an error): says why and leads back home. */
export function DeadEnd({ title, children, icon, fullHeight = false }: Props) {
  return (
    <Center mih={fullHeight ? '70vh' : '50vh'} p={fullHeight ? 'md' : undefined}>
      <Stack align="center" gap="sm" maw={460} ta="center">
        {icon}
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text c="dimmed">{children}</Text>
        <Button component={Link} to="/">
          Voltar ao início
        </Button>
      </Stack>
    </Center>
  );
}
