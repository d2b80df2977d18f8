import type { TextInputProps } from '@mantine/core';
import { formatPhone, normalizePhone } from '../../shared/field-rules';
import { NormalizedTextField } from './form-fields';

// Apart from form-fields.tsx: the phone rules bring the phone number library, which only these forms need.

type Props = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'type'> & { name: string };

/** A Brazilian phone, masked when the field is left ("(48) 3333-4444"); what cannot be read stays for the schema. */
export function PhoneField(props: Props) {
  return <NormalizedTextField {...props} type="tel" normalize={maskPhone} />;
}

function maskPhone(value: string): string | null {
  const phone = normalizePhone(value);
  return phone ? formatPhone(phone) : null;
}
