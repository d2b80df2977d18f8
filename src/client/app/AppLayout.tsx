import { ActionIcon, Anchor, AppShell, Badge, Burger, Button, Container, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ROLE_LABELS } from '../../shared/roles';
import { logout, useSession } from '../lib/session';
import { allows, usePolicy } from '../lib/use-can';
import { BrandMark } from '../ui/BrandMark';
import classes from './AppLayout.module.css';
import { DrawerNav, HeaderNav } from './MainNav';
import { NoAccessPage } from './NoAccessPage';
import { navSections } from './nav-items';
import { permissionForPath } from './route-permissions';

export function AppLayout() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [drawerOpen, drawer] = useDisclosure(false);
  const canDo = usePolicy();
  const { pathname, state } = useLocation();
  const sections = navSections((item) => !item.permission || allows(canDo, item.permission));
  const required = permissionForPath(pathname);
  const mayOpen = !required || allows(canDo, required);
  // Just signed in to a page remembered from someone else's session that this user may not open: the home screen.
  const justSignedIn = (state as { afterLogin?: unknown } | null)?.afterLogin === true;
  const onLogout = () => {
    logout();
    navigate('/login', { replace: true });
  };

  if (!mayOpen && justSignedIn) return <Navigate to="/" replace />;

  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="xl" wrap="nowrap" className={classes.left}>
              <Burger opened={drawerOpen} onClick={drawer.toggle} hiddenFrom="md" size="sm" color="white" aria-label="Abrir menu" />
              <UnstyledButton component={NavLink} to="/" aria-label="Adega — início">
                <BrandMark light />
              </UnstyledButton>
              <HeaderNav sections={sections} pathname={pathname} />
            </Group>
            <Group gap="sm" wrap="nowrap" miw={0} style={{ flexShrink: 0 }}>
              <Stack gap={0} align="flex-end" miw={0}>
                <Anchor
                  component={NavLink}
                  to="/conta"
                  size="sm"
                  c="white"
                  fw={500}
                  truncate="end"
                  maw={{ base: 130, xs: 220, lg: 280 }}
                  title="Minha conta"
                  className={classes.account}
                  data-testid="header-email"
                >
                  {user?.email}
                </Anchor>
                {user && (
                  <Badge size="xs" variant="light" color="gray" className={classes.role} visibleFrom="xs">
                    {ROLE_LABELS[user.role]}
                  </Badge>
                )}
              </Stack>
              <Button variant="white" color="vinho" size="sm" leftSection={<IconLogout size={16} />} onClick={onLogout} visibleFrom="xs">
                Sair
              </Button>
              <ActionIcon variant="white" color="vinho" size="lg" aria-label="Sair" onClick={onLogout} hiddenFrom="xs">
                <IconLogout size={18} />
              </ActionIcon>
            </Group>
          </Group>
        </Container>
      </AppShell.Header>

      <Drawer opened={drawerOpen} onClose={drawer.close} title={<BrandMark />} size="xs" hiddenFrom="md">
        <Text size="sm" c="dimmed" mb="md">
          {user?.email}
        </Text>
        <DrawerNav sections={[...sections, { items: [{ label: 'Minha conta', to: '/conta' }] }]} onNavigate={drawer.close} />
      </Drawer>

      <AppShell.Main>
        <Container size="xl" py="md">
          {mayOpen ? <Outlet /> : <NoAccessPage />}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
