import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../lib/use-can';
import { ImportHistoryTable } from '../../ui/import-wizard/ImportHistoryTable';
import { PageHeader } from '../../ui/PageHeader';
import { productImport } from './product-import-source';

/** /produtos/historico — every import the user may see, newest first. */
export function ImportHistoryPage() {
  const canCreate = useCan('imports', 'create');
  const canRetry = useCan('imports', 'retry');
  const canDelete = useCan('imports', 'delete');
  return (
    <>
      <PageHeader
        title="Histórico de importações"
        description="Planilhas enviadas, o que entrou e o que ficou de fora."
        actions={
          canCreate && (
            <Button component={Link} to="/produtos/importar" leftSection={<IconFileImport size={18} />}>
              Nova importação
            </Button>
          )
        }
      />
      <ImportHistoryTable
        source={productImport}
        canRetry={canRetry}
        canDelete={canDelete}
        empty={{ title: 'Nenhuma importação ainda', text: 'As planilhas enviadas em Importar produtos aparecem aqui.' }}
      />
    </>
  );
}
