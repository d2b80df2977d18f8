import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconUserCheck, IconUserOff, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { invitableRoles } from '../../../shared/access-policy';
import { ROLE_LABELS } from '../../../shared/roles';
import type { User } from '../../../shared/users';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { principalOf, useCan } from '../../lib/use-can';
import { useWriteRights } from '../../lib/use-write-rights';
import { CardList, CardListItem, CardListSkeleton } from '../../ui/CardList';
import { confirmDelete } from '../../ui/confirm';
import { NewButton } from '../../ui/NewButton';
import { mutationToasts } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { QueryView } from '../../ui/QueryView';
import { DeleteRowIcon, EditRowIcon } from '../../ui/RowActionIcons';
import { InviteModal } from './InviteModal';
import { announceInvitation } from './invitation-link';
import { PendingInvitations } from './PendingInvitations';
import { UserFormModal } from './UserFormModal';
import { useDeleteUser, useEstablishmentOptions, useSetUserActive, useSupplierOptions, useUsers } from './users-api';

export function UsersPage() {
  const { user: me } = useSession();
  const users = useUsers();
  const establishments = useEstablishmentOptions();
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<User | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const { canCreate, canUpdate, canDelete } = useWriteRights('users');
  const canDeactivate = useCan('users', 'deactivate');
  const canInvite = useCan('invitations', 'create');
  const [inviting, setInviting] = useState(false);
  const setActive = useSetUserActive();
  const isAdmin = me?.role === 'admin';
  const names = new Map((establishments.data ?? []).map((e) => [e.id, e.name]));
  const suppliers = useSupplierOptions();
  const supplierNames = new Map((suppliers.data ?? []).map((s) => [s.id, s.name]));

  const openForm = (user: User | null) => {
    setEditing(user);
    setFormOpen(true);
  };
  const onDelete = (user: User) =>
    confirmDelete({
      title: 'Excluir usuário',
      message: `Tem certeza que deseja excluir o usuário ${user.email}? Ele perde o acesso na hora.`,
      onConfirm: () => remove.mutate(user.id, mutationToasts('Usuário excluído.', 'Não foi possível excluir o usuário.')),
    });

  const confirmActive = (user: User, active: boolean) =>
    modals.openConfirmModal({
      title: active ? 'Reativar usuário' : 'Desativar usuário',
      children: (
        <Text size="sm">
          {active
            ? `${user.email} volta a entrar no painel com a senha que já tinha.`
            : `${user.email} deixa de entrar no painel e as sessões abertas terminam agora. Você pode reativá-lo depois.`}
        </Text>
      ),
      labels: { confirm: active ? 'Reativar' : 'Desativar', cancel: 'Cancelar' },
      confirmProps: { color: active ? 'vinho' : 'red' },
      onConfirm: () =>
        setActive.mutate(
          { id: user.id, active },
          {
            onSuccess: () => notifications.show({ color: 'green', message: active ? 'Usuário reativado.' : 'Usuário desativado.' }),
            onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, 'Não foi possível alterar o usuário.') }),
          },
        ),
    });

  return (
    <>
      <PageHeader
        title="Usuários"
        description={
          isAdmin
            ? 'Quem acessa o painel e o que cada um pode fazer.'
            : 'A equipe dos seus estabelecimentos: convide, acompanhe os convites e desative acessos.'
        }
        actions={
          !users.isError && (
            <Group gap="xs">
              {canInvite && (
                <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
                  Convidar usuário
                </Button>
              )}
              {canCreate && (
                <NewButton variant="light" onClick={() => openForm(null)}>
                  Novo usuário
                </NewButton>
              )}
            </Group>
          )
        }
      />

      <QueryView query={users} errorTitle="Não foi possível carregar os usuários" loading={<CardListSkeleton height={64} />}>
        {(rows) => (
          <CardList label="Usuários">
            {rows.map((user) => (
              <CardListItem
                key={user.id}
                aside={
                  <Group gap={4} wrap="nowrap">
                    {canDeactivate && user.email !== me?.email && (
                      <Tooltip label={user.active ? 'Desativar' : 'Reativar'}>
                        <ActionIcon
                          variant="subtle"
                          color={user.active ? 'red' : 'gray'}
                          aria-label={`${user.active ? 'Desativar' : 'Reativar'} ${user.email}`}
                          onClick={() => confirmActive(user, !user.active)}
                        >
                          {user.active ? <IconUserOff size={18} /> : <IconUserCheck size={18} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {canUpdate && <EditRowIcon label={user.email} onClick={() => openForm(user)} />}
                    {canDelete && user.email !== me?.email && <DeleteRowIcon label={user.email} onClick={() => onDelete(user)} />}
                  </Group>
                }
              >
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                  </Text>
                  <Badge variant="light" color={user.role === 'admin' ? 'vinho' : 'gray'} tt="none">
                    {ROLE_LABELS[user.role]}
                  </Badge>
                  {!user.active && (
                    <Badge variant="light" color="red" tt="none">
                      Desativado
                    </Badge>
                  )}
                  {user.active && !user.has_password && (
                    <Badge variant="light" color="gray" tt="none">
                      Sem acesso ao painel
                    </Badge>
                  )}
                </Group>
                {user.name && <Text size="sm">{user.name}</Text>}
                <Text size="sm" c="dimmed">
                  {user.establishment_ids.length > 0 && `${user.establishment_ids.map((id) => names.get(id) ?? '—').join(', ')} · `}
                  {user.supplier_id && `${supplierNames.get(user.supplier_id) ?? 'Fornecedor'} · `}
                  Criado em {new Date(user.created_at).toLocaleDateString('pt-BR')}
                </Text>
              </CardListItem>
            ))}
          </CardList>
        )}
      </QueryView>

      {canInvite && <PendingInvitations establishmentNames={names} />}

      {inviting && me && (
        <InviteModal
          roles={invitableRoles(principalOf(me))}
          establishments={establishments.data ?? []}
          suppliers={suppliers.data ?? []}
          onClose={() => setInviting(false)}
          onInvited={(invitation) => {
            setInviting(false);
            announceInvitation(invitation, 'enviado');
          }}
        />
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
