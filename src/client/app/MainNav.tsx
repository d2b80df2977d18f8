import { Box, NavLink as MantineNavLink, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import classes from './AppLayout.module.css';
import type { NavItem, NavSection } from './nav-items';

const isCurrent = (item: NavItem, pathname: string) =>
  item.to === '/' ? pathname === '/' : pathname === item.to || pathname.startsWith(`${item.to}/`);

/** The header's bar from 992 px: the ungrouped links, then one menu per group (a plain link when it has one item). */
export function HeaderNav({ sections, pathname }: { sections: NavSection[]; pathname: string }) {
  return (
    <Box component="nav" aria-label="Navegação principal" visibleFrom="md" className={classes.nav}>
      {sections.map((section) =>
        !section.group || section.items.length === 1 ? (
          section.items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className={classes.link}>
              {item.label}
            </NavLink>
          ))
        ) : (
          // Inside the <nav> (no portal), so the menu's links are part of the page's navigation landmark.
          <Menu key={section.group} position="bottom-start" offset={6} withinPortal={false} shadow="md" width={240}>
            <Menu.Target>
              <UnstyledButton className={classes.link} data-current={section.items.some((i) => isCurrent(i, pathname)) || undefined}>
                {section.group}
                <IconChevronDown size={14} className={classes.chevron} aria-hidden />
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {section.items.map((item) => (
                <Menu.Item key={item.to} component={NavLink} to={item.to} end className={classes.menuLink}>
                  {item.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ),
      )}
    </Box>
  );
}

/** The same sections in the burger's drawer below 992 px, each group under its name. */
export function DrawerNav({ sections, onNavigate }: { sections: NavSection[]; onNavigate(): void }) {
  return (
    <nav aria-label="Navegação principal">
      {sections.map((section, index) => (
        <div key={section.group ?? `top-${index}`} className={classes.drawerSection}>
          {section.group && (
            <Text component="h2" size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mt="sm" mb={2}>
              {section.group}
            </Text>
          )}
          {section.items.map((item) => (
            <MantineNavLink key={item.to} component={NavLink} to={item.to} end label={item.label} onClick={onNavigate} />
          ))}
        </div>
      ))}
    </nav>
  );
}
