import {
  createTheme,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

const vinho: MantineColorsTuple = [
  '#fbedf0',
  '#f1d8de',
  '#e3aeba',
  '#d58194',
  '#c95c74',
  '#c14460',
  '#be3756',
  '#a82947',
  '#96223f',
  '#5c1a2b',
];

/**
 * WCAG AA for the light variant (badges, light buttons, alerts): Mantine's text shade on its own tinted background
 * reads under 4.5:1 for yellow, orange, teal and others; the darkest shade mixed with black reads above it.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  // Shade 9 alone is still too light for yellow, orange, lime and green: darken it further.
  return parsed.isThemeColor ? { ...colors, color: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 62%, black)` } : colors;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'vinho',
  primaryShade: 7,
  colors: { vinho },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Georgia, "Iowan Old Style", "Times New Roman", serif', fontWeight: '600' },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // The icon-only close buttons get a name screen readers can say (axe: button-name).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar janela' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar aviso' } } },
  },
});
