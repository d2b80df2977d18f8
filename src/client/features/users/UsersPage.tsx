import { Alert, Badge, Button, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ROLE_LABELS } from '../../../shared/roles';
import type { User } from '../../../shared/users';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { DeleteRowIcon, EditRowIcon } from '../../ui/RowActionIcons';
import { UserFormModal } from './UserFormModal';
import { useDeleteUser, useEstablishmentOptions, useUsers } from './users-api';

export function UsersPage() {
  const { user: me } = useSession();
  const users = useUsers();
  const establishments = useEstablishmentOptions();
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<User | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const names = new Map((establishments.data ?? []).map((e) => [e.id, e.name]));

  const openForm = (user: User | null) => {
    setEditing(user);
    setFormOpen(true);
  };
  const confirmDelete = (user: User) =>
    modals.openConfirmModal({
      title: 'Excluir usuário',
      children: <Text size="sm">Tem certeza que deseja excluir o usuário {user.email}? Ele perde o acesso na hora.</Text>,
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(user.id, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Usuário excluído.' }),
          onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, 'Não foi possível excluir o usuário.') }),
        }),
    });

  return (
    <>
      <Group justify="space-between" mb="lg" wrap="wrap">
        <div>
          <Title order={1} fz={28}>
            Usuários
          </Title>
          <Text c="dimmed" size="sm">
            Quem acessa o painel e o que cada um pode fazer.
          </Text>
        </div>
        {!users.isError && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => openForm(null)}>
            Novo usuário
          </Button>
        )}
      </Group>

      {users.isError ? (
        <Alert color="red" variant="light" title="Não foi possível carregar os usuários" role="alert">
          {errorMessage(users.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <Paper withBorder shadow="xs" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Perfil</Table.Th>
                <Table.Th>Estabelecimentos</Table.Th>
                <Table.Th>Criado em</Table.Th>
                <Table.Th w={100}>
                  <span className="visually-hidden">Ações</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.isPending
                ? [0, 1, 2].map((i) => (
                    <Table.Tr key={i}>
                      <Table.Td colSpan={5}>
                        <Skeleton h={20} />
                      </Table.Td>
                    </Table.Tr>
                  ))
                : users.data?.map((user) => (
                    <Table.Tr key={user.id}>
                      <Table.Td fw={500}>{user.email}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={user.role === 'admin' ? 'vinho' : 'gray'}>
                          {ROLE_LABELS[user.role]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={user.establishment_ids.length ? undefined : 'dimmed'}>
                          {user.establishment_ids.length ? user.establishment_ids.map((id) => names.get(id) ?? '—').join(', ') : '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>{new Date(user.created_at).toLocaleDateString('pt-BR')}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <EditRowIcon label={user.email} onClick={() => openForm(user)} />
                          {user.email !== me?.email && <DeleteRowIcon label={user.email} onClick={() => confirmDelete(user)} />}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}

      <UserFormModal
        opened={formOpen}
        user={editing}
        establishments={establishments.data ?? []}
        onClose={() => setFormOpen(false)}
        onSaved={(message) => {
          setFormOpen(false);
          notifications.show({ color: 'green', message });
        }}
      />
    </>
  );
}
