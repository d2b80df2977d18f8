import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from '../../lib/session';
import { TwoStepSection } from './TwoStepSection';

/**
 * What a person whose role requires two-step sign-in sees right after the password, whatever page they asked for,
 * until it is on (the server refuses every other call: docs/decisions/0094).
 */
export function TwoStepSetupPage() {
  const queryClient = useQueryClient();
  return (
    <Container size={640} py="xl" component="main">
      <Stack gap="lg">
        <div>
          <Title order={1} fz="h2">
            Configure a verificação em duas etapas
          </Title>
          <Text mt="xs">
            A sua função no Adega exige um segundo passo ao entrar: sem ele, uma senha vazada abriria a sua conta. Configure o aplicativo
            autenticador para continuar.
          </Text>
        </div>
        <TwoStepSection onEnabled={() => queryClient.invalidateQueries({ queryKey: ['session'] })} />
        <Group>
          <Button variant="subtle" onClick={logout}>
            Sair
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
