import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconHistory, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FailedRowsButton } from './FailedRowsButton';
import { ImportCounts, MessageList } from './ImportCounts';
import { useImportStatus } from './import-queries';
import type { ImportSource } from './import-source';

/** Step 5: what went in, what did not and why, the failed rows to fix, and Nova Importação. */
export function ResultStep<F extends string>({
  source,
  importId,
  onReset,
}: {
  source: ImportSource<F>;
  importId: string;
  onReset(): void;
}) {
  const status = useImportStatus(source, importId);
  if (!status.data) return <Skeleton h={240} radius="md" />;
  const data = status.data;
  return (
    <Stack gap="md">
      {data.status === 'completed' ? (
        <Alert
          color={data.error_count > 0 ? 'orange' : 'green'}
          variant="light"
          title="Importação concluída"
          styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
        >
          {source.texts.completed(data)}
        </Alert>
      ) : (
        <Alert color="red" variant="light" title="A importação falhou" role="alert">
          {data.failure_reason ?? 'A importação não terminou.'} Você pode tentar novamente pelo histórico.
        </Alert>
      )}
      <ImportCounts status={data} texts={source.texts} />
      <MessageList title="Erros" messages={data.errors} total={data.error_count} color="red.9" />
      <MessageList title={source.texts.warnings} messages={data.warnings} total={data.warnings.length} color="dark.7" />
      <FailedRowsButton source={source} importId={importId} fileName={data.file_name} hidden={data.error_count === 0} />
      <Group justify={source.historyPath ? 'space-between' : 'flex-end'}>
        {source.historyPath && (
          <Button component={Link} to={source.historyPath} variant="default" leftSection={<IconHistory size={18} />}>
            Ver histórico
          </Button>
        )}
        <Button leftSection={<IconRefresh size={18} />} onClick={onReset}>
          Nova Importação
        </Button>
      </Group>
    </Stack>
  );
}
