import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { ImportCounts } from './ImportCounts';
import { useImportStatus } from './import-queries';
import type { ImportSource } from './import-source';

/** Step 4: the progress bar, polled every 2 s; the wizard moves on when the import is completed or failed. */
export function ProgressStep<F extends string>({
  source,
  importId,
  onDone,
}: {
  source: ImportSource<F>;
  importId: string;
  onDone(): void;
}) {
  const status = useImportStatus(source, importId);
  const finished = status.data?.status === 'completed' || status.data?.status === 'failed';
  useEffect(() => {
    if (finished) onDone();
  }, [finished, onDone]);

  if (status.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        Erro ao acompanhar progresso da importação
      </Alert>
    );
  const data = status.data;
  const percent = data && data.total_rows > 0 ? Math.round((data.processed_rows / data.total_rows) * 100) : 0;
  return (
    <Stack gap="md">
      <Text fw={600} aria-live="polite">
        {data?.current_operation ?? 'Aguardando início'}
      </Text>
      <Progress value={percent} size="xl" radius="md" animated striped aria-label={`Progresso da importação: ${percent}%`} />
      <Text size="sm" c="dimmed">
        {percent}% concluído. Pode sair desta tela: a importação continua e aparece no histórico.
      </Text>
      {data && <ImportCounts status={data} texts={source.texts} />}
    </Stack>
  );
}
