import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../../shared/time';
import { TWO_STEP_TEXTS } from '../../../shared/two-step-rules';
import { errorMessage } from '../../lib/api';
import { confirmDelete } from '../../ui/confirm';
import { FormSection } from '../../ui/FormSection';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useAddPasskey, useRemovePasskey, useTwoStep } from './two-step-api';

/** The browser's own refusals carry English names (NotAllowedError...): said in Portuguese instead. */
const passkeyError = (err: unknown) =>
  errorMessage(err, 'A passkey não foi criada: o pedido foi cancelado ou o aparelho não permitiu. Tente de novo.');

/** Passkeys: sign in with the phone's or computer's lock (fingerprint, face, PIN) instead of password and code. */
export function PasskeysSection() {
  const status = useTwoStep();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(TWO_STEP_TEXTS.passkeyNameRequired);
      return;
    }
    add.mutate(name.trim(), {
      onSuccess: () => {
        setName('');
        notifySuccess('Passkey adicionada. Na próxima vez, use "Entrar com passkey".');
      },
    });
  };

  const keys = status.data?.passkeys ?? [];
  return (
    <FormSection title="Passkeys">
      <Text size="sm" c="dimmed">
        Entre com a digital, o rosto ou o PIN do aparelho, sem digitar senha nem código.
      </Text>
      {keys.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Suas passkeys">
          {keys.map((key) => (
            <Group key={key.id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text fw={600}>{key.name}</Text>
                <Text size="sm" c="dimmed">
                  Adicionada em {formatDateTime(key.created_at)}
                  {key.last_used_at ? ` · último uso em ${formatDateTime(key.last_used_at)}` : ' · ainda não usada'}
                </Text>
              </div>
              <Button
                variant="default"
                color="red"
                size="xs"
                aria-label={`Remover passkey ${key.name}`}
                onClick={() =>
                  confirmDelete({
                    title: 'Remover passkey?',
                    message: 'Este aparelho não vai mais poder entrar no Adega com ela.',
                    name: key.name,
                    confirmLabel: 'Remover',
                    onConfirm: () =>
                      remove.mutate(key.id, {
                        onSuccess: () => notifySuccess('Passkey removida.'),
                        onError: (err) => notifyError(errorMessage(err, 'Não foi possível remover a passkey.')),
                      }),
                  })
                }
              >
                Remover
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {supported ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm" maw={360}>
            {add.isError && (
              <Alert color="red" role="alert">
                {passkeyError(add.error)}
              </Alert>
            )}
            <TextInput
              label="Nome da passkey"
              placeholder="Ex.: Celular, Notebook"
              value={name}
              maxLength={60}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(null);
              }}
              error={nameError}
            />
            <Group>
              <Button type="submit" variant="light" loading={add.isPending}>
                Adicionar passkey
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Text size="sm">Este navegador não permite passkeys.</Text>
      )}
    </FormSection>
  );
}
