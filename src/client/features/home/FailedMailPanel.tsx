import { Alert, List, Stack, Text } from '@mantine/core';
import { IconLink, IconMailExclamation, IconMailForward } from '@tabler/icons-react';
import { MAIL_KIND_LABELS } from '../../../shared/mail';
import { countOf } from '../../../shared/plural';
import { formatDateTime } from '../../../shared/time';
import { useCan } from '../../lib/use-can';
import { useFailedMail } from './home-api';

/**
 * For the admin: e-mail that could not be delivered (with the SMTP server's answer), that e-mail only goes to files,
 * and that the links in e-mails are guessed from the address each request came in on (no PUBLIC_BASE_URL).
 */
export function FailedMailPanel() {
  const canRead = useCan('mail', 'readFailed');
  const failed = useFailedMail(canRead);
  if (!canRead || !failed.data) return null;
  const { delivery, messages, link_base } = failed.data;
  return (
    <Stack gap="sm">
      {link_base.source === 'request' && (
        <Alert color="yellow" icon={<IconLink size={20} aria-hidden />} title="Os links dos e-mails usam o endereço deste acesso">
          Sem a variável <code>PUBLIC_BASE_URL</code>, os links de convites, de redefinição de senha e de pedidos apontam para o endereço
          pelo qual cada pessoa abriu o Adega (agora, <b>{new URL(link_base.url).host}</b>). Defina <code>PUBLIC_BASE_URL</code> com o
          endereço público do Adega (ex.: https://carta.seurestaurante.com.br) e reinicie o servidor.
        </Alert>
      )}
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
                  · {formatDateTime(mail.created_at)} · {countOf(mail.attempts, 'tentativa', 'tentativas')}
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
