import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TILL_SALE_TEXTS } from '../../../shared/till-sales';
import { useDiscrepancies } from './cellar-api';

/** The till sold more than the cellar had (issue 31): which wines to recount; a recount settles each one. */
export function TillDiscrepancies({ establishmentId, canRecount }: { establishmentId: string; canRecount: boolean }) {
  const discrepancies = useDiscrepancies(establishmentId);
  if (!discrepancies.data?.length) return null;
  return (
    <Alert color="yellow" title="Vendas do PDV acima do estoque" mb="md">
      <List size="sm" spacing={2} aria-label="Vendas do PDV acima do estoque">
        {discrepancies.data.map((d) => (
          <List.Item key={d.id}>{TILL_SALE_TEXTS.discrepancy(d.cellar_item_name, d.missing, d.unit, d.till_sale_id)}</List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        A contagem desses vinhos parou em zero.{' '}
        {canRecount ? (
          <Anchor component={Link} to={`/adega/recontagem?establishment_id=${establishmentId}`}>
            Faça a recontagem
          </Anchor>
        ) : (
          'Peça uma recontagem'
        )}{' '}
        para acertar a prateleira: ela resolve a diferença.
      </Text>
    </Alert>
  );
}
