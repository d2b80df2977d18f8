import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconDownload, IconHistory, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { ImportCounts, MessageList } from './ImportCounts';
import { downloadFailedRows, useImportStatus } from './import-api';

/** Step 5: what went in, what did not and why, the failed rows to fix, and Nova Importação. */
export function ResultStep({ importId, onReset }: { importId: string; onReset(): void }) {
  const status = useImportStatus(importId);
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
          {data.success_count} produto(s) importado(s)
          {data.error_count > 0 && `; ${data.error_count} linha(s) com erro não entraram. Baixe-as, corrija e envie de novo.`}
        </Alert>
      ) : (
        <Alert color="red" variant="light" title="A importação falhou" role="alert">
          {data.failure_reason ?? 'A importação não terminou.'} Você pode tentar novamente pelo histórico.
        </Alert>
      )}
      <ImportCounts status={data} />
      <MessageList title="Erros" messages={data.errors} total={data.error_count} color="red.9" />
      <MessageList title="Avisos" messages={data.warnings} total={data.warnings.length} color="dark.7" />
      <FailedRowsButton importId={importId} fileName={data.file_name} hidden={data.error_count === 0} />
      <Group justify="space-between">
        <Button component={Link} to="/produtos/historico" variant="default" leftSection={<IconHistory size={18} />}>
          Ver histórico
        </Button>
        <Button leftSection={<IconRefresh size={18} />} onClick={onReset}>
          Nova Importação
        </Button>
      </Group>
    </Stack>
  );
}

export function FailedRowsButton({ importId, fileName, hidden }: { importId: string; fileName: string; hidden: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (hidden) return null;
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFailedRows(importId, fileName);
    } catch (err) {
      setError(errorMessage(err, 'Não foi possível baixar as linhas com erro.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="light" color="red" leftSection={<IconDownload size={18} />} onClick={download} loading={busy}>
        Baixar linhas com erro (.xlsx)
      </Button>
      {error && (
        <Alert color="red" variant="light" role="alert" py={4}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
