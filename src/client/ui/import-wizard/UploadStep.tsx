import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection, MIME_TYPES } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { formatMegabytes, MAX_IMPORT_BYTES } from '../../../shared/product-import';
import { errorMessage } from '../../lib/api';
import { useUploadImport } from './import-queries';
import type { ImportSource } from './import-source';

const ACCEPT = [MIME_TYPES.xlsx, MIME_TYPES.xls, MIME_TYPES.csv, 'text/plain', 'application/csv', 'text/x-csv'];
const NO_FILE = 'Por favor, selecione um arquivo';
const UPLOAD_FAILED = 'Erro ao fazer upload do arquivo';

function rejectionMessage(rejections: FileRejection[]): string {
  const code = rejections[0]?.errors[0]?.code;
  if (code === 'file-too-large') return `Arquivo muito grande. Tamanho máximo: ${formatMegabytes(MAX_IMPORT_BYTES)}.`;
  return 'Formato de arquivo não suportado. Envie uma planilha .xlsx, .xls ou .csv.';
}

interface Props<F extends string> {
  source: ImportSource<F>;
  file: File | null;
  onFile(file: File | null): void;
  onError(message: string | null): void;
  onUploaded(importId: string): void;
}

/** Step 1: drop or pick the spreadsheet, then send it. */
export function UploadStep<F extends string>({ source, file, onFile, onError, onUploaded }: Props<F>) {
  const upload = useUploadImport(source);
  const send = () => {
    if (!file) return onError(NO_FILE);
    onError(null);
    upload.mutate(file, { onSuccess: onUploaded, onError: (err) => onError(errorMessage(err, UPLOAD_FAILED)) });
  };

  return (
    <Stack gap="md">
      <Dropzone
        onDrop={(files) => {
          onError(null);
          onFile(files[0] ?? null);
        }}
        onReject={(rejections) => onError(rejectionMessage(rejections))}
        accept={ACCEPT}
        maxSize={MAX_IMPORT_BYTES}
        multiple={false}
        loading={upload.isPending}
        aria-label="Selecionar planilha"
      >
        <Group justify="center" gap="xl" mih={160} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={48} stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={48} stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={48} stroke={1.5} color="var(--mantine-color-vinho-6, #7b2d3b)" />
          </Dropzone.Idle>
          <div>
            <Text size="lg" fw={600}>
              Arraste a planilha aqui ou clique para escolher
            </Text>
            <Text size="sm" c="dimmed" mt={6}>
              Excel (.xlsx, .xls) ou CSV separado por ponto e vírgula ou vírgula, até {formatMegabytes(MAX_IMPORT_BYTES)} e 200.000 linhas.
              A primeira linha deve ter os nomes das colunas.
            </Text>
          </div>
        </Group>
      </Dropzone>
      {file && (
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFileSpreadsheet size={24} />
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {file.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatMegabytes(file.size)}
                </Text>
              </div>
            </Group>
            <Button variant="subtle" color="gray" size="xs" onClick={() => onFile(null)} disabled={upload.isPending}>
              Remover
            </Button>
          </Group>
        </Paper>
      )}
      <Group justify="flex-end">
        <Button leftSection={<IconUpload size={18} />} onClick={send} loading={upload.isPending}>
          Enviar arquivo
        </Button>
      </Group>
    </Stack>
  );
}
