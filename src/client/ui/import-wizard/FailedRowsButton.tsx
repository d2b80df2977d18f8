import { Alert, Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { downloadFailedRows } from './import-queries';
import type { ImportSource } from './import-source';

/** "Baixar linhas com erro (.xlsx)": the rows that did not go in, with why, to fix and send again. */
export function FailedRowsButton<F extends string>({
  source,
  importId,
  fileName,
  hidden,
}: {
  source: ImportSource<F>;
  importId: string;
  fileName: string;
  hidden: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (hidden) return null;
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFailedRows(source, importId, fileName);
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
