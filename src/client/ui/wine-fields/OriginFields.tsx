import { Grid, TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { NumberField } from '../form-fields';

interface OriginValues {
  producer?: string | null;
  region?: string | null;
}

/** Producer, vintage (safra) and region of a wine: what a guest reads under its name. */
export function OriginFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<OriginValues>();
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput label="Produtor" placeholder="Ex.: Catena Zapata" {...register('producer')} error={errors.producer?.message} />
      </Grid.Col>
      <Grid.Col span={{ base: 5, sm: 2 }}>
        <NumberField
          name="vintage"
          label="Safra"
          placeholder="2021"
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=""
          hideControls
        />
      </Grid.Col>
      <Grid.Col span={{ base: 7, sm: 5 }}>
        <TextInput label="Região" placeholder="Ex.: Mendoza" {...register('region')} error={errors.region?.message} />
      </Grid.Col>
    </Grid>
  );
}
