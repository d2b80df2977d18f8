import { Alert, Anchor, Avatar, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAddressBook,
  IconBook2,
  IconBottle,
  IconBuildingStore,
  IconChartBar,
  IconChartDots,
  IconFileImport,
  IconPackage,
  IconTruckDelivery,
  IconUserPlus,
  IconWand,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { countOf } from '../../../shared/plural';
import type { Role } from '../../../shared/roles';
import { permissionForPath } from '../../app/route-permissions';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { allows, useCan, usePolicy } from '../../lib/use-can';
import { MenuRows } from '../../ui/MenuRows';
import { NewButton } from '../../ui/NewButton';
import { useScreenTitle } from '../../ui/PageHeader';
import type { ShownQuery } from '../../ui/QueryView';
import { BackupStatusPanel } from './BackupStatusPanel';
import { FailedMailPanel } from './FailedMailPanel';
import { useCreateSampleData, useEstablishments, useMenus } from './home-api';

const HOME_MENU_LIMIT = 5;

interface Shortcut {
  label: string;
  description: string;
  /** A screen of shared/admin-routes.ts: the card shows only to users its route lets in. */
  to: string;
  Icon: TablerIcon;
}

/** The home's cards, in order; each role sees those whose screen it may open (the route's access, the shared policy). */
const SHORTCUTS: Shortcut[] = [
  { label: 'Adega da casa', description: 'Garrafas em estoque, entradas e recontagem', to: '/adega', Icon: IconBottle },
  { label: 'Insights da carta', description: 'O que os clientes buscam e abrem na carta', to: '/insights', Icon: IconChartDots },
  { label: 'Indicadores', description: 'Receita, pedidos e comissões', to: '/analytics', Icon: IconChartBar },
  { label: 'Catálogo global', description: 'Vinhos de referência, com ficha técnica', to: '/catalogo', Icon: IconBook2 },
  { label: 'Fornecedores', description: 'Parceiros e comissões', to: '/fornecedores', Icon: IconBuildingStore },
  { label: 'Pedidos', description: 'Compras dos estabelecimentos', to: '/pedidos', Icon: IconTruckDelivery },
  { label: 'Cadastros', description: 'Restaurantes que se cadastraram pelo site', to: '/onboarding/cadastros', Icon: IconUserPlus },
  { label: 'Produtos', description: 'Estoque, categorias e preços', to: '/produtos/gerenciar', Icon: IconPackage },
  { label: 'Importar produtos', description: 'Sua planilha de preços e estoque', to: '/produtos/importar', Icon: IconFileImport },
  { label: 'CRM', description: 'Leads, oportunidades e atividades', to: '/crm', Icon: IconAddressBook },
];

const INTRO: Record<Role, string> = {
  admin: 'Suas cartas de vinhos, estabelecimentos e o catálogo em um só lugar.',
  restaurant_manager: 'Os estabelecimentos que você gerencia, suas cartas de vinhos, a adega da casa e o catálogo.',
  sommelier: 'As cartas de vinhos e a adega dos seus estabelecimentos, o que os clientes buscam na carta e o catálogo global.',
  supplier: 'Os pedidos que os restaurantes fazem a você, seus produtos e seu estoque, e o catálogo global de vinhos.',
};

export function HomePage() {
  const { user } = useSession();
  useScreenTitle('Início');
  const canDo = usePolicy();
  const seesEstablishments = canDo('establishments', 'read');
  const seesMenus = canDo('menus', 'read');
  const shortcuts = SHORTCUTS.filter((s) => {
    const required = permissionForPath(s.to);
    return !required || allows(canDo, required);
  });

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz={30}>
          Olá!
        </Title>
        <Text c="dimmed">{user ? INTRO[user.role] : null}</Text>
      </div>

      <SimpleGrid component="nav" aria-label="Atalhos" cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        {shortcuts.map((s) => (
          <Card key={s.to} component={Link} to={s.to} withBorder shadow="xs" padding="md">
            <ShortcutBody shortcut={s} />
          </Card>
        ))}
      </SimpleGrid>

      <BackupStatusPanel />
      <FailedMailPanel />
      {seesEstablishments && <EstablishmentsSection />}
      {seesMenus && <MenusSection />}
    </Stack>
  );
}

