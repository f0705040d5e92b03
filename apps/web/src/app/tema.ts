import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A calm teal, the programme's brand colour, light to dark. */
const bonifica: MantineColorsTuple = [
  '#e6f7f6',
  '#d2edeb',
  '#a6dad6',
  '#76c7c0',
  '#4fb6ad',
  '#36aba2',
  '#26a59b',
  '#149087',
  '#007f77',
  '#006e67',
];

const fonte =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif";

export const tema = createTheme({
  primaryColor: 'bonifica',
  primaryShade: { light: 8, dark: 6 },
  colors: { bonifica },
  fontFamily: fonte,
  headings: { fontFamily: fonte, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { fw: 600 } },
    Card: { defaultProps: { withBorder: true, shadow: 'xs', radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 200 } },
    // A status cut to "VIGEN..." in a narrow table cell says nothing: a badge keeps its whole word and the cell grows.
    Badge: { styles: { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } },
    // Mantine's own labels are in English; screen readers must hear Portuguese too.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostrar ou ocultar a senha' } } },
  },
});
