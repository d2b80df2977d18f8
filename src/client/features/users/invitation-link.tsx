import { Button, Code, CopyButton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Invitation } from '../../../shared/invitations';

/**
 * After an invitation is sent or resent: a notice when the e-mail went out, or — when this server writes e-mails to
 * files instead of sending them — the link to pass on by hand (the only moment it can be shown).
 */
export function announceInvitation(invitation: Invitation, verb: 'enviado' | 'reenviado') {
  if (!invitation.link) {
    notifications.show({ color: 'green', message: `Convite ${verb} para ${invitation.email}.` });
    return;
  }
  const link = invitation.link;
  modals.open({
    title: `Convite ${verb}`,
    children: (
      <Stack gap="sm">
        <Text size="sm">
          Este servidor não envia e-mails (grava cada mensagem em arquivo). Entregue este link a {invitation.email}: ele vale por 7 dias e
          pode ser usado uma vez.
        </Text>
        <Code block data-testid="invitation-link" style={{ wordBreak: 'break-all' }}>
          {link}
        </Code>
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Link copiado' : 'Copiar link'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={() => modals.closeAll()}>Fechar</Button>
      </Stack>
    ),
  });
}
