import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconCopyOff, IconSearch } from '@tabler/icons-react';
import { DUPLICADA_MINUTOS_PADRAO, duplicadaFiltroSchema, type DuplicadaFiltro, type GrupoDuplicadas } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { confirmarEExecutar } from '../../components/confirmar';
import { EstadoConsulta } from '../../components/estado-consulta';
import { useCorrigirDuplicadas, useDuplicadas } from './api';
import { CamposPeriodoLoja } from './campos-periodo';
import { GrupoDuplicadasCard } from './grupo-duplicadas';
import { ultimosDias } from './periodo';
import { useFiltroAplicado } from './use-filtro-aplicado';

type Campos = { minutos: number | string; de: string; ate: string; filialId: string | null };

function paraFiltro(c: Campos) {
  return duplicadaFiltroSchema.safeParse({
    minutos: c.minutos === '' ? DUPLICADA_MINUTOS_PADRAO : Number(c.minutos),
    de: c.de || undefined,
    ate: c.ate || undefined,
    ...(c.filialId ? { filialId: Number(c.filialId) } : {}),
  });
}

/** The copies of each group: every sale but the first (the original). */
const copias = (grupos: GrupoDuplicadas[]) => grupos.flatMap((g) => g.vendas.slice(1).map((v) => v.id));

/** Transações › Vendas duplicadas: likely double postings, reviewed and cancelled with reversing postings. */
export function Component() {
  const inicial: Campos = { minutos: DUPLICADA_MINUTOS_PADRAO, ...ultimosDias(30), filialId: null };
  const { campos, setCampos, filtro, erro, aplicar } = useFiltroAplicado<Campos, DuplicadaFiltro>(inicial, paraFiltro);
  const [escolhidas, setEscolhidas] = useState<Set<number>>(new Set());
  const grupos = useDuplicadas(filtro);
  const corrigir = useCorrigirDuplicadas();

  const buscar = (e: FormEvent) => {
    if (aplicar(e)) setEscolhidas(new Set());
  };

  const alternar = (id: number) =>
    setEscolhidas((atual) => {
      const nova = new Set(atual);
      if (nova.has(id)) nova.delete(id);
      else nova.add(id);
      return nova;
    });

  const lista = grupos.data ?? [];
  // The rule on screen is the one of the list shown, not the number still being typed.
  const minutos = filtro?.minutos ?? DUPLICADA_MINUTOS_PADRAO;
  const grupoInteiro = lista.some((g) => g.vendas.every((v) => escolhidas.has(v.id)));

  const pedirCorrecao = async () => {
    if (!filtro || escolhidas.size === 0 || grupoInteiro) return;
    const ids = [...escolhidas].sort((a, b) => a - b);
    const chave = crypto.randomUUID();
    const ok = await confirmarEExecutar({
      mensagem: `Cancelar ${ids.length === 1 ? 'a venda' : `as ${ids.length} vendas`} ${ids.map((id) => `nº ${id}`).join(', ')} como duplicada${ids.length === 1 ? '' : 's'}? O cashback e os pontos que geraram são estornados e o cashback que usaram volta ao cliente.`,
      destrutiva: true,
      acao: () => corrigir.mutateAsync({ corpo: { ids, minutos: filtro.minutos }, chave }),
      sucesso: ids.length === 1 ? 'Venda duplicada cancelada.' : `${ids.length} vendas duplicadas canceladas.`,
    });
    if (ok) setEscolhidas(new Set());
  };

  return (
    <Stack gap="md">
      <CabecalhoPagina
        titulo="Vendas duplicadas"
        descricao={`Vendas confirmadas do mesmo cliente, mesmo valor e mesma loja feitas em até ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'} da primeira. Escolha as cópias e corrija: cada uma é cancelada com estorno, uma só vez.`}
      />
      <form onSubmit={buscar} aria-label="Filtros de vendas duplicadas">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label="Intervalo (minutos)"
            min={1}
            max={1440}
            allowDecimal={false}
            value={campos.minutos}
            onChange={(v) => setCampos({ ...campos, minutos: v })}
            w={{ base: '100%', xs: 160 }}
          />
          <CamposPeriodoLoja de={campos.de} ate={campos.ate} filialId={campos.filialId} aoMudar={(m) => setCampos({ ...campos, ...m })} />
          <Button type="submit" leftSection={<IconSearch size={18} />}>
            Buscar
          </Button>
        </Group>
      </form>
      {erro && (
        <Alert color="red" role="alert">
          {erro}
        </Alert>
      )}

      {filtro && !erro && (
        <EstadoConsulta titulo="Vendas duplicadas" consulta={grupos} vazio={lista.length === 0} mensagemVazia="Nenhuma venda duplicada no período.">
          <Group justify="space-between" wrap="wrap">
            <Text>
              {lista.length} {lista.length === 1 ? 'grupo encontrado' : 'grupos encontrados'} · {escolhidas.size} {escolhidas.size === 1 ? 'venda escolhida' : 'vendas escolhidas'}
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={() => setEscolhidas(new Set(copias(lista)))}>
                Escolher todas as cópias
              </Button>
              <Button color="red" leftSection={<IconCopyOff size={18} />} disabled={escolhidas.size === 0 || grupoInteiro} loading={corrigir.isPending} onClick={() => void pedirCorrecao()}>
                Corrigir escolhidas
              </Button>
            </Group>
          </Group>
          {lista.map((g) => (
            <GrupoDuplicadasCard key={g.vendas[0]!.id} grupo={g} escolhidas={escolhidas} aoAlternar={alternar} />
          ))}
        </EstadoConsulta>
      )}
    </Stack>
  );
}
