import { ActionIcon, Alert, Badge, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import type { Invitation } from '../../../shared/invitations';
import { ROLE_LABELS } from '../../../shared/roles';
import { errorMessage } from '../../lib/api';
import { CardList, CardListItem } from '../../ui/CardList';
import { confirmDelete } from '../../ui/confirm';
import { mutationToasts } from '../../ui/notify';
import { DeleteRowIcon } from '../../ui/RowActionIcons';
import { announceInvitation } from './invitation-link';
import { useDeleteInvitation, useInvitations, useResendInvitation } from './users-api';

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** Invitations not accepted yet: who was invited, by whom and when; Reenviar (a new link) and Excluir. */
export function PendingInvitations({ establishmentNames }: { establishmentNames: Map<string, string> }) {
  const invitations = useInvitations(true);
  const resend = useResendInvitation();
  const remove = useDeleteInvitation();

  if (invitations.isError) {
    return (
      <Alert color="red" variant="light" title="Não foi possível carregar os convites" role="alert" mt="lg">
        {errorMessage(invitations.error, 'Tente novamente em instantes.')}
      </Alert>
    );
  }
  if (!invitations.data || invitations.data.length === 0) return null;

  const onResend = (invitation: Invitation) =>
    resend.mutate(invitation.id, {
      onSuccess: (sent) => announceInvitation(sent, 'reenviado'),
      onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, 'Não foi possível reenviar o convite.') }),
    });
  const onDelete = (invitation: Invitation) =>
    confirmDelete({
      title: 'Excluir convite',
      message: `O link enviado a ${invitation.email} deixa de funcionar. Excluir o convite?`,
      onConfirm: () => remove.mutate(invitation.id, mutationToasts('Convite excluído.', 'Não foi possível excluir o convite.')),
    });

  return (
    <Stack gap="xs" mt="xl">
      <Title order={2} fz="lg">
        Convites pendentes
      </Title>
      <CardList label="Convites pendentes">
        {invitations.data.map((invitation) => (
          <CardListItem
            key={invitation.id}
            flat
            aside={
              <Group gap={4} wrap="nowrap">
                <Tooltip label="Reenviar">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Reenviar convite de ${invitation.email}`}
                    loading={resend.isPending && resend.variables === invitation.id}
                    onClick={() => onResend(invitation)}
                  >
                    <IconMailForward size={18} />
                  </ActionIcon>
                </Tooltip>
                <DeleteRowIcon label={`convite de ${invitation.email}`} onClick={() => onDelete(invitation)} />
              </Group>
            }
          >
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {invitation.email}
              </Text>
              <Badge variant="light" color="gray" tt="none">
                {ROLE_LABELS[invitation.role]}
              </Badge>
              {invitation.expired && (
                <Badge variant="light" color="orange" tt="none">
                  Expirado
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {invitation.establishment_ids.length > 0 &&
                `${invitation.establishment_ids.map((id) => establishmentNames.get(id) ?? '—').join(', ')} · `}
              Convidado {invitation.invited_by ? `por ${invitation.invited_by.name ?? invitation.invited_by.email} ` : ''}em{' '}
              {dateTime.format(new Date(invitation.created_at))}
            </Text>
          </CardListItem>
        ))}
      </CardList>
    </Stack>
  );
}
