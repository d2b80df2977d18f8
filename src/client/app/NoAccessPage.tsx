import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROLE_LABELS } from '../../shared/roles';
import { useSession } from '../lib/session';

/** A screen the user's role may not open: says so plainly instead of failing to load. */
export function NoAccessPage() {
  const { user } = useSession();
  useDocumentTitle('Sem acesso · Adega');
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <ThemeIcon variant="light" size={56} radius="xl">
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          Sem acesso a esta tela
        </Title>
        <Text c="dimmed">
          {user ? `O perfil ${ROLE_LABELS[user.role]} não pode abrir esta tela.` : 'Seu perfil não pode abrir esta tela.'} Se você precisa
          dela, peça acesso a um administrador.
        </Text>
        <Button component={Link} to="/">
          Voltar ao início
        </Button>
      </Stack>
    </Center>
  );
}
