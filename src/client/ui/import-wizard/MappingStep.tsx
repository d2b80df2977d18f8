import { Button, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useImportPreview } from './import-queries';
import type { FieldMap, ImportSource } from './import-source';

export interface MappingStepProps<F extends string> {
  source: ImportSource<F>;
  importId: string;
  /** The mapping chosen so far; null until the user changes the suggested one. */
  mapping: FieldMap<F> | null;
  onMapping(mapping: FieldMap<F>): void;
  onBack(): void;
  onStarted(): void;
  onError(message: string | null): void;
}

interface Props<F extends string> extends Omit<MappingStepProps<F>, 'onStarted'> {
  fields: readonly F[];
  required(field: F): boolean;
  /** The mapping's first problem, or null when it may be sent. */
  check(mapping: FieldMap<F>, columns: readonly string[]): string | null;
  /** Sends a mapping that passed the check. */
  onStart(mapping: FieldMap<F>): void;
  starting: boolean;
  /** What the user should know before choosing (under the title). */
  intro?: ReactNode;
  /** The import's options, under the fields. */
  children?: ReactNode;
}

/** Step 3: which column feeds each field (pre-filled from the headers, or from the last import) and Iniciar importação. */
export function MappingStep<F extends string>(props: Props<F>) {
  const { source, importId, mapping, onMapping, onBack, onError, fields, required, check, onStart, starting, intro, children } = props;
  const preview = useImportPreview(source, importId);
  if (preview.isPending || preview.isError) return <Skeleton h={320} radius="md" />;
  const { columns, suggested_mapping, remembered } = preview.data;
  const current = mapping ?? suggested_mapping;
  const labels = source.texts.fieldLabels;

  const start = () => {
    const problem = check(current, columns);
    if (problem) return onError(problem);
    onError(null);
    onStart(current);
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="lg">
          Qual coluna da planilha corresponde a cada campo?
        </Title>
        <Text size="sm" c="dimmed">
          {remembered && source.texts.remembered ? source.texts.remembered : 'Sugerimos as colunas pelos nomes do cabeçalho'}; confira e
          ajuste. Campos com * são obrigatórios.
        </Text>
      </div>
      {intro}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {fields.map((field) => (
          <Select
            key={field}
            label={labels[field]}
            withAsterisk={required(field)}
            placeholder="Não importar"
            data={columns}
            value={current[field] ?? null}
            onChange={(column) => onMapping({ ...current, [field]: column ?? undefined })}
            clearable
            clearButtonProps={{ 'aria-label': `Limpar ${labels[field]}` }}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      </SimpleGrid>
      {children}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={onBack}>
          Voltar
        </Button>
        <Button leftSection={<IconPlayerPlay size={18} />} onClick={start} loading={starting}>
          Iniciar importação
        </Button>
      </Group>
    </Stack>
  );
}
