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
 * reads under 4.5:1 for yellow, orange, teal and others; the darkest shade (or a darker text for the lightest hues) reads above it.
 */
/** Where shade 9 is still under 4.5:1 on its own tint. */
const DARK_TEXT: Record<string, string> = {
  green: '#1e6b2f',
  yellow: '#6b4e00',
  orange: '#8a3a0c',
  lime: '#3d5a0a',
  teal: '#0b5e47',
  cyan: '#0b5a70',
};

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  // A colour given with its shade ('red.9') already chose its contrast.
  if (!parsed.isThemeColor || input.color?.includes('.')) return colors;
  return { ...colors, color: DARK_TEXT[parsed.color] ?? `var(--mantine-color-${parsed.color}-9)` };
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
    // Lists of Select, Autocomplete and the like start at their field's left edge. Centred under it ('bottom'), the
    // first opening measured the still-hidden list as 0 px wide, put its left edge at the field's centre and pushed a
    // phone's page to 514 px (issue 21).
    Combobox: { defaultProps: { position: 'bottom-start' } },
  },
});
