import { formatPercent, parsePercent } from '../../../shared/field-rules';
import { WINE_STYLES } from '../../../shared/wine-vocabulary';
import { AutocompleteField, NormalizedTextField } from '../form-fields';

export function WineStyleField({ placeholder }: { placeholder?: string }) {
  return <AutocompleteField name="wine_style" label="Estilo" placeholder={placeholder} data={[...WINE_STYLES]} />;
}

/** Shown and stored with "%": "13,5" becomes "13,5%" when the field is left. */
export function AlcoholContentField() {
  return (
    <NormalizedTextField
      name="alcohol_content"
      label="Teor alcoólico"
      placeholder="13,5%"
      inputMode="decimal"
      normalize={(v) => {
        const n = parsePercent(v);
        return n === null ? null : formatPercent(n);
      }}
    />
  );
}
