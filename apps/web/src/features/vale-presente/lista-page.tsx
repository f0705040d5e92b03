import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCashBanknoteOff, IconPrinter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { ROTULOS_SITUACAO_VALE, formatarData, type SituacaoValePresente, type ValePresente } from '@bonifica/contracts';
import { BadgeSituacaoVale } from '../../components/badges-situacao';
import { ListPage, type FiltroDef } from '../../components/list-page';
import { notificar } from '../../components/notificar';
import { formatarBRL, formatarDataHora } from '../../lib/format';
import { buscarVales, cancelarVale, chavesVales, codigoFormatado, imprimirVale } from '../../lib/vale-presente';

const COLUNAS: DataTableColumn<ValePresente>[] = [
  {
    accessor: 'codigo',
    title: 'Código',
    noWrap: true,
    render: (v) => (
      <Group gap={6} wrap="nowrap">
        <Text ff="monospace" fw={600} size="sm">
          {codigoFormatado(v.codigo)}
        </Text>
        {v.cartaoId !== null && (
          <Badge size="xs" variant="outline" color="grape">
            Cartão físico
          </Badge>
        )}
      </Group>
    ),
  },
  { accessor: 'valor', title: 'Valor', textAlign: 'right', render: (v) => formatarBRL(v.valor) },
  { accessor: 'saldo', title: 'Saldo', textAlign: 'right', render: (v) => <strong>{formatarBRL(v.saldo)}</strong> },
  { accessor: 'situacao', title: 'Situação', render: (v) => <BadgeSituacaoVale situacao={v.situacao} /> },
  { accessor: 'beneficiarioNome', title: 'Para', render: (v) => v.beneficiarioNome ?? '—' },
  { accessor: 'criadoEm', title: 'Vendido em', render: (v) => `${formatarDataHora(v.criadoEm)}${v.filialNome ? ` · ${v.filialNome}` : ''}` },
  { accessor: 'validoAte', title: 'Validade', render: (v) => formatarData(v.validoAte) },
];
const SITUACOES = Object.keys(ROTULOS_SITUACAO_VALE) as SituacaoValePresente[];
const mensagem = (e: unknown) => (e instanceof Error ? e.message : 'Não foi possível concluir.');

/** Cancel and refund: the balance goes back to the buyer by a reversing posting (decision 039). */
function Acoes({ vale }: { vale: ValePresente }) {
  const [aberto, setAberto] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [enviando, setEnviando] = useState(false);
  const queryClient = useQueryClient();
  const cancelar = async () => {
    setEnviando(true);
    try {
      const r = await cancelarVale(vale.id, motivo);
      notificar.sucesso(`Vale cancelado: devolver ${formatarBRL(r.devolvidoAgora)} ao comprador.`);
      setAberto(false);
      void queryClient.invalidateQueries({ queryKey: chavesVales.todos });
    } catch (e) {
      notificar.erro(mensagem(e));
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Imprimir comprovante">
        <ActionIcon variant="subtle" aria-label={`Imprimir o vale ${vale.codigo}`} onClick={() => void imprimirVale(vale.id).catch((e: unknown) => notificar.erro(mensagem(e)))}>
          <IconPrinter size={18} />
        </ActionIcon>
      </Tooltip>
      {vale.saldo > 0 && (
        <Tooltip label="Cancelar e devolver o saldo">
          <ActionIcon variant="subtle" color="red" aria-label={`Cancelar o vale ${vale.codigo}`} onClick={() => setAberto(true)}>
            <IconCashBanknoteOff size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      <Modal opened={aberto} onClose={() => setAberto(false)} title="Cancelar vale-presente">
        <Stack>
          <Text size="sm">
            O saldo de <strong>{formatarBRL(vale.saldo)}</strong> do vale {codigoFormatado(vale.codigo)} é estornado e deve ser devolvido ao comprador. O vale não poderá mais ser usado{vale.cartaoId !== null ? ' e o cartão físico dele fica inutilizado' : ''}.
          </Text>
          <TextInput label="Motivo" value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} maxLength={200} required data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAberto(false)}>
              Voltar
            </Button>
            <Button color="red" loading={enviando} disabled={motivo.trim().length < 3} onClick={() => void cancelar()}>
              Cancelar vale
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

/** Cartões › Vales-presente: every card sold, its balance and situation; the management cancels and refunds. */
export function Component() {
  const filtros = useMemo<FiltroDef[]>(
    () => [
      { nome: 'codigo', rotulo: 'Código', tipo: 'texto', placeholder: 'Dígitos do código' },
      { nome: 'situacao', rotulo: 'Situação', tipo: 'selecao', opcoes: SITUACOES.map((s) => ({ value: s, label: ROTULOS_SITUACAO_VALE[s] })) },
      { nome: 'de', rotulo: 'Vendido de', tipo: 'data' },
      { nome: 'ate', rotulo: 'Até', tipo: 'data' },
    ],
    [],
  );
  const acoesLinha = useCallback((v: ValePresente) => <Acoes vale={v} />, []);
  return (
    <ListPage<ValePresente>
      titulo="Vales-presente"
      descricao="Vales vendidos no balcão, com o saldo que resta. Cancelar um vale estorna o saldo, que é devolvido ao comprador."
      colunas={COLUNAS}
      buscar={buscarVales}
      chaveConsulta={chavesVales.lista}
      filtros={filtros}
      acoesLinha={acoesLinha}
      mensagemVazia="Nenhum vale-presente vendido ainda."
    />
  );
}
