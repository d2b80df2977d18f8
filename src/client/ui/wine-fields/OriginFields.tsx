import { Grid } from '@mantine/core';
import { WholeNumberField } from '../form-fields';
import { TextField } from '../text-fields';

/** The vintage (safra): a year typed as digits, never "2.021". */
export function VintageField() {
  return <WholeNumberField name="vintage" label="Safra" placeholder="2021" hideControls />;
}

/** Producer, vintage (safra) and region of a wine: what a guest reads under its name. */
export function OriginFields() {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextField label="Produtor" placeholder="Ex.: Catena Zapata" name="producer" />
      </Grid.Col>
      <Grid.Col span={{ base: 5, sm: 2 }}>
        <VintageField />
      </Grid.Col>
      <Grid.Col span={{ base: 7, sm: 5 }}>
        <TextField label="Região" placeholder="Ex.: Mendoza" name="region" />
      </Grid.Col>
    </Grid>
  );
}
