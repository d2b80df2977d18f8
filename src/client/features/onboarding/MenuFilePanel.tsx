import { Button, Group, Skeleton, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ReviewDetail } from '../../../shared/onboarding';
import { errorMessage } from '../../lib/api';
import { downloadBlob } from '../../lib/files';
import { downloadMenuFile, useMenuFile } from './reviews-api';

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`
    : `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

/** The uploaded menu: an image shown inline, a PDF in a frame (and in a new tab), both downloadable. */
export function MenuFilePanel({ processId, file }: { processId: string; file: NonNullable<ReviewDetail['menu_file']> }) {
  const blob = useMenuFile(processId, true);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  const isPdf = file.type === 'application/pdf';

  const download = async () => {
    try {
      downloadBlob(await downloadMenuFile(processId), file.name);
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, 'Não foi possível baixar o cardápio.') });
    }
  };

  return (
    <>
      <Group justify="space-between" gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {file.name} · {isPdf ? 'PDF' : file.type === 'image/png' ? 'PNG' : 'JPG'} · {sizeText(file.size)}
        </Text>
        <Group gap="xs">
          {url && isPdf && (
            <Button
              component="a"
              href={url}
              target="_blank"
              rel="noopener"
              variant="default"
              size="xs"
              leftSection={<IconExternalLink size={16} />}
            >
              Abrir em nova aba
            </Button>
          )}
          <Button variant="light" size="xs" leftSection={<IconDownload size={16} />} onClick={() => void download()}>
            Baixar cardápio
          </Button>
        </Group>
      </Group>
      {blob.isError ? (
        <Text size="sm" c="red.9">
          {errorMessage(blob.error, 'Não foi possível carregar o cardápio.')}
        </Text>
      ) : !url ? (
        <Skeleton h={320} />
      ) : isPdf ? (
        <iframe
          src={url}
          title="Cardápio enviado (PDF)"
          style={{ width: '100%', height: 560, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
        />
      ) : (
        <img src={url} alt="Cardápio enviado" style={{ maxWidth: '100%', maxHeight: 720, objectFit: 'contain', borderRadius: 8 }} />
      )}
    </>
  );
}
