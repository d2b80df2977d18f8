import { Button, Checkbox, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { scopeFor } from '../../../shared/access-policy';
import {
  checkMapping,
  type FieldMapping,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ImportField,
  type ImportOptions,
  REQUIRED_IMPORT_FIELDS,
} from '../../../shared/product-import';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { principalOf } from '../../lib/use-can';
import { useExecuteImport, useImportPreview } from './import-api';

interface Props {
  importId: string;
  mapping: FieldMapping | null;
  onMapping(mapping: FieldMapping): void;
  onBack(): void;
  onStarted(): void;
  onError(message: string | null): void;
}

/** A supplier user's rows always go to its own supplier: it maps no supplier column and creates no supplier. */
function useOwnSupplierOnly(): boolean {
  const { user } = useSession();
  return user ? scopeFor(principalOf(user), 'imports', 'create').kind === 'supplier' : false;
}

/** Step 3: which column feeds each product field (pre-filled from the headers) and the import options. */
export function MappingStep({ importId, mapping, onMapping, onBack, onStarted, onError }: Props) {
  const preview = useImportPreview(importId);
  const execute = useExecuteImport();
  const ownSupplierOnly = useOwnSupplierOnly();
  const [options, setOptions] = useState<ImportOptions>({
    skip_duplicates: true,
    create_categories: true,
    create_suppliers: !ownSupplierOnly,
  });
  if (preview.isPending || preview.isError) return <Skeleton h={320} radius="md" />;
  const { columns, suggested_mapping } = preview.data;
  const current = mapping ?? suggested_mapping;
  const fields = IMPORT_FIELDS.filter((f) => f !== 'supplier' || !ownSupplierOnly);
  const required = (field: ImportField) => REQUIRED_IMPORT_FIELDS.includes(field) && (field !== 'supplier' || !ownSupplierOnly);

  const start = () => {
    const problem = checkMapping(current, columns, !ownSupplierOnly);
    if (problem) return onError(problem);
    onError(null);
    execute.mutate(
      { import_id: importId, field_mapping: current, options },
      { onSuccess: onStarted, onError: (err) => onError(errorMessage(err, 'Erro ao executar importação')) },
    );
  };
  const option = (key: keyof ImportOptions, label: string, description: string) => (
    <Checkbox
      label={label}
      description={description}
      checked={options[key]}
      onChange={(e) => setOptions((o) => ({ ...o, [key]: e.currentTarget.checked }))}
    />
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="lg">
          Qual coluna da planilha corresponde a cada campo?
        </Title>
        <Text size="sm" c="dimmed">
          Sugerimos as colunas pelos nomes do cabeçalho; confira e ajuste. Campos com * são obrigatórios.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {fields.map((field) => (
          <Select
            key={field}
            label={IMPORT_FIELD_LABELS[field]}
            withAsterisk={required(field)}
            placeholder="Não importar"
            data={columns}
            value={current[field] ?? null}
            onChange={(column) => onMapping({ ...current, [field]: column ?? undefined })}
            clearable
            clearButtonProps={{ 'aria-label': `Limpar ${IMPORT_FIELD_LABELS[field]}` }}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      </SimpleGrid>
      <Stack gap="sm">
        {option(
          'skip_duplicates',
          'Ignorar produtos já cadastrados',
          'Linhas com SKU já cadastrado para o fornecedor são puladas; desmarcado, o produto é atualizado.',
        )}
        {option('create_categories', 'Criar categorias que não existem', 'Desmarcado, linhas de categorias desconhecidas ficam com erro.')}
        {!ownSupplierOnly &&
          option(
            'create_suppliers',
            'Criar fornecedores que não existem',
            'São criados só com o nome da planilha; e-mail e telefone ficam para completar no cadastro.',
          )}
      </Stack>
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={onBack}>
          Voltar
        </Button>
        <Button leftSection={<IconPlayerPlay size={18} />} onClick={start} loading={execute.isPending}>
          Iniciar importação
        </Button>
      </Group>
    </Stack>
  );
}
