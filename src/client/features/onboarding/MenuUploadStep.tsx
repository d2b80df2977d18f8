import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { MENU_MAX_BYTES, MENU_TOO_LARGE, MENU_TYPE_NOT_ALLOWED, MENU_TYPES, ONBOARDING_TEXTS } from '../../../shared/onboarding';
import { errorMessage } from '../../lib/api';
import { uploadMenu } from './onboarding-api';

type UploadStatus = 'idle' | 'uploading' | 'success' | 'error';
const NO_FILE = 'Selecione o arquivo do cardápio.';

/** What the browser can tell before sending; the server decides by the bytes anyway. */
function clientCheck(file: File): string | null {
  const byName = /\.(pdf|jpe?g|png)$/i.test(file.name);
  if (!(MENU_TYPES as readonly string[]).includes(file.type) && !byName) return MENU_TYPE_NOT_ALLOWED;
  if (file.size > MENU_MAX_BYTES) return MENU_TOO_LARGE;
  return null;
}

/** Step 3, 'Upload do Cardápio': one PDF, JPG or PNG of at most 10 MB (SPEC §5); upload idle -> uploading -> success | error. */
export function MenuUploadStep({ processId, onBack, onSent }: { processId: string; onBack(): void; onSent(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<UploadStatus>('idle');
  const [error, setError] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setStatus('idle');
    setError(chosen ? clientCheck(chosen) : null);
  };

  async function send() {
    if (!file) {
      setError(NO_FILE);
      return;
    }
    const problem = clientCheck(file);
    if (problem) {
      setError(problem);
      return;
    }
    setStatus('uploading');
    setError(null);
    try {
      await uploadMenu(processId, file);
      setStatus('success');
      onSent();
    } catch (err) {
      setStatus('error');
      setError(`${ONBOARDING_TEXTS.uploadFailedPrefix}${errorMessage(err, 'tente novamente.')}`);
    }
  }

  return (
    <Stack gap="md" mt="md">
      <Text size="sm" c="dimmed">
        Envie o cardápio atual do restaurante: um PDF ou uma foto (JPG ou PNG) de até 10 MB.
      </Text>
      <FileInput
        label="Arquivo do cardápio"
        placeholder="Escolher arquivo"
        accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
        leftSection={<IconFileUpload size={18} />}
        value={file}
        onChange={choose}
        clearable
        clearButtonProps={{ 'aria-label': 'Remover arquivo escolhido' }}
        size="md"
        // Mantine's placeholder grey reads at 2:1 on white; this one passes AA (axe color-contrast).
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        error={status !== 'error' && error ? error : undefined}
      />
      {status === 'error' && error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Button variant="default" size="md" leftSection={<IconArrowLeft size={18} />} onClick={onBack} disabled={status === 'uploading'}>
          Voltar
        </Button>
        <Button size="md" onClick={() => void send()} loading={status === 'uploading'}>
          Enviar Cardápio
        </Button>
      </Group>
    </Stack>
  );
}
