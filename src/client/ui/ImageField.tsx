import { ActionIcon, Box, Group, Image, Input, Loader, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { Dropzone, type FileRejection, MIME_TYPES } from '@mantine/dropzone';
import { IconPhoto, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { isUploadsPath } from '../../shared/field-rules';
import { errorMessage, uploadImage } from '../lib/api';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPT = [MIME_TYPES.jpeg, MIME_TYPES.png, MIME_TYPES.webp];

interface Props {
  label: string;
  value: string | null | undefined;
  onChange(value: string | null): void;
  description?: string;
  /** Also offer a text box for an image address (http(s)). */
  allowUrl?: boolean;
  error?: string;
  /** Alt text of the preview. */
  previewAlt?: string;
}

function rejectionMessage(rejections: FileRejection[]): string {
  const code = rejections[0]?.errors[0]?.code;
  if (code === 'file-too-large') return 'Imagem grande demais. Tamanho máximo: 5 MB.';
  if (code === 'file-invalid-type') return 'Formato de imagem não suportado. Envie JPEG, PNG ou WebP.';
  return 'Envie uma única imagem JPEG, PNG ou WebP de até 5 MB.';
}

/** Upload (POST /api/upload-image) with a preview of the current or new image; optionally an address instead. */
export function ImageField({ label, value, onChange, description, allowUrl, error, previewAlt }: Props) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const urlId = useId();

  const onDrop = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setUploadError(null);
    setUploading(true);
    try {
      onChange(await uploadImage(file));
    } catch (err) {
      setUploadError(errorMessage(err, 'Não foi possível enviar a imagem. Tente novamente.'));
    } finally {
      setUploading(false);
    }
  };

  const shownError = uploadError ?? error;

  return (
    <Input.Wrapper label={label} description={description} error={shownError}>
      <Group align="stretch" gap="md" mt={6} wrap="nowrap">
        <Paper
          withBorder
          radius="md"
          w={132}
          h={132}
          style={{ flexShrink: 0, overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fff' }}
        >
          {value && broken !== value ? (
            <Box pos="relative" w="100%" h="100%">
              <Image
                src={value}
                alt={previewAlt ?? `Pré-visualização: ${label}`}
                fit="contain"
                w="100%"
                h="100%"
                onError={() => setBroken(value)}
              />
              <Tooltip label="Remover imagem">
                <ActionIcon
                  pos="absolute"
                  top={4}
                  right={4}
                  size="sm"
                  color="red"
                  variant="white"
                  aria-label={`Remover ${label.toLowerCase()}`}
                  onClick={() => onChange(null)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            </Box>
          ) : (
            <Stack align="center" gap={4} c="dimmed">
              <IconPhoto size={32} stroke={1.3} />
              <Text size="xs">{value ? 'Imagem indisponível' : 'Sem imagem'}</Text>
            </Stack>
          )}
        </Paper>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Dropzone
            onDrop={onDrop}
            onReject={(r) => setUploadError(rejectionMessage(r))}
            accept={ACCEPT}
            maxSize={MAX_IMAGE_BYTES}
            multiple={false}
            loading={uploading}
            radius="md"
            p="md"
            aria-label={`Enviar ${label.toLowerCase()}`}
          >
            <Group justify="center" gap="sm" mih={allowUrl ? 56 : 96} wrap="nowrap" style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <IconUpload size={28} color="var(--mantine-color-vinho-6)" />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={28} color="var(--mantine-color-red-6)" />
              </Dropzone.Reject>
              <Dropzone.Idle>
                {uploading ? <Loader size="sm" /> : <IconUpload size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />}
              </Dropzone.Idle>
              <div>
                <Text size="sm" fw={500}>
                  {value ? 'Arraste outra imagem ou clique para trocar' : 'Arraste a imagem aqui ou clique para escolher'}
                </Text>
                <Text size="xs" c="dimmed">
                  JPEG, PNG ou WebP, até 5 MB
                </Text>
              </div>
            </Group>
          </Dropzone>
          {allowUrl && (
            <TextInput
              id={urlId}
              size="sm"
              aria-label={`Endereço da ${label.toLowerCase()}`}
              placeholder="ou cole o endereço: https://…"
              // An uploaded file shows in the preview; its internal /uploads/ path is not something to read or edit.
              value={value && !isUploadsPath(value) ? value : ''}
              onChange={(e) => onChange(e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)}
            />
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
