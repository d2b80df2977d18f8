import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={420}>
        <Title order={1} fz={26}>
          {notFound ? 'Página não encontrada' : 'Algo deu errado'}
        </Title>
        <Text c="dimmed" ta="center">
          {notFound ? 'O endereço que você abriu não existe no painel.' : 'Recarregue a página. Se o problema continuar, tente mais tarde.'}
        </Text>
        <Button component={Link} to="/">
          Voltar ao início
        </Button>
      </Stack>
    </Center>
  );
}

/** Inside the admin layout: an address no screen answers. */
export function NotFoundPage() {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm">
        <Title order={1} fz={26}>
          Página não encontrada
        </Title>
        <Text c="dimmed">O endereço que você abriu não existe no painel.</Text>
        <Button component={Link} to="/">
          Voltar ao início
        </Button>
      </Stack>
    </Center>
  );
}
