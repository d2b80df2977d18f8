import { Alert, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { MENU_SENT } from '../../../shared/onboarding';

/** After the menu arrived: what happens next, in the owner's words. */
export function SubmittedPanel({ contactEmail }: { contactEmail: string }) {
  return (
    <Stack gap="md" align="center" ta="center" py="md">
      <ThemeIcon size={56} radius="xl" color="green" variant="light">
        <IconCircleCheck size={34} />
      </ThemeIcon>
      <Alert color="green" variant="light" role="status" w="100%">
        {MENU_SENT}
      </Alert>
      <Title order={2} fz={20}>
        Cadastro enviado para análise
      </Title>
      <Text size="sm" c="dimmed" maw={460}>
        Nossa equipe vai conferir seus dados e o cardápio. Quando o cadastro for aprovado, enviamos ao e-mail{' '}
        <Text span fw={600} c="dark">
          {contactEmail}
        </Text>{' '}
        um convite para você criar sua senha e acessar o painel. O link do convite vale por 7 dias.
      </Text>
    </Stack>
  );
}
