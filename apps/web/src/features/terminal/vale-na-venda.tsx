import { Group, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { DIGITOS_PIN, numeroCartaoValido } from '@bonifica/contracts';
import { CampoDinheiro } from '../../components/campo-dinheiro';
import { formatarBRL } from '../../lib/format';
import type { PagamentoComVale } from '../../lib/vale-presente';
import { lerReais } from './valores';

/** What the attendant typed for a gift card paying part of the sale (null: not paying with one). */
export type ValeDigitado = { codigo: string; pin: string; valorTexto: string };

/**
 * The gift card typed at the counter, checked before posting: 16 digits with a valid check digit, a
 * PIN, and an amount above zero and not above what is left to pay. The server checks the balance.
 */
export function lerValeDigitado(v: ValeDigitado | null, aPagar: number): { vale?: PagamentoComVale; erro?: string } {
  if (!v) return {};
  const codigo = v.codigo.replace(/\D/g, '');
  if (!numeroCartaoValido(codigo)) return { erro: 'Código do vale-presente inválido: confira os 16 dígitos (do comprovante ou do cartão).' };
  if (!new RegExp(`^\\d{${DIGITOS_PIN}}$`).test(v.pin)) return { erro: `Informe a senha (PIN) de ${DIGITOS_PIN} dígitos do vale-presente.` };
  const valor = lerReais(v.valorTexto);
  if (valor === null || valor <= 0) return { erro: 'Informe quanto pagar com o vale-presente.' };
  if (valor > aPagar) return { erro: `O vale-presente pode pagar no máximo ${formatarBRL(aPagar)} desta venda.` };
  return { vale: { codigo, pin: v.pin, valor } };
}

type Props = { vale: ValeDigitado | null; aoMudar: (v: ValeDigitado | null) => void; desabilitado: boolean; aPagar: number | null };

/** "Pagar com vale-presente": the card pays part (or all) of the sale; the rest is paid as usual. */
export function CamposValeNaVenda({ vale, aoMudar, desabilitado, aPagar }: Props) {
  const mudar = (campo: Partial<ValeDigitado>) => aoMudar({ ...(vale ?? { codigo: '', pin: '', valorTexto: '' }), ...campo });
  return (
    <Stack gap="xs">
      <Switch label="Pagar com vale-presente" checked={vale !== null} disabled={desabilitado} onChange={(e) => aoMudar(e.currentTarget.checked ? { codigo: '', pin: '', valorTexto: '' } : null)} />
      {vale !== null && (
        <Stack gap="xs">
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label="Código do vale" description="Ou o número do cartão do vale" placeholder="0000 0000 0000 0000" inputMode="numeric" autoComplete="off" maxLength={24} miw={200} value={vale?.codigo ?? ''} disabled={desabilitado} onChange={(e) => mudar({ codigo: e.currentTarget.value })} />
            <PasswordInput label="Senha (PIN)" inputMode="numeric" autoComplete="off" maxLength={DIGITOS_PIN} miw={120} value={vale?.pin ?? ''} disabled={desabilitado} onChange={(e) => mudar({ pin: e.currentTarget.value.replace(/\D/g, '') })} />
          </Group>
          <CampoDinheiro
            label="Pagar com o vale"
            description={aPagar !== null && aPagar > 0 ? `Até ${formatarBRL(aPagar)}; o resto é pago no caixa` : undefined}
            value={vale?.valorTexto ?? ''}
            maximo={aPagar ?? undefined}
            disabled={desabilitado}
            aoMudar={(t) => mudar({ valorTexto: t })}
          />
        </Stack>
      )}
    </Stack>
  );
}