/** A section's list: a skeleton while it loads, a red line when it cannot be loaded. */
function SectionQuery<T>({ query, failed, children }: { query: ShownQuery<T>; failed: string; children(rows: T): ReactNode }) {
  if (query.isError) return <Alert color="red">{errorMessage(query.error, failed)}</Alert>;
  if (query.data === undefined) return <Skeleton h={120} />;
  return children(query.data);
}

function EstablishmentsSection() {
  const establishments = useEstablishments();
  const seed = useCreateSampleData();
  const canSeed = useCan('seed', 'create');
  const canCreateEstablishment = useCan('establishments', 'create');
  const canEditEstablishment = useCan('establishments', 'update');

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
    <Section title="Estabelecimentos" newItem={canCreateEstablishment && { to: '/estabelecimento/novo', label: 'Novo estabelecimento' }}>
      <SectionQuery query={establishments} failed="Não foi possível carregar os estabelecimentos.">
        {(rows) =>
          rows.length === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Stack align="center" gap="sm">
                <Text fw={600}>Nenhum estabelecimento ainda</Text>
                <Text c="dimmed" size="sm" maw={460}>
                  {canCreateEstablishment
                    ? 'Cadastre o seu restaurante para montar a primeira carta, ou explore o Adega com uma carta de exemplo completa.'
                    : 'Peça a um administrador para vincular você a um estabelecimento.'}
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
              {rows.map((e) => (
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
                            {countOf(e.menu_count, 'carta', 'cartas')}
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
                      {canEditEstablishment && (
                        <Button component={Link} to={`/estabelecimento/${e.id}/editar`} size="xs" variant="default">
                          Editar
                        </Button>
                      )}
                      <Button component={Link} to={`/cartas?establishment_id=${e.id}`} size="xs" variant="light">
                        Ver cartas
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          )
        }
      </SectionQuery>
    </Section>
  );
}

function MenusSection() {
  const menus = useMenus();
  const canCreate = useCan('menus', 'create');
  const canUpdate = useCan('menus', 'update');
  return (
    <Section title="Cartas" newItem={canCreate && { to: '/carta/nova', label: 'Nova carta' }}>
      <SectionQuery query={menus} failed="Não foi possível carregar as cartas.">
        {(rows) =>
          rows.length === 0 ? (
            <Text c="dimmed">Nenhuma carta criada ainda.</Text>
          ) : (
            <>
              <MenuRows menus={rows.slice(0, HOME_MENU_LIMIT)} subtitle={(m) => m.establishment_name} canEdit={canUpdate} />
              {rows.length > HOME_MENU_LIMIT && (
                <Text size="sm" c="dimmed" p="sm">
                  Mostrando {HOME_MENU_LIMIT} de {rows.length} cartas. Veja todas em{' '}
                  {/* Underlined: inside a sentence, colour alone would not tell it is a link (axe link-in-text-block). */}
                  <Anchor component={Link} to="/cartas" underline="always">
                    Cartas
                  </Anchor>
                  .
                </Text>
              )}
            </>
          )
        }
      </SectionQuery>
    </Section>
  );
}

/** A titled part of the home page; `newItem` puts its "Novo …" link on the right. */
function Section({ title, newItem, children }: { title: string; newItem: { to: string; label: string } | false; children: ReactNode }) {
  return (
    <section>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz={22}>
          {title}
        </Title>
        {newItem && (
          <NewButton to={newItem.to} variant="light">
            {newItem.label}
          </NewButton>
        )}
      </Group>
      {children}
    </section>
  );
}

function ShortcutBody({ shortcut }: { shortcut: Shortcut }) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-start">
      <ThemeIcon variant="light" size={40} radius="md">
        <shortcut.Icon size={22} />
      </ThemeIcon>
      <div style={{ flex: '1 1 110px', minWidth: 0 }}>
        <Text fw={600}>{shortcut.label}</Text>
        <Text size="xs" c="dimmed">
          {shortcut.description}
        </Text>
      </div>
    </Group>
  );
}
