import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
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
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar aviso' } } },
  },
});
