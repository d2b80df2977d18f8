import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { checkTillMapping, REQUIRED_TILL_IMPORT_FIELDS, TILL_IMPORT_FIELDS, type TillImportField } from '../../../shared/till-sales-import';
import { errorMessage } from '../../lib/api';
import { useCan } from '../../lib/use-can';
import { MappingStep, type MappingStepProps } from '../../ui/import-wizard/MappingStep';
import { useExecuteTillImport } from './till-import-source';

/** Step 3 of the till's sheet: the sale fields, and how its rows become sales. */
export function TillMappingStep({ establishmentId, ...props }: MappingStepProps<TillImportField> & { establishmentId: string }) {
  const { importId, onStarted, onError } = props;
  const execute = useExecuteTillImport(establishmentId);
  return (
    <MappingStep
      {...props}
      fields={TILL_IMPORT_FIELDS}
      required={(field) => REQUIRED_TILL_IMPORT_FIELDS.includes(field)}
      check={checkTillMapping}
      onStart={(mapping) =>
        execute.mutate(
          { importId, mapping },
          { onSuccess: onStarted, onError: (err) => onError(errorMessage(err, 'Erro ao executar importação')) },
        )
      }
      starting={execute.isPending}
      intro={<TillSheetRules establishmentId={establishmentId} />}
    />
  );
}

function TillSheetRules({ establishmentId }: { establishmentId: string }) {
  const canLink = useCan('apiKeys', 'read');
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} />} title="Como as linhas viram vendas">
      <List size="sm" spacing={4}>
        <List.Item>Cada linha é uma linha de uma venda; as linhas com o mesmo número de venda formam uma venda só.</List.Item>
        <List.Item>Uma venda já registrada, pelo PDV ou por uma planilha anterior, não é registrada de novo.</List.Item>
        <List.Item>
          Cada código do PDV precisa estar ligado a um vinho da adega em{' '}
          {canLink ? (
            <Anchor component={Link} to={`/integracoes?establishment_id=${establishmentId}`} inherit fw={600}>
              Integrações
            </Anchor>
          ) : (
            'Integrações (tela do gerente)'
          )}
          ; vendas com códigos sem vinho ficam com erro.
        </List.Item>
        <List.Item>Sem a coluna “Garrafa ou taça”, cada linha conta garrafas.</List.Item>
      </List>
      <Text size="xs" mt={6}>
        Datas como 05/12/2026 ou 05/12/2026 21:30, no horário de Brasília.
      </Text>
    </Alert>
  );
}
