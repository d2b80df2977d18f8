import { Alert, Badge, Button, Code, Group, List, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { TotpSetup } from '../../../shared/two-step';
import { codeProblem } from '../../../shared/two-step-rules';
import { errorMessage } from '../../lib/api';
import { FormSection } from '../../ui/FormSection';
import { notifySuccess } from '../../ui/notify';
import { useConfirmTotp, useDisableTotp, useStartTotp, useTwoStep } from './two-step-api';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Two-step sign-in with an authenticator app: set up (QR code or the key as text, then a first code), the ten
 * recovery codes shown once, and turning it off (password and a code). `onEnabled`: what follows once it is on.
 */
export function TwoStepSection({ onEnabled }: { onEnabled?: () => void }) {
  const status = useTwoStep();
  const [recovery, setRecovery] = useState<string[] | null>(null);

  if (status.isPending) return <FormSection title="Verificação em duas etapas">{<Text c="dimmed">Carregando…</Text>}</FormSection>;
  if (status.isError)
    return (
      <FormSection title="Verificação em duas etapas">
        <Alert color="red">{errorMessage(status.error, 'Não foi possível carregar a verificação em duas etapas.')}</Alert>
      </FormSection>
    );

  return (
    <FormSection title="Verificação em duas etapas">
      {recovery ? (
        <RecoveryCodes
          codes={recovery}
          onDone={() => {
            setRecovery(null);
            onEnabled?.();
          }}
        />
      ) : status.data.totp_enabled ? (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color="green" variant="light">
              Ativada
            </Badge>
            <Text size="sm">Ao entrar com a senha, o Adega pede também um código do aplicativo autenticador.</Text>
          </Group>
          <Text size="sm">
            Códigos de recuperação não usados: <strong>{status.data.recovery_codes_left}</strong>
          </Text>
          {status.data.required ? (
            <Text size="sm" c="dimmed">
              A sua função exige a verificação em duas etapas: ela não pode ser desativada.
            </Text>
          ) : (
            <DisableTotp />
          )}
        </Stack>
      ) : (
        <SetUpTotp required={status.data.required} onCodes={setRecovery} />
      )}
    </FormSection>
  );
}

function SetUpTotp({ required, onCodes }: { required: boolean; onCodes: (codes: string[]) => void }) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = codeProblem(code);
    setCodeError(problem ?? null);
    if (problem) return;
    // mutateAsync, not mutate's callbacks: those are dropped if this form has unmounted, and the codes would be lost.
    confirm.mutateAsync(code).then(
      ({ recovery_codes }) => {
        notifySuccess('Verificação em duas etapas ativada.');
        onCodes(recovery_codes);
      },
      (err) => setCodeError(errorMessage(err, 'Não foi possível ativar. Tente novamente.')),
    );
  };

  if (!setup)
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {required ? 'A sua função exige a verificação em duas etapas. ' : 'Proteja a sua conta mesmo que alguém descubra a sua senha. '}
          Além da senha, o Adega vai pedir um código de 6 números do aplicativo autenticador do seu celular (Google Authenticator, Microsoft
          Authenticator, 1Password e outros).
        </Text>
        {start.isError && <Alert color="red">{errorMessage(start.error, 'Não foi possível começar a configuração.')}</Alert>}
        <Button loading={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: setSetup })}>
          Configurar aplicativo autenticador
        </Button>
      </Stack>
    );

  return (
    <Stack gap="md">
      <Text size="sm">1. No aplicativo autenticador, adicione uma conta lendo este QR code:</Text>
      <img
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_svg)}`}
        alt="QR code para adicionar o Adega ao aplicativo autenticador"
        width={200}
        height={200}
        style={{ background: '#fff' }}
      />
      <Text size="sm">Não consegue ler o QR code? Digite esta chave no aplicativo:</Text>
      <Code aria-label="Chave secreta" fz="md" style={{ wordBreak: 'break-all' }}>
        {grouped(setup.secret)}
      </Code>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={320}>
          <TextInput
            label="2. Digite o código que o aplicativo mostra"
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setCodeError(null);
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={32}
            error={codeError}
          />
          <Group>
            <Button type="submit" loading={confirm.isPending}>
              Ativar
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Códigos de recuperação do Adega (cada um vale uma vez):\n${codes.join('\n')}\n`;
  return (
    <Stack gap="sm">
      <Alert color="yellow" title="Guarde estes códigos de recuperação">
        Eles aparecem só agora. Se perder o celular, entre com a senha e um destes códigos; cada código vale uma vez.
      </Alert>
      <List aria-label="Códigos de recuperação" spacing={4} ff="monospace" listStyleType="none">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <Button
          variant="default"
          component="a"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="adega-codigos-de-recuperacao.txt"
        >
          Baixar códigos
        </Button>
        <Button onClick={onDone}>Já guardei os códigos</Button>
      </Group>
    </Stack>
  );
}

function DisableTotp() {
  const disable = useDisableTotp();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});

  if (!open)
    return (
      <Group>
        <Button variant="default" color="red" onClick={() => setOpen(true)}>
          Desativar verificação em duas etapas
        </Button>
      </Group>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { password: password ? undefined : 'Informe a sua senha.', code: codeProblem(code) };
    setErrors(found);
    if (found.password || found.code) return;
    disable.mutate(
      { password, code },
      {
        onSuccess: () => notifySuccess('Verificação em duas etapas desativada.'),
        onError: (err) => setErrors({ form: errorMessage(err, 'Não foi possível desativar.') }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={360}>
        <Text size="sm">Para desativar, confirme a sua senha e um código do aplicativo (ou de recuperação).</Text>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <TextInput
          label="Código"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          maxLength={32}
          error={errors.code}
        />
        <Group>
          <Button type="submit" color="red" loading={disable.isPending}>
            Desativar
          </Button>
          <Button variant="subtle" onClick={() => setOpen(false)}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
