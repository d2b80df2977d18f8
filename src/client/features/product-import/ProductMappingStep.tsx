import { Checkbox, Stack } from '@mantine/core';
import { useState } from 'react';
import { scopeFor } from '../../../shared/access-policy';
import { checkMapping, IMPORT_FIELDS, type ImportField, type ImportOptions, REQUIRED_IMPORT_FIELDS } from '../../../shared/product-import';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { principalOf } from '../../lib/use-can';
import { MappingStep, type MappingStepProps } from '../../ui/import-wizard/MappingStep';
import { useExecuteImport } from './product-import-source';

/** A supplier user's rows always go to its own supplier: it maps no supplier column and creates no supplier. */
function useOwnSupplierOnly(): boolean {
  const { user } = useSession();
  return user ? scopeFor(principalOf(user), 'imports', 'create').kind === 'supplier' : false;
}

/** Step 3 of a price list: the product fields and the import options. */
export function ProductMappingStep(props: MappingStepProps<ImportField>) {
  const { importId, onStarted, onError } = props;
  const execute = useExecuteImport();
  const ownSupplierOnly = useOwnSupplierOnly();
  const [options, setOptions] = useState<ImportOptions>({
    skip_duplicates: true,
    create_categories: true,
    create_suppliers: !ownSupplierOnly,
  });
  const option = (key: keyof ImportOptions, label: string, description: string) => (
    <Checkbox
      label={label}
      description={description}
      checked={options[key]}
      onChange={(e) => setOptions((o) => ({ ...o, [key]: e.currentTarget.checked }))}
    />
  );

  return (
    <MappingStep
      {...props}
      fields={IMPORT_FIELDS.filter((f) => f !== 'supplier' || !ownSupplierOnly)}
      required={(field) => REQUIRED_IMPORT_FIELDS.includes(field) && (field !== 'supplier' || !ownSupplierOnly)}
      check={(mapping, columns) => checkMapping(mapping, columns, !ownSupplierOnly)}
      onStart={(mapping) =>
        execute.mutate(
          { import_id: importId, field_mapping: mapping, options },
          { onSuccess: onStarted, onError: (err) => onError(errorMessage(err, 'Erro ao executar importação')) },
        )
      }
      starting={execute.isPending}
    >
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
    </MappingStep>
  );
}
