import { Alert, Badge, Button, Group, Loader, Modal, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { CatalogWine } from '../../../shared/catalog';
import { formatBRL } from '../../../shared/money';
import { CountryLabel } from '../../ui/CountryLabel';
import { CATALOG_SEARCH_LIMIT, useCatalogSearch } from './menus-api';

interface Props {
  opened: boolean;
  onClose(): void;
  onSelect(wine: CatalogWine): void;
}

/** "Importar do catálogo": search the global catalogue; Selecionar pre-fills the wine form. */
export function CatalogImportModal({ opened, onClose, onSelect }: Props) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const search = useCatalogSearch(debounced, opened);
  const wines = search.data?.items ?? [];
  const total = search.data?.total ?? null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} fz="lg">
          Importar do catálogo
        </Text>
      }
      size="lg"
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
                : `${wines.length} ${wines.length === 1 ? 'vinho encontrado' : 'vinhos encontrados'}`}
            </Text>
            <ScrollArea.Autosize mah="55vh" offsetScrollbars>
              <Stack gap="xs" aria-label="Resultados da busca no catálogo" role="list">
                {wines.slice(0, CATALOG_SEARCH_LIMIT).map((w) => (
                  <Paper key={w.id} withBorder p="sm" role="listitem">
                    <Group justify="space-between" wrap="nowrap" gap="md">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} truncate>
                          {w.name}
                          {w.vintage ? ` ${w.vintage}` : ''}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {[w.producer, w.region].filter(Boolean).join(' · ')}
                        </Text>
                        <Group gap={6} mt={4}>
                          {w.country && (
                            <Text size="xs">
                              <CountryLabel country={w.country} />
                            </Text>
                          )}
                          {w.grape_variety && (
                            <Badge size="xs" variant="light" color="gray">
                              {w.grape_variety}
                            </Badge>
                          )}
                          {w.wine_style && (
                            <Badge size="xs" variant="light" color="vinho">
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
                      <Button size="xs" variant="light" onClick={() => onSelect(w)} aria-label={`Selecionar ${w.name}`}>
                        Selecionar
                      </Button>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </>
        )}
      </Stack>
    </Modal>
  );
}
