import { ThemeIcon } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { ROLE_LABELS } from '../../shared/roles';
import { useSession } from '../lib/session';
import { DeadEnd } from './DeadEnd';

/** A screen the user's role may not open: says so plainly instead of failing to load. */
export function NoAccessPage() {
  const { user } = useSession();
  useDocumentTitle('Sem acesso · Adega');
  return (
    <DeadEnd
      title="Sem acesso a esta tela"
      icon={
        <ThemeIcon variant="light" size={56} radius="xl">
          <IconLock size={28} />
        </ThemeIcon>
      }
    >
      {user ? `O perfil ${ROLE_LABELS[user.role]} não pode abrir esta tela.` : 'Seu perfil não pode abrir esta tela.'} Se você precisa dela,
      peça acesso a um administrador.
    </DeadEnd>
  );
}
