import { Switch, Text } from '@mantine/core';
import type { Account } from '../../../shared/account';
import { errorMessage } from '../../lib/api';
import { FormSection } from '../../ui/FormSection';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useUpdateAccount } from './account-api';

/** What order e-mails each role receives (the server sends exactly these: orders/notifications.ts). */
const ORDER_EMAILS_SENT: Partial<Record<Account['role'], string>> = {
  supplier: 'Quando um estabelecimento faz um pedido ao seu fornecedor e quando um pedido é cancelado.',
  restaurant_manager: 'Quando um pedido dos seus estabelecimentos muda de situação (confirmado, enviado, entregue ou cancelado).',
};

export function NotificationsSection({ account }: { account: Account }) {
  const update = useUpdateAccount();
  const sent = ORDER_EMAILS_SENT[account.role];
  const toggle = (on: boolean) =>
    update.mutate(
      { order_emails: on },
      {
        onSuccess: () => notifySuccess(on ? 'Você vai receber e-mails de pedidos.' : 'Você não vai mais receber e-mails de pedidos.'),
        onError: (err) => notifyError(errorMessage(err, 'Não foi possível salvar a sua escolha.')),
      },
    );

  return (
    <FormSection title="Notificações por e-mail">
      {sent ? (
        <Switch
          label="Receber e-mails de pedidos"
          description={sent}
          checked={update.isPending ? Boolean(update.variables?.order_emails) : account.order_emails}
          disabled={update.isPending}
          onChange={(event) => toggle(event.currentTarget.checked)}
        />
      ) : (
        <Text size="sm" c="dimmed">
          O seu perfil não recebe e-mails de pedidos. E-mails sobre a sua conta, como a redefinição de senha, são sempre enviados.
        </Text>
      )}
    </FormSection>
  );
}
