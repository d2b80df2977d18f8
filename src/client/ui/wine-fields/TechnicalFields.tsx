import { TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { WINE_STYLES } from '../../../shared/wine-vocabulary';
import { AutocompleteField } from '../form-fields';
import type { WineFieldValues } from './wine-field-values';

export function WineStyleField({ placeholder }: { placeholder?: string }) {
  return <AutocompleteField name="wine_style" label="Estilo" placeholder={placeholder} data={[...WINE_STYLES]} />;
}

export function AlcoholContentField() {
  const {
    register,
    formState: { errors },
  } = useFormContext<WineFieldValues>();
  return <TextInput label="Teor alcoólico" placeholder="13,5%" {...register('alcohol_content')} error={errors.alcohol_content?.message} />;
}
