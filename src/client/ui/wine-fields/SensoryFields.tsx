import { Grid, Textarea } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import type { WineFieldValues } from './wine-field-values';

/** Tasting notes: colour, aroma, palate and pairing, two per row. */
export function SensoryFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<WineFieldValues>();
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Textarea label="Cor" autosize minRows={2} {...register('color')} error={errors.color?.message} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Textarea label="Aroma" autosize minRows={2} {...register('aroma')} error={errors.aroma?.message} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Textarea label="Paladar" autosize minRows={2} {...register('palate')} error={errors.palate?.message} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Textarea label="Harmonização" autosize minRows={2} {...register('pairing')} error={errors.pairing?.message} />
      </Grid.Col>
    </Grid>
  );
}
