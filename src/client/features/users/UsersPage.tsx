import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ROLE_LABELS } from '../../../shared/roles';
import type { User } from '../../../shared/users';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useCan } from '../../lib/use-can';
import { PageHeader } from '../../ui/PageHeader';
import { DeleteRowIcon, EditRowIcon } from '../../ui/RowActionIcons';
import { UserFormModal } from './UserFormModal';
import { useDeleteUser, useEstablishmentOptions, useSupplierOptions, useUsers } from './users-api';

export function UsersPage() {
  const { user: me } = useSession();
  const users = useUsers();
  const establishments = useEstablishmentOptions();
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<User | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const canCreate = useCan('users', 'create');
  const canUpdate = useCan('users', 'update');
  const canDelete = useCan('users', 'delete');
  const names = new Map((establishments.data ?? []).map((e) => [e.id, e.name]));
  const suppliers = useSupplierOptions();
  const supplierNames = new Map((suppliers.data ?? []).map((s) => [s.id, s.name]));

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
      <PageHeader
        title="Usuários"
        description="Quem acessa o painel e o que cada um pode fazer."
        actions={
          canCreate &&
          !users.isError && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => openForm(null)}>
              Novo usuário
            </Button>
          )
        }
      />

      {users.isError ? (
        <Alert color="red" variant="light" title="Não foi possível carregar os usuários" role="alert">
          {errorMessage(users.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : users.isPending ? (
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={64} radius="md" />
          ))}
        </Stack>
      ) : (
        <Stack component="ul" gap="xs" aria-label="Usuários" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {users.data.map((user) => (
            <Paper component="li" key={user.id} withBorder shadow="xs" p="md" radius="md">
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Text>
                    <Badge variant="light" color={user.role === 'admin' ? 'vinho' : 'gray'} tt="none">
                      {ROLE_LABELS[user.role]}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {user.establishment_ids.length > 0 && `${user.establishment_ids.map((id) => names.get(id) ?? '—').join(', ')} · `}
                    {user.supplier_id && `${supplierNames.get(user.supplier_id) ?? 'Fornecedor'} · `}
                    Criado em {new Date(user.created_at).toLocaleDateString('pt-BR')}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  {canUpdate && <EditRowIcon label={user.email} onClick={() => openForm(user)} />}
                  {canDelete && user.email !== me?.email && <DeleteRowIcon label={user.email} onClick={() => confirmDelete(user)} />}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      <UserFormModal
        opened={formOpen}
        user={editing}
        establishments={establishments.data ?? []}
        suppliers={suppliers.data ?? []}
        onClose={() => setFormOpen(false)}
        onSaved={(message) => {
          setFormOpen(false);
          notifications.show({ color: 'green', message });
        }}
      />
    </>
  );
}
