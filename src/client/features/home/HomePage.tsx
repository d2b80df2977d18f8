import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconBook2, IconBuildingStore, IconChartBar, IconPlus, IconTruckDelivery, IconWand } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { MenuLinkButtons } from '../../ui/MenuLinkButtons';
import { useCreateSampleData, useEstablishments, useMenus } from './home-api';

const HOME_MENU_LIMIT = 5;

interface Shortcut {
  label: string;
  description: string;
  to: string;
  icon: ReactNode;
  ready: boolean;
}

const SHORTCUTS: Shortcut[] = [
  { label: 'Analytics', description: 'Receita, pedidos e comissões', to: '/analytics', icon: <IconChartBar size={22} />, ready: false },
  { label: 'Catálogo global', description: 'Vinhos para importar nas cartas', to: '/catalogo', icon: <IconBook2 size={22} />, ready: true },
  { label: 'Fornecedores', description: 'Parceiros e comissões', to: '/fornecedores', icon: <IconBuildingStore size={22} />, ready: false },
  { label: 'Pedidos', description: 'Compras dos estabelecimentos', to: '/pedidos', icon: <IconTruckDelivery size={22} />, ready: false },
];

export function HomePage() {
  const { user } = useSession();
  const establishments = useEstablishments();
  const menus = useMenus();
  const seed = useCreateSampleData();
  const canSeed = user?.role === 'admin' || user?.role === 'restaurant_manager';
  const canCreateEstablishment = canSeed;

  const confirmSeed = () =>
    modals.openConfirmModal({
      title: 'Criar dados de exemplo',
      children: (
        <Text size="sm">
          Vamos criar o estabelecimento “Pedra da Ilha” com uma carta completa e o catálogo global de vinhos. Você pode editar ou excluir
          tudo depois.
        </Text>
      ),
      labels: { confirm: 'Criar dados de exemplo', cancel: 'Cancelar' },
      onConfirm: () =>
        seed.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'green', title: 'Pronto!', message: 'Dados de exemplo criados com sucesso.' }),
          onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, 'Não foi possível criar os dados de exemplo.') }),
        }),
    });

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz={30}>
          Olá!
        </Title>
        <Text c="dimmed">Suas cartas de vinhos, estabelecimentos e o catálogo em um só lugar.</Text>
      </div>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {SHORTCUTS.map((s) =>
          s.ready ? (
            <Card key={s.to} component={Link} to={s.to} withBorder shadow="xs" padding="md">
              <ShortcutBody shortcut={s} />
            </Card>
          ) : (
            <Card key={s.to} withBorder shadow="xs" padding="md" aria-disabled style={{ opacity: 0.6 }}>
              <ShortcutBody shortcut={s} />
            </Card>
          ),
        )}
      </SimpleGrid>

      <Section
        title="Estabelecimentos"
        action={
          canCreateEstablishment && (
            <Button component={Link} to="/estabelecimento/novo" leftSection={<IconPlus size={18} />} variant="light">
              Novo estabelecimento
            </Button>
          )
        }
      >
        {establishments.isPending ? (
          <Skeleton h={120} />
        ) : establishments.isError ? (
          <Alert color="red">{errorMessage(establishments.error, 'Não foi possível carregar os estabelecimentos.')}</Alert>
        ) : establishments.data.length === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Stack align="center" gap="sm">
              <Text fw={600}>Nenhum estabelecimento ainda</Text>
              <Text c="dimmed" size="sm" maw={460}>
                Cadastre o seu restaurante para montar a primeira carta, ou explore o Adega com uma carta de exemplo completa.
              </Text>
              {canSeed && (
                <Button leftSection={<IconWand size={18} />} onClick={confirmSeed} loading={seed.isPending}>
                  Criar dados de exemplo
                </Button>
              )}
            </Stack>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {establishments.data.map((e) => (
              <Card key={e.id} withBorder shadow="xs" padding="lg">
                <Stack gap={6} h="100%">
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={e.logo} alt="" radius="md" size={44} color="vinho" variant="light">
                      {e.name.slice(0, 2).toUpperCase()}
                    </Avatar>
                    <div style={{ minWidth: 0 }}>
                      <Text fw={700} fz="lg" truncate>
                        {e.name}
                      </Text>
                      {typeof e.menu_count === 'number' && (
                        <Text size="xs" c="dimmed">
                          {e.menu_count === 1 ? '1 carta' : `${e.menu_count} cartas`}
                        </Text>
                      )}
                    </div>
                  </Group>
                  {e.description && (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {e.description}
                    </Text>
                  )}
                  {e.sommelier && <Text size="sm">Sommelier: {e.sommelier}</Text>}
                  {e.address && (
                    <Text size="sm" c="dimmed">
                      {e.address}
                    </Text>
                  )}
                  <Group gap="xs" mt="auto" pt="sm">
                    {canCreateEstablishment && (
                      <Button component={Link} to={`/estabelecimento/${e.id}/editar`} size="xs" variant="default">
                        Editar
                      </Button>
                    )}
                    <Button component={Link} to={`/cartas?establishment_id=${e.id}`} size="xs" variant="light">
                      Ver Cartas
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Section>

      <Section
        title="Cartas"
        action={
          user?.role !== 'supplier' && (
            <Button component={Link} to="/carta/nova" leftSection={<IconPlus size={18} />} variant="light">
              Nova carta
            </Button>
          )
        }
      >
        {menus.isPending ? (
          <Skeleton h={120} />
        ) : menus.isError ? (
          <Alert color="red">{errorMessage(menus.error, 'Não foi possível carregar as cartas.')}</Alert>
        ) : menus.data.length === 0 ? (
          <Text c="dimmed">Nenhuma carta criada ainda.</Text>
        ) : (
          <Paper withBorder shadow="xs" style={{ overflowX: 'auto' }}>
            <Table verticalSpacing="sm" horizontalSpacing="md" miw={560}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Carta</Table.Th>
                  <Table.Th>Estabelecimento</Table.Th>
                  <Table.Th>Vinhos</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">Ações</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {menus.data.slice(0, HOME_MENU_LIMIT).map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td fw={600}>{m.name}</Table.Td>
                    <Table.Td>{m.establishment_name}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray">
                        {m.wine_count}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <MenuLinkButtons menu={m} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {menus.data.length > HOME_MENU_LIMIT && (
              <Text size="sm" c="dimmed" p="sm">
                Mostrando {HOME_MENU_LIMIT} de {menus.data.length} cartas. Veja todas em{' '}
                <Anchor component={Link} to="/cartas">
                  Cartas
                </Anchor>
                .
              </Text>
            )}
          </Paper>
        )}
      </Section>
    </Stack>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz={22}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </section>
  );
}

function ShortcutBody({ shortcut }: { shortcut: Shortcut }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size={40} radius="md">
        {shortcut.icon}
      </ThemeIcon>
      <div>
        <Text fw={600}>{shortcut.label}</Text>
        <Text size="xs" c="dimmed">
          {shortcut.ready ? shortcut.description : 'Em breve'}
        </Text>
      </div>
    </Group>
  );
}
