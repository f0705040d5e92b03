/** Static pages known to the router; their text lives in the lazily loaded page module. */
export const PAGINAS_ESTATICAS = [
  { slug: 'termos-de-uso', titulo: 'Termos de uso' },
  { slug: 'politica-de-privacidade', titulo: 'Política de privacidade' },
  // The billing banner's "Escolher plano" (company/faturamento/status urlEscolhaPlano) lands here.
  { slug: 'planos', titulo: 'Planos do Bonifica' },
] as const;

export type SlugPaginaEstatica = (typeof PAGINAS_ESTATICAS)[number]['slug'];
