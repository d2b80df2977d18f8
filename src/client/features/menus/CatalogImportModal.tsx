import { Alert, Badge, Box, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { CatalogWine } from '../../../shared/catalog';
import { formatBRL } from '../../../shared/money';
import { countOf } from '../../../shared/plural';
import { CountryLabel } from '../../ui/CountryLabel';
import { ModalTitle } from '../../ui/ModalTitle';
import classes from './CatalogImportModal.module.css';
import { CATALOG_SEARCH_LIMIT, useCatalogSearch } from './menus-api';

interface Props {
  opened: boolean;
  onClose(): void;
  onSelect(wine: CatalogWine): void;
}

/** "Importar do catálogo": search the global catalogue; choosing a row (click, Enter or Space) pre-fills the wine form. */
export function CatalogImportModal({ opened, onClose, onSelect }: Props) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const search = useCatalogSearch(debounced, opened);
  const wines = search.data?.items ?? [];
  const total = search.data?.total ?? null;
  const phone = useMediaQuery('(max-width: 30em)');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<ModalTitle>Importar do catálogo</ModalTitle>}
      size="lg"
      fullScreen={phone}
      yOffset="6vh"
    >
      <Stack gap="sm">
        <TextInput
          label="Buscar no catálogo"
          placeholder="Nome, produtor, região ou uva"
          leftSection={<IconSearch size={16} />}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          data-autofocus
        />
        {search.isError ? (
          <Alert color="red" variant="light" role="alert">
            Falha na busca
          </Alert>
        ) : search.isPending ? (
          <Group justify="center" p="lg">
            <Loader size="sm" />
          </Group>
        ) : wines.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            Nenhum vinho encontrado{debounced ? ` para “${debounced}”` : ''}.
          </Text>
        ) : (
          <>
            <Text size="xs" c="dimmed">
              {total !== null && total > wines.length
                ? `Mostrando ${wines.length} de ${total} vinhos. Refine a busca para encontrar outros.`
                : countOf(wines.length, 'vinho encontrado', 'vinhos encontrados')}
            </Text>
            {/* A plain scrolling box: ScrollArea's table layout let long rows push the action out of the dialog. */}
            <Box mah="55vh" style={{ overflowY: 'auto' }}>
              <Stack gap="xs" component="ul" aria-label="Resultados da busca no catálogo" className={classes.list}>
                {wines.slice(0, CATALOG_SEARCH_LIMIT).map((w) => (
                  <li key={w.id}>
                    <UnstyledButton className={classes.row} onClick={() => onSelect(w)} aria-label={`Selecionar ${w.name}`}>
                      <div className={classes.text}>
                        <Text fw={600} className={classes.name}>
                          {w.name}
                          {w.vintage ? ` ${w.vintage}` : ''}
                        </Text>
                        {(w.producer || w.region) && (
                          <Text size="sm" c="dimmed" lineClamp={1}>
                            {[w.producer, w.region].filter(Boolean).join(' · ')}
                          </Text>
                        )}
                        <Group gap={6} mt={4}>
                          {w.country && (
                            <Text size="xs">
                              <CountryLabel country={w.country} />
                            </Text>
                          )}
                          {w.grape_variety && (
                            <Badge size="sm" variant="light" color="gray" tt="none" maw="100%">
                              {w.grape_variety}
                            </Badge>
                          )}
                          {w.wine_style && (
                            <Badge size="sm" variant="light" color="vinho" tt="none">
                              {w.wine_style}
                            </Badge>
                          )}
                          {w.price_reference !== null && (
                            <Text size="xs" c="dimmed">
                              Ref. {formatBRL(w.price_reference)}
                            </Text>
                          )}
                        </Group>
                      </div>
                      <span className={classes.action} aria-hidden="true">
                        Selecionar
                        <IconChevronRight size={16} />
                      </span>
                    </UnstyledButton>
                  </li>
                ))}
              </Stack>
            </Box>
          </>
        )}
      </Stack>
    </Modal>
  );
}
