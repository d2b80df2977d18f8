import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { ApiKeyCreated } from '../../../shared/api-keys';

/** The only time a key is shown: copy it now, it cannot be read again. */
export function NewKeyModal({ created, onClose }: { created: ApiKeyCreated; onClose(): void }) {
  return (
    <Modal opened onClose={onClose} title="Chave criada" centered size="lg">
      <Stack gap="sm">
        <Alert color="yellow" title="Copie a chave agora">
          Ela aparece só desta vez: o Adega guarda apenas um resumo dela. Se perder, revogue e crie outra.
        </Alert>
        <Text size="sm">
          Chave <strong>{created.name}</strong>:
        </Text>
        <Code block aria-label="Chave de API" fz="sm" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {created.key}
        </Code>
        <Text size="sm" c="dimmed">
          Use-a no cabeçalho de cada requisição: <Code>Authorization: Bearer {created.prefix}…</Code>
        </Text>
        <Group justify="flex-end">
          <CopyButton value={created.key}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copiada' : 'Copiar chave'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Já copiei a chave</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
