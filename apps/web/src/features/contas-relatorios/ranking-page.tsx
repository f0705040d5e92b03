import { useMemo } from 'react';
import { Button, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { CRITERIOS_RANKING, ROTULOS_CRITERIO_RANKING, type LinhaRanking } from '@bonifica/contracts';
import { type FiltroDef, ListPage, aPartirDe, useFiltroDaTela } from '../../components/list-page';
import { useDownload } from '../../components/use-download';
import { formatarBRL, formatarInteiro } from '../../lib/format';
import { buscarRanking, chavesContas, CRITERIO_PADRAO, imprimirRanking, paraFiltroRanking, PERIODO_PADRAO, PERIODOS } from './api';
import { useFiliaisRede } from '../../components/use-filiais-rede';

const COLUNAS: DataTableColumn<LinhaRanking>[] = [
  { accessor: 'posicao', title: 'Posição', width: 90, textAlign: 'right', render: (l) => <Text fw={700}>{l.posicao}º</Text> },
  { accessor: 'nome', title: 'Cliente' },
  { accessor: 'compras', title: 'Compras', textAlign: 'right', visibleMediaQuery: aPartirDe('md'), render: (l) => formatarInteiro(l.compras) },
  { accessor: 'valorCompras', title: 'Valor em compras', textAlign: 'right', noWrap: true, visibleMediaQuery: aPartirDe('md'), render: (l) => formatarBRL(l.valorCompras) },
  { accessor: 'cashback', title: 'Cashback', textAlign: 'right', noWrap: true, render: (l) => formatarBRL(l.cashback) },
  { accessor: 'pontos', title: 'Pontos', textAlign: 'right', visibleMediaQuery: aPartirDe('sm'), render: (l) => formatarInteiro(l.pontos) },
];

/** Relatórios › Ranking de clientes: who accrued or spent the most in a period, by branch. */
export function Component() {
  const filiais = useFiliaisRede();
  const [imprimindo, baixar] = useDownload();

  const filtros = useMemo<FiltroDef[]>(
    () => [
      { nome: 'criterio', rotulo: 'Classificar por', tipo: 'selecao', placeholder: ROTULOS_CRITERIO_RANKING[CRITERIO_PADRAO], opcoes: CRITERIOS_RANKING.map((c) => ({ value: c, label: ROTULOS_CRITERIO_RANKING[c] })) },
      { nome: 'periodo', rotulo: 'Período', tipo: 'selecao', placeholder: PERIODOS[PERIODO_PADRAO], opcoes: Object.entries(PERIODOS).map(([value, label]) => ({ value, label })) },
      { nome: 'filialId', rotulo: 'Filial', tipo: 'selecao', placeholder: 'Todas as filiais', opcoes: (filiais.data ?? []).map((e) => ({ value: String(e.id), label: e.shortName })) },
    ],
    [filiais.data],
  );

  const filtroDaTela = useFiltroDaTela(filtros);
  const imprimir = () => baixar(() => imprimirRanking(paraFiltroRanking(filtroDaTela())));

  return (
    <ListPage<LinhaRanking>
      titulo="Ranking de clientes"
      descricao="Pelas vendas confirmadas do período: cashback ou pontos acumulados, ou valor em compras. Empates dividem a posição."
      colunas={COLUNAS}
      buscar={buscarRanking}
      chaveConsulta={chavesContas.ranking}
      filtros={filtros}
      idRegistro={(l) => l.clienteId}
      acaoNovo={
        <Button variant="default" leftSection={<IconPrinter size={16} />} loading={imprimindo} onClick={() => void imprimir()}>
          Imprimir
        </Button>
      }
    />
  );
}
