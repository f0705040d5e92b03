import { useMemo } from 'react';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { EtapaImportacao, ImportacaoResumo, TipoImportacao } from '@bonifica/contracts';
import { ListPage, aPartirDe } from '../../components/list-page';
import { formatarDataHora } from '../../lib/format';
import { buscarHistorico, chavesImportacao } from './api';

const ETAPAS: Record<EtapaImportacao, { rotulo: string; cor: string }> = {
  AGUARDANDO_MAPEAMENTO: { rotulo: 'Aguardando colunas', cor: 'gray' },
  NA_FILA: { rotulo: 'Na fila', cor: 'blue' },
  PROCESSANDO: { rotulo: 'Processando', cor: 'blue' },
  CONCLUIDA: { rotulo: 'Concluída', cor: 'teal' },
  ERRO: { rotulo: 'Falhou', cor: 'red' },
};

const COLUNAS: DataTableColumn<ImportacaoResumo>[] = [
  {
    accessor: 'criadoEm',
    title: 'Enviada em',
    noWrap: true,
    // On a phone the file column is hidden; the file name goes under the date so each row still says which file it was.
    render: (i) => (
      <>
        {formatarDataHora(i.criadoEm)}
        <Text size="xs" c="dimmed" hiddenFrom="sm" truncate="end" maw={180}>
          {i.arquivoNome ?? '—'}
        </Text>
      </>
    ),
  },
  { accessor: 'arquivoNome', title: 'Arquivo', ellipsis: true, visibleMediaQuery: aPartirDe('sm'), render: (i) => i.arquivoNome ?? '—' },
  { accessor: 'usuarioNome', title: 'Por', visibleMediaQuery: aPartirDe('lg'), render: (i) => i.usuarioNome ?? '—' },
  { accessor: 'etapa', title: 'Situação', noWrap: true, width: 170, render: (i) => <Badge variant="light" color={ETAPAS[i.etapa].cor}>{ETAPAS[i.etapa].rotulo}</Badge> },
  {
    accessor: 'resultado',
    title: 'Resultado',
    visibleMediaQuery: aPartirDe('md'),
    render: (i) =>
      i.resultado ? (
        <Text size="sm">
          {i.resultado.inseridos} novos · {i.resultado.mesclados} mesclados · {i.resultado.ignorados} ignorados · {i.resultado.comErro} com erro
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {i.total.toLocaleString('pt-BR')} linhas
        </Text>
      ),
  },
  {
    accessor: 'urlRelatorioErros',
    title: '',
    textAlign: 'right',
    render: (i) =>
      i.urlRelatorioErros ? (
        <Anchor href={i.urlRelatorioErros} download size="sm">
          <Group gap={4} wrap="nowrap">
            <IconDownload size={16} />
            Erros
          </Group>
        </Anchor>
      ) : null,
  },
];

/** The company's imports of one kind, newest first, with each error report. */
export function HistoricoImportacoes({ tipo }: { tipo: TipoImportacao }) {
  const buscar = useMemo(() => buscarHistorico(tipo), [tipo]);
  const chave = useMemo(() => chavesImportacao.historico(tipo), [tipo]);
  return (
    <ListPage<ImportacaoResumo>
      titulo="Importações anteriores"
      secao
      mensagemVazia="Nenhuma importação feita ainda. As próximas aparecem aqui, com o relatório de erros de cada uma."
      colunas={COLUNAS}
      buscar={buscar}
      chaveConsulta={chave}
      idRegistro={(i) => i.id}
      tamanhoPadrao={10}
    />
  );
}
