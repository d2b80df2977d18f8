import { Controller, useFormContext } from 'react-hook-form';
import { ImageField } from '../ImageField';
import type { WineFieldValues } from './wine-field-values';

/** The label photo: an upload or an image address. */
export function WineImageField() {
  const { control } = useFormContext<WineFieldValues>();
  return (
    <Controller
      control={control}
      name="image_url"
      render={({ field, fieldState }) => (
        <ImageField
          label="Imagem do vinho"
          description="Envie a foto do rótulo ou cole o endereço de uma imagem."
          allowUrl
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
