import { Code } from '@mantine/core';
import type { ApiKeyCreated } from '../../../shared/api-keys';
import { ShownOnceModal } from '../../ui/ShownOnceModal';

/** The only time a key is shown: copy it now, it cannot be read again. */
export function NewKeyModal({ created, onClose }: { created: ApiKeyCreated; onClose(): void }) {
  return (
    <ShownOnceModal
      title="Chave criada"
      warning={{
        title: 'Copie a chave agora',
        text: 'Ela aparece só desta vez: o Adega guarda apenas um resumo dela. Se perder, revogue e crie outra.',
      }}
      lead={
        <>
          Chave <strong>{created.name}</strong>:
        </>
      }
      label="Chave de API"
      value={created.key}
      help={
        <>
          Use-a no cabeçalho de cada requisição: <Code>Authorization: Bearer {created.prefix}…</Code>
        </>
      }
      copyLabel="Copiar chave"
      copiedLabel="Copiada"
      doneLabel="Já copiei a chave"
      onClose={onClose}
    />
  );
}
