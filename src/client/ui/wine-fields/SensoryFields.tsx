import { Grid } from '@mantine/core';
import { TextareaField } from '../form-fields';

/** Tasting notes: colour, aroma, palate and pairing, two per row. */
export function SensoryFields() {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextareaField label="Cor" autosize minRows={2} name="color" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextareaField label="Aroma" autosize minRows={2} name="aroma" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextareaField label="Paladar" autosize minRows={2} name="palate" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextareaField label="Harmonização" autosize minRows={2} name="pairing" />
      </Grid.Col>
    </Grid>
  );
}
