import { COUNTRY_FLAGS } from '../../shared/wine-vocabulary';

/** "🇧🇷 Brasil"; the flag is decorative. */
export function CountryLabel({ country }: { country: string | null | undefined }) {
  if (!country) return null;
  const flag = COUNTRY_FLAGS[country];
  return (
    <span>
      {flag && (
        <span aria-hidden="true" style={{ marginRight: 4 }}>
          {flag}
        </span>
      )}
      {country}
    </span>
  );
}
