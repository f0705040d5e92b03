import { useEffect } from 'react';
import { darken, lighten } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { WhiteLabel } from '@bonifica/contracts';
import { api } from '../lib/api';

/** GET config/whitelabel (public): the login page and the shell apply it before and after login. */
export function useWhiteLabel() {
  return useQuery({
    queryKey: ['config', 'whitelabel'],
    queryFn: async ({ signal }) => (await api.get<WhiteLabel>('config/whitelabel', { signal })).result,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Light to dark; the chosen colour sits at the theme's light primary shade (8), so buttons show it as picked. */
export function paletaDaCor(cor: string): string[] {
  const claros = [0.92, 0.84, 0.7, 0.55, 0.42, 0.3, 0.18, 0.08].map((f) => lighten(cor, f));
  return [...claros, cor, darken(cor, 0.18)];
}

/** The CSS variables of the `bonifica` colour and of the primary colour, rewritten from one colour. */
export function cssDaCor(cor: string): string {
  const p = paletaDaCor(cor);
  const linhas: string[] = [];
  for (const prefixo of ['--mantine-color-bonifica', '--mantine-primary-color']) {
    p.forEach((c, i) => linhas.push(`${prefixo}-${i}: ${c};`));
    linhas.push(
      `${prefixo}-filled: ${p[8]};`,
      `${prefixo}-filled-hover: ${p[9]};`,
      `${prefixo}-light: ${p[0]};`,
      `${prefixo}-light-hover: ${p[1]};`,
      `${prefixo}-light-color: ${p[8]};`,
    );
  }
  linhas.push(`--mantine-color-bonifica-text: ${p[8]};`, `--mantine-color-bonifica-outline: ${p[8]};`, `--mantine-color-bonifica-outline-hover: ${p[0]};`);
  // Doubled :root outranks Mantine's own :root rules whatever the order of the style tags.
  return `:root:root { ${linhas.join(' ')} }`;
}

/** Applies the white label's colour and favicon to every page (rendered once, at the root). */
export function AplicarWhiteLabel() {
  const { data } = useWhiteLabel();
  const faviconUrl = data?.faviconUrl ?? null;
  useEffect(() => {
    if (!faviconUrl) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = faviconUrl;
  }, [faviconUrl]);
  if (!data?.corPrimaria) return null;
  return <style data-testid="white-label-cores">{cssDaCor(data.corPrimaria)}</style>;
}
