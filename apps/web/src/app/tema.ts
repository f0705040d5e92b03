import type { KeyboardEvent } from 'react';
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

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

/**
 * Secondary text and disabled fields (WCAG AA, 4.5:1). Mantine's dimmed gray-6 gives 3.3:1 on white
 * and 3.15:1 on the page's gray-0; its disabled field (gray-5 text at 60% opacity) about 1.7:1. These
 * keep ≥ 4.5:1 on white, the page, and the disabled field's own background (theme.test.ts computes it).
 */
export const CORES_LEGIVEIS = {
  dimmed: '#5f6670',
  desabilitadoTexto: '#5f6670',
  desabilitadoFundo: '#f1f3f5',
} as const;

/** The backgrounds secondary text sits on: cards and inputs (white), the page (gray-0), a disabled field. */
export const FUNDOS = { branco: '#ffffff', pagina: '#f8f9fa', desabilitado: CORES_LEGIVEIS.desabilitadoFundo } as const;

export const resolverVariaveis: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': CORES_LEGIVEIS.dimmed,
    '--mantine-color-disabled-color': CORES_LEGIVEIS.desabilitadoTexto,
    '--mantine-color-disabled': CORES_LEGIVEIS.desabilitadoFundo,
  },
  dark: {},
});

/**
 * Enter in a select whose list is closed would submit the whole form (a customer was saved with an
 * empty UF that way): in a select, Enter only picks an option, which Mantine handles before this.
 */
export function enterNaoEnviaFormulario(e: KeyboardEvent<HTMLInputElement>): void {
  if (e.key === 'Enter') e.preventDefault();
}

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
    // Plain objects, not Select.extend(): importing the components here would put Combobox, Popover and
    // floating-ui on the login page's first load (bench/tamanho-login.mjs).
    Select: { defaultProps: { onKeyDown: enterNaoEnviaFormulario } },
    MultiSelect: { defaultProps: { onKeyDown: enterNaoEnviaFormulario } },
    Autocomplete: { defaultProps: { onKeyDown: enterNaoEnviaFormulario } },
    // Mantine dims a disabled field to 60% opacity on top of its grey colours: read-only data became illegible.
    Input: { styles: { input: { opacity: 1 } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 200 } },
    // Mantine clamps a number past `max` on blur: "2000" cards became 500 issued without a word. The value
    // stays as typed and the form's contract says what the limit is.
    NumberInput: { defaultProps: { clampBehavior: 'none' } },
    // A status cut to "VIGEN..." in a narrow table cell says nothing: a badge keeps its whole word and the cell grows.
    Badge: { styles: { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } },
    // Mantine's own labels are in English; screen readers must hear Portuguese too.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostrar ou ocultar a senha' } } },
  },
});
