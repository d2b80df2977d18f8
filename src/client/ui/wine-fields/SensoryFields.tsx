import { Grid } from '@mantine/core';
import { TextareaField } from '../form-fields';
import { SENSORY_TEXTS } from './wine-field-values';

const LABELS: Record<(typeof SENSORY_TEXTS)[number], string> = { color: 'Cor', aroma: 'Aroma', palate: 'Paladar', pairing: 'Harmonização' };

/** Tasting notes: colour, aroma, palate and pairing, two per row. */
export function SensoryFields() {
  return (
    <Grid gap="md">
      {SENSORY_TEXTS.map((name) => (
        <Grid.Col key={name} span={{ base: 12, sm: 6 }}>
          <TextareaField label={LABELS[name]} autosize minRows={2} name={name} />
        </Grid.Col>
      ))}
    </Grid>
  );
}
