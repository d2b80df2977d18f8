import { Stack, Title } from '@mantine/core';
import { IconBottle } from '@tabler/icons-react';
import { useCan } from '../../lib/use-can';
import { useChosenEstablishment } from '../../lib/use-chosen-establishment';
import { EstablishmentScreen } from '../../ui/EstablishmentScreen';
import { ImportHistoryTable } from '../../ui/import-wizard/ImportHistoryTable';
import { ImportWizard } from '../../ui/import-wizard/ImportWizard';
import { TillMappingStep } from './TillMappingStep';
import { useTillImportSource } from './till-import-source';

/** /adega/importar-vendas — the till's daily sales spreadsheet of one establishment, and its earlier imports (issue 31). */
export function TillImportPage() {
  const chosen = useChosenEstablishment();
  const { establishment } = chosen;
  return (
    <EstablishmentScreen
      chosen={chosen}
      header={{
        title: 'Importar vendas do PDV',
        description: `Envie a planilha de vendas do dia exportada pelo PDV${establishment ? ` de ${establishment.name}` : ''} (.xlsx, .xls ou .csv): as garrafas e taças vendidas saem da adega.`,
        back: { to: establishment ? `/adega?establishment_id=${establishment.id}` : '/adega', label: 'Adega da casa' },
      }}
      empty={{
        icon: <IconBottle size={26} />,
        text: 'As vendas do PDV saem da adega de um estabelecimento. Cadastre um estabelecimento primeiro.',
      }}
    >
      {/* Another establishment is another wizard: nothing of the first one's sheet is kept. */}
      {(shown) => <TillImport key={shown.id} establishmentId={shown.id} />}
    </EstablishmentScreen>
  );
}

function TillImport({ establishmentId }: { establishmentId: string }) {
  const source = useTillImportSource(establishmentId);
  const canMove = useCan('cellar', 'move');
  return (
    <Stack gap="xl">
      <ImportWizard source={source} mappingStep={(props) => <TillMappingStep {...props} establishmentId={establishmentId} />} />
      <Stack gap="sm" component="section" aria-labelledby="till-import-history">
        <Title order={2} fz="lg" id="till-import-history">
          Importações anteriores
        </Title>
        <ImportHistoryTable
          source={source}
          canRetry={canMove}
          canDelete={canMove}
          empty={{ title: 'Nenhuma importação ainda', text: 'As planilhas de vendas enviadas aqui aparecem nesta lista.' }}
        />
      </Stack>
    </Stack>
  );
}
