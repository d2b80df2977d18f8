import { useFormContext, useWatch } from 'react-hook-form';
import { COUNTRY_FLAGS, WINE_COUNTRIES } from '../../../shared/wine-vocabulary';
import { SelectField } from '../form-fields';
import type { WineFieldValues } from './wine-field-values';

/** The wine's country, with its flag; a country outside the list (imported data) stays selectable. */
export function CountryField() {
  const { control } = useFormContext<WineFieldValues>();
  const country = useWatch({ control, name: 'country' });
  const countries: string[] = [...WINE_COUNTRIES];
  if (country && !countries.includes(country)) countries.push(country);
  return (
    <SelectField
      name="country"
      emptyValue={null}
      label="País"
      placeholder="Escolha o país"
      clearable
      data={countries.map((c) => ({ value: c, label: `${COUNTRY_FLAGS[c] ?? ''} ${c}`.trim() }))}
    />
  );
}
