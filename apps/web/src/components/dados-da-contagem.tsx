import { Text } from '@mantine/core';
import { FUSO_HORARIO_PADRAO, zonaIana } from '@bonifica/contracts';

/**
 * Of when the count's data is (docs/decisions/033): the customer summary is updated every few
 * minutes, so a new customer or sale enters after the next update; null = counted now, from the tables.
 */
export function textoDadosDe(dadosDe: string | null, agora = new Date()): string {
  if (!dadosDe) return 'Contagem com os dados de agora.';
  // In Brasília, like every other time on the screens (a browser in another zone showed its own).
  const timeZone = zonaIana(FUSO_HORARIO_PADRAO);
  const d = new Date(dadosDe);
  const hora = d.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone });
  const dia = (x: Date) => x.toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit', timeZone });
  return `Contagem com dados de ${dia(d) === dia(agora) ? hora : `${dia(d)} às ${hora}`}; clientes e vendas mais novos entram na próxima atualização (a cada 2 minutos).`;
}

/** The freshness line under an audience count: the audience builder's panel and the campaign form. */
export function DadosDaContagem({ dadosDe }: { dadosDe: string | null }) {
  return (
    <Text size="xs" c="dimmed" data-testid="contagem-dados-de">
      {textoDadosDe(dadosDe)}
    </Text>
  );
}
