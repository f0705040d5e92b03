import { Alert, Button, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { IconFileTypePdf, IconReportMoney } from '@tabler/icons-react';
import {
  PODE_ADMINISTRAR_USUARIOS,
  totalizadorFiltroSchema,
  type Totalizador,
  type TotalizadorFiltro,
} from '@bonifica/contracts';
import { useUsuarioLogado } from '../../app/session/usuario';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { EstadoConsulta } from '../../components/estado-consulta';
import { Indicador } from '../../components/indicador';
import { useDownload } from '../../components/use-download';
import { can } from '../../lib/access';
import { imprimirTotalizador, useAtendentes, useTotalizador } from './api';
import { CamposPeriodoLoja } from './campos-periodo';
import { periodoDoMes } from './periodo';
import { useFiltroAplicado } from './use-filtro-aplicado';
import { TabelaTotais } from './tabela-totais';
import { formatarBRL, formatarData, formatarInteiro } from '../../lib/format';

type Campos = { de: string; ate: string; filialId: string | null; usuarioId: string | null };

function paraFiltro(c: Campos) {
  return totalizadorFiltroSchema.safeParse({
    de: c.de,
    ate: c.ate,
    ...(c.filialId ? { filialId: Number(c.filialId) } : {}),
    ...(c.usuarioId ? { usuarioId: Number(c.usuarioId) } : {}),
  });
}

/** Transações › Totalizador: sales of a period per day and per store, on screen and as an A4 PDF. */
export function Component() {
  const usuario = useUsuarioLogado();
  const atendentes = useAtendentes(can(usuario, PODE_ADMINISTRAR_USUARIOS));
  const { campos, setCampos, filtro, erro, aplicar: gerar } = useFiltroAplicado<Campos, TotalizadorFiltro>({ ...periodoDoMes(), filialId: null, usuarioId: null }, paraFiltro);
  const [imprimindo, baixar] = useDownload();
  const totais = useTotalizador(filtro);

  const imprimir = () => (filtro ? baixar(() => imprimirTotalizador(filtro)) : undefined);

  return (
    <Stack gap="md">
      <CabecalhoPagina
        titulo="Totalizador de vendas"
        descricao="Vendas confirmadas e canceladas do período, por dia (horário de Brasília) e por loja."
        acoes={
          <Button variant="default" leftSection={<IconFileTypePdf size={18} />} onClick={() => void imprimir()} loading={imprimindo} disabled={!filtro}>
            Imprimir PDF
          </Button>
        }
      />

      <form onSubmit={gerar} aria-label="Filtros do totalizador">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <CamposPeriodoLoja de={campos.de} ate={campos.ate} filialId={campos.filialId} obrigatorio aoMudar={(m) => setCampos({ ...campos, ...m })} />
          {atendentes.data && (
            <Select
              label="Atendente"
              placeholder="Todos"
              data={atendentes.data.map((a) => ({ value: String(a.id), label: a.nome }))}
              value={campos.usuarioId}
              onChange={(v) => setCampos({ ...campos, usuarioId: v })}
              clearable
              searchable
              w={{ base: '100%', xs: 200 }}
            />
          )}
          <Button type="submit" leftSection={<IconReportMoney size={18} />}>
            Gerar
          </Button>
        </Group>
      </form>
      {erro && (
        <Alert color="red" role="alert">
          {erro}
        </Alert>
      )}

      {/* Totals of an older filter under fields that now say something else would be read as the new period's. */}
      {filtro && !erro && (
        <EstadoConsulta titulo="Totais" consulta={totais} vazio={totais.data?.linhas.length === 0} mensagemVazia="Nenhuma venda no período escolhido.">
          {totais.data && <ResultadoTotalizador t={totais.data} />}
        </EstadoConsulta>
      )}
    </Stack>
  );
}

function ResultadoTotalizador({ t }: { t: Totalizador }) {
  const cartoes: [string, string, string?][] = [
    ['Vendas', formatarInteiro(t.total.quantidade)],
    ['Valor vendido', formatarBRL(t.total.valor)],
    ['Cashback usado', formatarBRL(t.total.resgate)],
    ['Cashback gerado', formatarBRL(t.total.cashback)],
    ['Pontos', formatarInteiro(t.total.pontos)],
    ['Canceladas', formatarInteiro(t.total.canceladas), t.total.canceladas > 0 ? `${formatarBRL(t.total.valorCanceladas)} cancelados` : undefined],
  ];
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {cartoes.map(([rotulo, valor, detalhe]) => (
          <Indicador key={rotulo} rotulo={rotulo} valor={valor} detalhe={detalhe} testId={`total-${rotulo}`} />
        ))}
      </SimpleGrid>
      <TabelaTotais
        titulo="Por loja"
        rotuloColuna="Loja"
        total={t.total}
        linhas={t.porFilial.map((l) => ({ ...l, chave: String(l.filialId), rotulo: l.filialNome ?? '—' }))}
      />
      <TabelaTotais titulo="Por dia" rotuloColuna="Dia" total={t.total} linhas={t.porDia.map((l) => ({ ...l, chave: l.dia, rotulo: formatarData(l.dia) }))} />
    </Stack>
  );
}
