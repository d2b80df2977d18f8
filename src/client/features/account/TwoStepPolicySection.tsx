import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '../../../shared/roles';
import { errorMessage } from '../../lib/api';
import { FormSection } from '../../ui/FormSection';
import { mutationToasts } from '../../ui/notify';
import { useSaveTwoStepPolicy, useTwoStepPolicy } from './two-step-api';

/** Admins only: which roles must use two-step sign-in. Whoever has such a role and no app set up is sent to set it up. */
export function TwoStepPolicySection() {
  const policy = useTwoStepPolicy(true);
  const save = useSaveTwoStepPolicy();
  const [roles, setRoles] = useState<Role[]>([]);
  useEffect(() => {
    if (policy.data) setRoles(policy.data.required_roles);
  }, [policy.data]);

  const changed = policy.data && [...roles].sort().join() !== [...policy.data.required_roles].sort().join();
  return (
    <FormSection title="Exigir verificação em duas etapas">
      <Text size="sm" c="dimmed">
        Quem tem uma função marcada e ainda não configurou o aplicativo autenticador é levado à configuração logo depois da senha, e não
        consegue fazer mais nada até concluir.
      </Text>
      {policy.isError && <Alert color="red">{errorMessage(policy.error, 'Não foi possível carregar a regra.')}</Alert>}
      {policy.data && (
        <Checkbox.Group
          label="Funções que precisam da verificação em duas etapas"
          value={roles}
          onChange={(value) => setRoles(value as Role[])}
        >
          <Stack gap="xs" mt="xs">
            {ROLES.map((role) => (
              <Checkbox key={role} value={role} label={ROLE_LABELS[role]} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Group>
        <Button
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(roles, mutationToasts('Regra da verificação em duas etapas salva.', 'Não foi possível salvar a regra.'))
          }
        >
          Salvar regra
        </Button>
      </Group>
    </FormSection>
  );
}
