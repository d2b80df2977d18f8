import { AsYouType } from 'libphonenumber-js';
import { maskCep, maskCnpj } from '../../../shared/field-rules';

/** Formats a field's text while it is typed; each returns the text as shown. */
export type Mask = (value: string) => string;

/** "12345678000195" -> "12.345.678/0001-95" as the digits (or letters: alphanumeric CNPJ) come. */
export const cnpjMask: Mask = (value) => maskCnpj(value.slice(0, 24)).slice(0, 18);

/** "88010000" -> "88010-000". */
export const cepMask: Mask = (value) => maskCep(value).slice(0, 9);

/**
 * "48999991234" -> "(48) 99999-1234", "+5548..." -> "+55 48 ...". Text with letters (an extension, "ramal 5") is
 * left as typed: the server reads it and says what it thinks.
 */
export const phoneMask: Mask = (value) => {
  if (!/^[\d\s()+\-.]*$/.test(value)) return value;
  const formatted = new AsYouType('BR').input(value);
  // A space just typed stays: it may come before an extension ("... 1234 ramal 5").
  return /\s$/.test(value) && !formatted.endsWith(' ') ? `${formatted} ` : formatted;
};
