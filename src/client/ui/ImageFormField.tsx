import type { ComponentProps } from 'react';
import { useController } from 'react-hook-form';
import { ImageField } from './ImageField';

type Props = Omit<ComponentProps<typeof ImageField>, 'value' | 'onChange' | 'error'> & { name: string };

/** An ImageField bound to a field of the surrounding FormProvider: the image's address, or null. */
export function ImageFormField({ name, ...props }: Props) {
  const { field, fieldState } = useController({ name });
  return <ImageField {...props} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />;
}
