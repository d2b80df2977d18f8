import { Alert, List, Stack, Text } from '@mantine/core';
import { IconMailExclamation, IconMailForward } from '@tabler/icons-react';
import { MAIL_KIND_LABELS } from '../../../shared/mail';
import { formatDateTime } from '../../../shared/time';
import { useCan } from '../../lib/use-can';
import { useFailedMail } from './home-api';

/** For the admin: e-mail that could not be delivered (with the SMTP server's answer), or that e-mail only goes to files. */
export function FailedMailPanel() {
  const canRead = useCan('mail', 'readFailed');
  const failed = useFailedMail(canRead);
  if (!canRead || !failed.data) return null;
  const { delivery, messages } = failed.data;
  return (
    <Stack gap="sm">
      {delivery === 'file' && (
        <Alert color="blue" icon={<IconMailForward size={20} aria-hidden />} title="E-mails não são enviados">
          Nenhum servidor de e-mail está configurado (SMTP_URL): cada mensagem é gravada como arquivo .eml na pasta mail/ dos dados do
          Adega. Os links de convite aparecem na tela para você repassar.
        </Alert>
      )}
      {messages.length > 0 && (
        <Alert color="red" icon={<IconMailExclamation size={20} aria-hidden />} title={`E-mails não entregues (${messages.length})`}>
          <List size="sm" spacing="xs">
            {messages.map((mail) => (
              <List.Item key={mail.id}>
                <Text size="sm" fw={600} span>
                  {MAIL_KIND_LABELS[mail.kind] ?? mail.kind} para {mail.recipient}
                </Text>{' '}
                <Text size="sm" span>
                  · {formatDateTime(mail.created_at)} · {mail.attempts} {mail.attempts === 1 ? 'tentativa' : 'tentativas'}
                </Text>
                <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
                  Resposta do servidor: {mail.last_error ?? 'sem resposta'}
                </Text>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
