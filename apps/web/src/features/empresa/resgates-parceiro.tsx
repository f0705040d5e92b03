import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconPlus } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { CONSTANTES, estornoResgateParceiroSchema, type FiltroResgatesParceiro, type RedeCredenciada, type ResgateParceiro, type SituacaoResgateParceiro } from '@bonifica/contracts';
import { CampoData } from '../../components/campo-data';
import { notificar } from '../../components/notificar';
import { formatarBRL, formatarDataHora, formatarInteiro } from '../../lib/format';
import { ResgateForm } from './resgate-form';
import { novaChave, useEstornarResgate, useResgates, useTotalizador } from './resgates-api';

const TAMANHO = 10;

const valorDe = (r: Pick<ResgateParceiro, 'unidade' | 'valor'>) => (r.unidade === 'CASHBACK' ? formatarBRL(r.valor) : `${formatarInteiro(r.valor)} pontos`);

function Indicador({ rotulo, valor }: { rotulo: string; valor: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {rotulo}
      </Text>
      <Text fw={600} size="lg">
        {valor}
      </Text>
    </Paper>
  );
}

/** Asks for the reason and confirms a reversal; one Idempotency-Key per opened dialog (double click posts once). */
function EstornoResgate({ parceiroId, resgate, aoFechar }: { parceiroId: number; resgate: ResgateParceiro; aoFechar: () => void }) {
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [chave] = useState(novaChave);
  const estornar = useEstornarResgate(parceiroId);
  const confirmar = async () => {
    const v = estornoResgateParceiroSchema.safeParse({ motivo });
    if (!v.success) {
      setErro(v.error.issues[0]!.message);
      return;
    }
    try {
      await estornar.mutateAsync({ resgateId: resgate.id, motivo: v.data.motivo, chave });
      notificar.sucesso('Resgate estornado: o saldo voltou ao cliente.');
      aoFechar();
    } catch (e) {
      notificar.erro(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Modal opened onClose={aoFechar} title={CONSTANTES.confirmacaoTitulo} centered>
      <Stack gap="sm">
        <Text size="sm">
          Deseja estornar o resgate nº {resgate.id} de {resgate.clienteNome} ({valorDe(resgate)}, documento {resgate.documento})? O saldo volta ao cliente.
        </Text>
        <Textarea label="Motivo do estorno" withAsterisk autosize minRows={2} maxLength={200} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} error={erro} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={aoFechar}>
            {CONSTANTES.confirmacaoNao}
          </Button>
          <Button color="red" loading={estornar.isPending} onClick={() => void confirmar()}>
            {CONSTANTES.confirmacaoSim}, estornar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A partner's redemptions (convenio/conta/*): the amount to settle in the period, the list with
 * period and situation filters, "Lançar resgate" and the reversal.
 */
export function ResgatesParceiro({ parceiro }: { parceiro: RedeCredenciada }) {
  const [de, setDe] = useState<string | null>(null);
  const [ate, setAte] = useState<string | null>(null);
  const [situacao, setSituacao] = useState<SituacaoResgateParceiro | null>(null);
  const [pagina, setPagina] = useState(1);
  const [lancando, setLancando] = useState(false);
  const [estornando, setEstornando] = useState<ResgateParceiro | null>(null);
  const periodoInvertido = Boolean(de && ate && de > ate);
  const filtro: FiltroResgatesParceiro = periodoInvertido ? {} : { ...(de ? { de } : {}), ...(ate ? { ate } : {}), ...(situacao ? { situacao } : {}) };
  const lista = useResgates(parceiro.id, filtro, pagina - 1, TAMANHO);
  const total = useTotalizador(parceiro.id, filtro.de, filtro.ate);

  if (lancando) return <ResgateForm parceiro={parceiro} aoTerminar={() => setLancando(false)} />;

  const colunas: DataTableColumn<ResgateParceiro>[] = [
    { accessor: 'criadoEm', title: 'Data', render: (r) => formatarDataHora(r.criadoEm) },
    { accessor: 'clienteNome', title: 'Cliente' },
    { accessor: 'valor', title: 'Valor', textAlign: 'right', render: valorDe },
    { accessor: 'documento', title: 'Documento' },
    {
      accessor: 'situacao',
      title: 'Situação',
      render: (r) => (
        <Tooltip label={r.motivoEstorno ?? ''} disabled={!r.motivoEstorno}>
          <Badge color={r.situacao === 'LANCADO' ? 'teal' : 'gray'} variant="light">
            {r.situacao === 'LANCADO' ? 'Lançado' : 'Estornado'}
          </Badge>
        </Tooltip>
      ),
    },
    { accessor: 'origem', title: 'Lançado por' },
    {
      accessor: 'acoes',
      title: '',
      textAlign: 'right',
      render: (r) =>
        r.situacao === 'LANCADO' && (
          <Tooltip label="Estornar">
            <ActionIcon variant="subtle" color="red" aria-label={`Estornar resgate ${r.documento}`} onClick={() => setEstornando(r)}>
              <IconArrowBackUp size={18} />
            </ActionIcon>
          </Tooltip>
        ),
    },
  ];

  const t = total.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={420}>
          Aceita {parceiro.unidades.map((u) => (u === 'CASHBACK' ? 'cashback' : 'pontos')).join(' e ')}
          {parceiro.resgateMaximo === null ? ', sem limite por venda.' : `, até ${formatarBRL(parceiro.resgateMaximo)} de cashback por venda.`}
        </Text>
        <Tooltip label="Parceiro inativo: ative-o para lançar resgates" disabled={parceiro.ativo}>
          <Button leftSection={<IconPlus size={16} />} disabled={!parceiro.ativo} onClick={() => setLancando(true)}>
            Lançar resgate
          </Button>
        </Tooltip>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Indicador rotulo="A acertar (cashback)" valor={t ? formatarBRL(t.aAcertar.CASHBACK) : '…'} />
        <Indicador rotulo="A acertar (pontos)" valor={t ? formatarInteiro(t.aAcertar.PONTOS) : '…'} />
        <Indicador rotulo="Resgates" valor={t ? formatarInteiro(t.quantidade) : '…'} />
        <Indicador rotulo="Estornados" valor={t ? formatarInteiro(t.estornados.quantidade) : '…'} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <CampoData label="De" clearable value={de} onChange={(v) => { setDe(v ? String(v).slice(0, 10) : null); setPagina(1); }} />
        <CampoData
          label="Até"
          clearable
          value={ate}
          onChange={(v) => { setAte(v ? String(v).slice(0, 10) : null); setPagina(1); }}
          error={periodoInvertido ? 'A data inicial deve ser anterior à final.' : undefined}
        />
        <Select
          label="Situação"
          clearable
          placeholder="Todas"
          value={situacao}
          onChange={(v) => { setSituacao(v as SituacaoResgateParceiro | null); setPagina(1); }}
          data={[{ value: 'LANCADO', label: 'Lançados' }, { value: 'ESTORNADO', label: 'Estornados' }]}
        />
      </SimpleGrid>
      {lista.isError ? (
        <Text c="red">{lista.error.message}</Text>
      ) : (
        <DataTable<ResgateParceiro>
          withTableBorder
          borderRadius="md"
          striped
          minHeight={160}
          records={lista.data?.content ?? []}
          columns={colunas}
          fetching={lista.isFetching}
          loadingText="Carregando..."
          noRecordsText="Nenhum resgate neste parceiro."
          page={pagina}
          onPageChange={setPagina}
          totalRecords={lista.data?.totalElements ?? 0}
          recordsPerPage={TAMANHO}
          paginationText={({ from, to, totalRecords }) => `${from}–${to} de ${totalRecords.toLocaleString('pt-BR')}`}
        />
      )}
      {estornando && <EstornoResgate parceiroId={parceiro.id} resgate={estornando} aoFechar={() => setEstornando(null)} />}
    </Stack>
  );
}
