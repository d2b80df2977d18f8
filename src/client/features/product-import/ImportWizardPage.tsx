import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ImportWizard } from '../../ui/import-wizard/ImportWizard';
import { PageHeader } from '../../ui/PageHeader';
import { ProductMappingStep } from './ProductMappingStep';
import { productImport } from './product-import-source';

/** /produtos/importar — the spreadsheet import wizard. */
export function ImportWizardPage() {
  return (
    <>
      <PageHeader
        title="Importar produtos"
        description="Envie a planilha de preços do fornecedor (.xlsx, .xls ou .csv): confira as colunas, escolha o que cada uma é e acompanhe a importação."
        actions={
          <Button component={Link} to="/produtos/historico" variant="default" leftSection={<IconHistory size={18} />}>
            Histórico de importações
          </Button>
        }
      />
      <ImportWizard source={productImport} mappingStep={(props) => <ProductMappingStep {...props} />} />
    </>
  );
}
