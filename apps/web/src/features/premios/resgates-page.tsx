import { useCallback, useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { PODE_GERENCIAR_PREMIOS, ROTULOS_STATUS_RESGATE_PREMIO, STATUS_RESGATE_PREMIO, type ResgatePremio } from '@bonifica/contracts';
import { useUsuarioLogado } from '../../app/session/usuario';
import { BadgeStatusResgatePremio } from '../../components/badges-situacao';
import { aPartirDe, ListPage, SoNoCelular, type FiltroDef } from '../../components/list-page';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { can } from '../../lib/access';
import { formatarDataHora } from '../../lib/format';
import { AcoesResgate } from './acoes-resgate';
import { buscarResgates, chavesPremios, custoDoPremio } from './api';
import { RelatorioResgates } from './relatorio-resgates';

// On a phone: code (with prize, customer and status under it) and the actions; the rest from `sm` on.
const COLUNAS: DataTableColumn<ResgatePremio>[] = [
  {
    accessor: 'codigo',
    title: 'Código',
    render: (r) => (
      <>
        <strong>{r.codigo}</strong>
        <SoNoCelular>
          <Text size="xs">
            {r.premioNome} · {r.clienteNome}
          </Text>
          <BadgeStatusResgatePremio status={r.status} size="xs" />
        </SoNoCelular>
      </>
    ),
  },
  { accessor: 'premioNome', title: 'Prêmio', visibleMediaQuery: aPartirDe('sm') },
  { accessor: 'clienteNome', title: 'Cliente', visibleMediaQuery: aPartirDe('sm') },
  { accessor: 'custo', title: 'Custo', visibleMediaQuery: aPartirDe('md'), render: (r) => custoDoPremio(r.custoPontos, r.custoCashback) },
  { accessor: 'filialNome', title: 'Retirar em', visibleMediaQuery: aPartirDe('md'), render: (r) => r.filialNome ?? '—' },
  { accessor: 'criadoEm', title: 'Resgatado em', visibleMediaQuery: aPartirDe('sm'), render: (r) => formatarDataHora(r.criadoEm) },
  {
    accessor: 'status',
    title: 'Situação',
    visibleMediaQuery: aPartirDe('sm'),
    render: (r) => <BadgeStatusResgatePremio status={r.status} />,
  },
];

/** Prêmios › Resgates: every redemption with its status, the counter's hand-over and the management's report. */
export function Component() {
  const usuario = useUsuarioLogado();
  const gestao = can(usuario, PODE_GERENCIAR_PREMIOS);
  const filiais = useFiliaisRede();
  const filtros = useMemo<FiltroDef[]>(
    () => [
      { nome: 'codigo', rotulo: 'Código', tipo: 'texto', placeholder: 'Código do comprovante' },
      { nome: 'status', rotulo: 'Situação', tipo: 'selecao', opcoes: STATUS_RESGATE_PREMIO.map((s) => ({ value: s, label: ROTULOS_STATUS_RESGATE_PREMIO[s] })) },
      { nome: 'filialId', rotulo: 'Loja', tipo: 'selecao', opcoes: (filiais.data ?? []).map((f) => ({ value: String(f.id), label: f.shortName })) },
      { nome: 'de', rotulo: 'De', tipo: 'data' },
      { nome: 'ate', rotulo: 'Até', tipo: 'data' },
    ],
    [filiais.data],
  );
  const acoesLinha = useCallback((r: ResgatePremio) => <AcoesResgate resgate={r} gestao={gestao} />, [gestao]);
  return (
    <Stack gap="lg">
      <ListPage<ResgatePremio>
        titulo="Resgates de prêmios"
        descricao="Entregue o prêmio pelo código do comprovante; a gestão acompanha a separação e pode cancelar (o saldo e o estoque voltam)."
        colunas={COLUNAS}
        buscar={buscarResgates}
        chaveConsulta={chavesPremios.resgates}
        filtros={filtros}
        acoesLinha={acoesLinha}
        mensagemVazia="Nenhum resgate ainda."
      />
      {gestao && <RelatorioResgates />}
    </Stack>
  );
}
