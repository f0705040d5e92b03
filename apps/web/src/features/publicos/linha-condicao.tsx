import { Chip, CloseButton, Group, MultiSelect, NumberInput, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { CondicoesPublicoEntrada } from '@bonifica/contracts';
import { CampoData } from '../../components/campo-data';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { useEtiquetas, usePlanos } from './api';
import { MESES, ROTULOS_CONDICAO, type TipoCondicao } from './condicoes';

type Props = {
  tipo: TipoCondicao;
  condicoes: CondicoesPublicoEntrada;
  mudar: (parcial: CondicoesPublicoEntrada) => void;
  remover: () => void;
};

const numero = (v: string | number) => (v === '' || v === null ? undefined : Number(v));
const ids = (l: string[]) => l.map(Number);
const textos = (l: number[] | undefined) => (l ?? []).map(String);

type ModoCompra = 'depois' | 'antes' | 'entre' | 'nunca';
const modoDe = (u: NonNullable<CondicoesPublicoEntrada['ultimaCompra']>): ModoCompra => (u.nunca ? 'nunca' : u.depoisDe && u.antesDe ? 'entre' : u.antesDe ? 'antes' : 'depois');

const triestado = (v: boolean | undefined) => (v === undefined ? 'qualquer' : v ? 'sim' : 'nao');
const deTriestado = (v: string) => (v === 'qualquer' ? undefined : v === 'sim');

/** One condition of the builder: its sentence start, its inputs and a button to take it out. */
export function LinhaCondicao({ tipo, condicoes: c, mudar, remover }: Props) {
  return (
    <Paper withBorder p="sm" radius="md" data-condicao={tipo}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb={6}>
        <Text fw={600} size="sm">
          {ROTULOS_CONDICAO[tipo]}
        </Text>
        <CloseButton size="sm" aria-label={`Remover condição ${ROTULOS_CONDICAO[tipo]}`} onClick={remover} />
      </Group>
      <Editor tipo={tipo} condicoes={c} mudar={mudar} />
    </Paper>
  );
}

function Editor({ tipo, condicoes: c, mudar }: Omit<Props, 'remover'>) {
  const filiais = useFiliaisRede();
  const planos = usePlanos();
  const etiquetas = useEtiquetas();
  switch (tipo) {
    case 'filiais':
      return (
        <MultiSelect
          aria-label="Filiais"
          placeholder="Escolha as filiais"
          data={(filiais.data ?? []).map((f) => ({ value: String(f.id), label: f.shortName }))}
          value={textos(c.filiais)}
          onChange={(v) => mudar({ filiais: ids(v) })}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'ultimaCompra': {
      const u = c.ultimaCompra ?? {};
      const modo = modoDe(u);
      const definirModo = (m: ModoCompra) => {
        const hoje = new Date().toISOString().slice(0, 10);
        if (m === 'nunca') mudar({ ultimaCompra: { nunca: true } });
        else if (m === 'depois') mudar({ ultimaCompra: { depoisDe: u.depoisDe ?? u.antesDe ?? hoje } });
        else if (m === 'antes') mudar({ ultimaCompra: { antesDe: u.antesDe ?? u.depoisDe ?? hoje } });
        else mudar({ ultimaCompra: { depoisDe: u.depoisDe ?? hoje, antesDe: u.antesDe ?? hoje } });
      };
      return (
        <Stack gap={6}>
          <SegmentedControl
            size="xs"
            fullWidth
            value={modo}
            onChange={(v) => definirModo(v as ModoCompra)}
            data={[
              { value: 'depois', label: 'Depois de' },
              { value: 'antes', label: 'Antes de' },
              { value: 'entre', label: 'Entre' },
              { value: 'nunca', label: 'Nunca comprou' },
            ]}
          />
          {modo !== 'nunca' && (
            <Group grow gap="xs">
              {modo !== 'antes' && <CampoData aria-label="Comprou a partir de" placeholder="DD/MM/AAAA" value={u.depoisDe ?? null} onChange={(v) => mudar({ ultimaCompra: { ...u, depoisDe: v ?? undefined } })} />}
              {modo !== 'depois' && <CampoData aria-label="Última compra até" placeholder="DD/MM/AAAA" value={u.antesDe ?? null} onChange={(v) => mudar({ ultimaCompra: { ...u, antesDe: v ?? undefined } })} />}
            </Group>
          )}
        </Stack>
      );
    }
    case 'compras': {
      const k = c.compras ?? { de: '', ate: '' };
      const faixa = (campo: 'quantidade' | 'valor', lado: 'min' | 'max', v: string | number) => {
        const atual = { ...(k[campo] ?? {}), [lado]: numero(v) };
        const vazio = atual.min === undefined && atual.max === undefined;
        mudar({ compras: { ...k, [campo]: vazio ? undefined : atual } });
      };
      return (
        <Stack gap={6}>
          <Group grow gap="xs">
            <CampoData aria-label="Compras de" placeholder="De" value={k.de || null} onChange={(v) => mudar({ compras: { ...k, de: v ?? '' } })} />
            <CampoData aria-label="Compras até" placeholder="Até" value={k.ate || null} onChange={(v) => mudar({ compras: { ...k, ate: v ?? '' } })} />
          </Group>
          <Group grow gap="xs">
            <NumberInput aria-label="Mínimo de compras" placeholder="Mín. de compras" min={0} allowDecimal={false} value={k.quantidade?.min ?? ''} onChange={(v) => faixa('quantidade', 'min', v)} />
            <NumberInput aria-label="Máximo de compras" placeholder="Máx. de compras" min={0} allowDecimal={false} value={k.quantidade?.max ?? ''} onChange={(v) => faixa('quantidade', 'max', v)} />
          </Group>
          <Group grow gap="xs">
            <NumberInput aria-label="Valor mínimo em compras" placeholder="Valor mín. (R$)" min={0} decimalScale={2} decimalSeparator="," thousandSeparator="." value={k.valor?.min ?? ''} onChange={(v) => faixa('valor', 'min', v)} />
            <NumberInput aria-label="Valor máximo em compras" placeholder="Valor máx. (R$)" min={0} decimalScale={2} decimalSeparator="," thousandSeparator="." value={k.valor?.max ?? ''} onChange={(v) => faixa('valor', 'max', v)} />
          </Group>
        </Stack>
      );
    }
    case 'saldo': {
      const s = c.saldo ?? { unidade: 'CASHBACK' as const };
      const reais = s.unidade === 'CASHBACK';
      return (
        <Group grow gap="xs" align="flex-end">
          <Select
            aria-label="Tipo de saldo"
            data={[
              { value: 'CASHBACK', label: 'Cashback (R$)' },
              { value: 'PONTOS', label: 'Pontos' },
            ]}
            value={s.unidade}
            allowDeselect={false}
            onChange={(v) => mudar({ saldo: { ...s, unidade: (v ?? 'CASHBACK') as 'CASHBACK' | 'PONTOS' } })}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput aria-label="Saldo mínimo" placeholder="Mínimo" min={0} decimalScale={reais ? 2 : 0} decimalSeparator="," thousandSeparator="." value={s.min ?? ''} onChange={(v) => mudar({ saldo: { ...s, min: numero(v) } })} />
          <NumberInput aria-label="Saldo máximo" placeholder="Máximo" min={0} decimalScale={reais ? 2 : 0} decimalSeparator="," thousandSeparator="." value={s.max ?? ''} onChange={(v) => mudar({ saldo: { ...s, max: numero(v) } })} />
        </Group>
      );
    }
    case 'planos':
      return (
        <MultiSelect
          aria-label="Planos"
          placeholder="Escolha os planos"
          data={(planos.data ?? []).map((p) => ({ value: String(p.id), label: p.nome }))}
          value={textos(c.planos)}
          onChange={(v) => mudar({ planos: ids(v) })}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'mesesAniversario':
      return (
        <Chip.Group multiple value={textos(c.mesesAniversario)} onChange={(v) => mudar({ mesesAniversario: ids(v).sort((a, b) => a - b) })}>
          <Group gap={6}>
            {MESES.map((m, i) => (
              <Chip key={m} value={String(i + 1)} size="xs">
                {m}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      );
    case 'consentimento': {
      const k = c.consentimento ?? {};
      const opcoes = [
        { value: 'sim', label: 'Autorizou' },
        { value: 'nao', label: 'Não autorizou' },
        { value: 'qualquer', label: 'Tanto faz' },
      ];
      return (
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" w={80}>
              WhatsApp
            </Text>
            <SegmentedControl size="xs" aria-label="Consentimento de WhatsApp" data={opcoes} value={triestado(k.whatsapp)} onChange={(v) => mudar({ consentimento: { ...k, whatsapp: deTriestado(v) } })} />
          </Group>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" w={80}>
              E-mail
            </Text>
            <SegmentedControl size="xs" aria-label="Consentimento de e-mail" data={opcoes} value={triestado(k.email)} onChange={(v) => mudar({ consentimento: { ...k, email: deTriestado(v) } })} />
          </Group>
        </Stack>
      );
    }
    case 'etiquetas':
      return (
        <MultiSelect
          aria-label="Etiquetas"
          placeholder="Escolha as etiquetas"
          nothingFoundMessage="Nenhuma etiqueta cadastrada"
          data={(etiquetas.data ?? []).map((e) => ({ value: String(e.id), label: e.nome }))}
          value={textos(c.etiquetas)}
          onChange={(v) => mudar({ etiquetas: ids(v) })}
          comboboxProps={{ withinPortal: true }}
        />
      );
  }
}
