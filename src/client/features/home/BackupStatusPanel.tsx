import { Alert, Text } from '@mantine/core';
import { IconDatabaseExclamation, IconDatabaseExport, IconDatabaseOff } from '@tabler/icons-react';
import { formatDateTime } from '../../../shared/time';
import { useCan } from '../../lib/use-can';
import { useBackupStatus } from './home-api';

/** For the admin: when the last backup ran and how it went, or that the server takes none by itself. */
export function BackupStatusPanel() {
  const canRead = useCan('backups', 'readStatus');
  const status = useBackupStatus(canRead);
  if (!canRead || !status.data) return null;
  const { scheduled, last } = status.data;
  if (last?.state === 'failed')
    return (
      <Alert color="red" icon={<IconDatabaseExclamation size={20} aria-hidden />} title="O último backup falhou">
        <Text size="sm">
          Backup iniciado em {formatDateTime(last.started_at)}
          {last.finished_at && `, interrompido em ${formatDateTime(last.finished_at)}`}.
        </Text>
        <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
          Motivo: {last.detail ?? 'desconhecido'}
        </Text>
      </Alert>
    );
  if (last)
    return (
      <Alert color={last.state === 'ok' ? 'green' : 'blue'} icon={<IconDatabaseExport size={20} aria-hidden />} title="Backup">
        <Text size="sm">
          {last.state === 'ok'
            ? `Último backup concluído em ${formatDateTime(last.finished_at ?? last.started_at)}.`
            : `Backup em andamento desde ${formatDateTime(last.started_at)}.`}
          {!scheduled && ' Os backups automáticos não estão agendados (BACKUP_TO e BACKUP_EVERY).'}
        </Text>
        {last.state === 'ok' && last.detail && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Em {last.detail}
          </Text>
        )}
      </Alert>
    );
  return (
    <Alert color="yellow" icon={<IconDatabaseOff size={20} aria-hidden />} title="Nenhum backup feito ainda">
      <Text size="sm">
        {scheduled
          ? 'Os backups automáticos estão agendados; o primeiro ainda não rodou.'
          : 'Agende backups automáticos com as variáveis BACKUP_TO e BACKUP_EVERY, ou faça um agora com npm run backup.'}
      </Text>
    </Alert>
  );
}
