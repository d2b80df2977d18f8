import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { formatPhone, maskCnpj } from '../../../shared/field-rules';
import { CHECKED_FIELDS, type CheckedField, type CheckStatus, ONBOARDING_TEXTS, type OnboardingForm } from '../../../shared/onboarding';
import { errorMessage } from '../../lib/api';
import { CheckStatusBadge, VALID_GREEN } from './CheckStatusBadge';
import { cnpjMask, type Mask, phoneMask } from './masks';
import { validateField } from './onboarding-api';

const MASKS: Partial<Record<CheckedField, Mask>> = { cnpj: cnpjMask, phone: phoneMask };
const LABELS: Record<CheckedField, string> = { cnpj: 'CNPJ', email: 'E-mail', phone: 'Telefone' };
const INPUT_TYPES: Record<CheckedField, { type: string; inputMode: 'text' | 'email' | 'tel' }> = {
  cnpj: { type: 'text', inputMode: 'text' },
  email: { type: 'email', inputMode: 'email' },
  phone: { type: 'tel', inputMode: 'tel' },
};

interface Check {
  value: string;
  status: CheckStatus;
  message: string | null;
}

interface Props {
  processId: string;
  saved: OnboardingForm;
  onBack(): void;
  onAllValid(): void;
}

/**
 * Step 2, 'Validação de Dados': CNPJ, e-mail and phone, each with its status and a Validar button; 'Validar Todos'
 * checks the three and moves on only when all are valid (SPEC §4).
 */
export function ValidationStep({ processId, saved, onBack, onAllValid }: Props) {
  const [checks, setChecks] = useState<Record<CheckedField, Check>>(() => ({
    cnpj: { value: saved.cnpj, status: 'pending', message: null },
    email: { value: saved.email, status: 'pending', message: null },
    phone: { value: saved.phone, status: 'pending', message: null },
  }));
  const [blocked, setBlocked] = useState(false);
  const busy = CHECKED_FIELDS.some((f) => checks[f].status === 'validating');

  const update = (field: CheckedField, change: Partial<Check>) => setChecks((all) => ({ ...all, [field]: { ...all[field], ...change } }));

  /** SPEC §5: only with a process and a value. Answers the resulting status. */
  async function run(field: CheckedField): Promise<CheckStatus> {
    const value = checks[field].value.trim();
    if (!value) {
      update(field, { status: 'invalid', message: `Informe o ${LABELS[field]}.` });
      return 'invalid';
    }
    update(field, { status: 'validating', message: null });
    try {
      const result = await validateField(processId, field, value);
      update(field, { status: 'valid', message: result.message || ONBOARDING_TEXTS.checkPassed, value: display(field, result.value) });
      return 'valid';
    } catch (err) {
      update(field, { status: 'invalid', message: errorMessage(err, ONBOARDING_TEXTS.checkFailed) });
      return 'invalid';
    }
  }

  async function runAll() {
    setBlocked(false);
    const results = await Promise.all(CHECKED_FIELDS.map(run));
    if (results.every((s) => s === 'valid')) onAllValid();
    else setBlocked(true);
  }

  return (
    <Stack gap="md" mt="md">
      <Text size="sm" c="dimmed">
        Confira os dados abaixo. Você pode corrigir um valor aqui mesmo antes de validar.
      </Text>
      {CHECKED_FIELDS.map((field) => (
        <CheckRow
          key={field}
          field={field}
          check={checks[field]}
          onChange={(value, atEnd) =>
            update(field, { value: atEnd ? (MASKS[field]?.(value) ?? value) : value, status: 'pending', message: null })
          }
          onValidate={() => void run(field)}
        />
      ))}
      {blocked && (
        <Alert color="yellow" variant="light" role="alert">
          Para enviar o cardápio, os três dados precisam estar válidos.
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Button variant="default" size="md" leftSection={<IconArrowLeft size={18} />} onClick={onBack} disabled={busy}>
          Voltar
        </Button>
        <Button size="md" leftSection={<IconChecks size={18} />} onClick={() => void runAll()} loading={busy}>
          Validar Todos
        </Button>
      </Group>
    </Stack>
  );
}

const display = (field: CheckedField, value: string) =>
  field === 'cnpj' ? maskCnpj(value) : field === 'phone' ? formatPhone(value) : value;

function CheckRow({
  field,
  check,
  onChange,
  onValidate,
}: {
  field: CheckedField;
  check: Check;
  onChange(v: string, atEnd: boolean): void;
  onValidate(): void;
}) {
  const inputId = `check-${field}`;
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`check-${field}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text component="label" htmlFor={inputId} fw={600} size="sm">
            {LABELS[field]}
          </Text>
          <CheckStatusBadge status={check.status} />
        </Group>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            id={inputId}
            value={check.value}
            onChange={(e) => onChange(e.currentTarget.value, e.currentTarget.selectionStart === e.currentTarget.value.length)}
            {...INPUT_TYPES[field]}
            style={{ flex: 1, minWidth: 0 }}
            error={check.status === 'invalid'}
            aria-describedby={check.message ? `${inputId}-message` : undefined}
          />
          <Button variant="light" onClick={onValidate} loading={check.status === 'validating'} aria-label={`Validar ${LABELS[field]}`}>
            Validar
          </Button>
        </Group>
        {check.message && (
          <Text id={`${inputId}-message`} size="sm" c={check.status === 'valid' ? VALID_GREEN : 'red.9'}>
            {check.message}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
