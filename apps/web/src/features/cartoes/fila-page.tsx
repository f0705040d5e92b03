import { useCallback, useMemo, useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Stack, Text, type MantineTheme } from '@mantine/core';
import { IconPrinter, IconStack2, IconX, IconCheck, IconArrowBackUp } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { formatarNumeroCartao, ROTULOS_STATUS_IMPRESSAO, type ItemFilaImpressao, type LoteImpressao, type StatusImpressao } from '@bonifica/contracts';
import { confirmarEExecutar } from '../../components/confirmar';
import { ListPage, type FiltroDef, SoNoCelular } from '../../components/list-page';
import { notificar } from '../../components/notificar';
import { formatarDataHora } from '../../lib/format';
import { buscarFila, chavesCartoes, useCriarLote, useSalvarFila } from './api';
import { abrirPdf } from '../../lib/arquivo';

const COR: Record<StatusImpressao, string> = { PENDENTE: 'yellow', IMPRESSO: 'teal', CANCELADO: 'gray' };

function BadgeImpressao({ status }: { status: StatusImpressao }) {
  return (
    <Badge color={COR[status]} variant="light">
      {ROTULOS_STATUS_IMPRESSAO[status]}
    </Badge>
  );
}

const aPartirDeSm = (t: MantineTheme) => `(min-width: ${t.breakpoints.sm})`;

const FILTROS: FiltroDef[] = [
  { nome: 'status', rotulo: 'Situação', tipo: 'selecao', placeholder: 'Todas', opcoes: (Object.keys(ROTULOS_STATUS_IMPRESSAO) as StatusImpressao[]).map((s) => ({ value: s, label: ROTULOS_STATUS_IMPRESSAO[s] })) },
  { nome: 'busca', rotulo: 'Cartão ou cliente', tipo: 'texto', placeholder: 'Número ou nome' },
  { nome: 'lote', rotulo: 'Lote', tipo: 'texto', placeholder: 'Código do lote' },
];

const mensagem = (e: unknown, padrao: string) => (e instanceof Error ? e.message : padrao);

/** The batch just generated: its PDFs open from a click here, so the browser lets the new tab through. */
function LoteGerado({ lote }: { lote: LoteImpressao }) {
  const abrir = (verso: boolean) =>
    abrirPdf({ caminho: verso ? 'card/printcardlist/back' : 'card/printcardlist', corpo: { ids: lote.cartaoIds } }).catch((e: unknown) => notificar.erro(mensagem(e, 'Não foi possível gerar o PDF.')));
  return (
    <Stack>
      <Text size="sm">
        Lote <b>{lote.lote}</b> com {lote.quantidade} {lote.quantidade === 1 ? 'cartão' : 'cartões'}, marcado como impresso. Abra o PDF da frente, imprima, vire as folhas e
        imprima o verso (as colunas do verso já vêm espelhadas).
      </Text>
      <Group>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => void abrir(false)}>
          Frente (PDF)
        </Button>
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => void abrir(true)}>
          Verso (PDF)
        </Button>
      </Group>
    </Stack>
  );
}

/** Cartões › Fila de impressão: choose, print in batches (lotes), cancel or mark as printed. */
export function Component() {
  const [selecionados, setSelecionados] = useState<Set<number>>(new Set());
  const [lote, setLote] = useState<LoteImpressao | null>(null);
  const criarLote = useCriarLote();
  const salvar = useSalvarFila();

  const alternar = useCallback((id: number) => {
    setSelecionados((atual) => {
      const novo = new Set(atual);
      if (novo.has(id)) novo.delete(id);
      else novo.add(id);
      return novo;
    });
  }, []);

  const colunas = useMemo<DataTableColumn<ItemFilaImpressao>[]>(
    () => [
      {
        accessor: 'selecao',
        title: '',
        width: 40,
        render: (i) => <Checkbox aria-label={`Selecionar cartão ${formatarNumeroCartao(i.numero)}`} checked={selecionados.has(i.id)} onChange={() => alternar(i.id)} />,
      },
      {
        accessor: 'numero',
        title: 'Cartão',
        noWrap: true,
        render: (i) => (
          <>
            <Text ff="monospace" size="sm">
              {formatarNumeroCartao(i.numero)}
            </Text>
            <SoNoCelular>
              <BadgeImpressao status={i.status} />
              <Text size="xs" c="dimmed">
                {i.clienteNome ?? 'Sem cliente'}
              </Text>
            </SoNoCelular>
          </>
        ),
      },
      { accessor: 'clienteNome', title: 'Cliente', visibleMediaQuery: aPartirDeSm, render: (i) => i.clienteNome ?? <Text c="dimmed" size="sm">Sem cliente</Text> },
      { accessor: 'status', title: 'Situação', visibleMediaQuery: aPartirDeSm, render: (i) => <BadgeImpressao status={i.status} /> },
      { accessor: 'lote', title: 'Lote', noWrap: true, visibleMediaQuery: aPartirDeSm, render: (i) => i.lote ?? '—' },
      { accessor: 'criadoEm', title: 'Pedido em', noWrap: true, visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.md})`, render: (i) => `${formatarDataHora(i.criadoEm)}${i.solicitadoPorNome ? ` · ${i.solicitadoPorNome}` : ''}` },
    ],
    [selecionados, alternar],
  );

  const gerarLote = useCallback(async () => {
    const itens = selecionados.size ? [...selecionados] : undefined;
    try {
      const r = await criarLote.mutateAsync(itens);
      setSelecionados(new Set());
      setLote(r);
    } catch (e) {
      notificar.erro(mensagem(e, 'Não foi possível gerar o lote.'));
    }
  }, [selecionados, criarLote]);

  const mudar = useCallback(
    async (status: StatusImpressao, texto: string, destrutiva: boolean) => {
      const itens = [...selecionados].map((id) => ({ id, status }));
      const ok = await confirmarEExecutar({ mensagem: texto, destrutiva, acao: () => salvar.mutateAsync({ itens }), sucesso: 'Fila atualizada.' });
      if (ok) setSelecionados(new Set());
    },
    [selecionados, salvar],
  );

  const n = selecionados.size;
  const acoes = (
    <Group gap="xs">
      {n > 0 && (
        <>
          <Button variant="default" leftSection={<IconX size={16} />} onClick={() => void mudar('CANCELADO', `Cancelar a impressão de ${n} ${n === 1 ? 'cartão' : 'cartões'}?`, true)}>
            Cancelar
          </Button>
          <Button variant="default" leftSection={<IconCheck size={16} />} onClick={() => void mudar('IMPRESSO', `Marcar ${n} ${n === 1 ? 'cartão' : 'cartões'} como impresso(s), sem gerar PDF?`, false)}>
            Marcar impresso
          </Button>
          <Button variant="default" leftSection={<IconArrowBackUp size={16} />} onClick={() => void mudar('PENDENTE', `Devolver ${n} ${n === 1 ? 'item cancelado' : 'itens cancelados'} à fila?`, false)}>
            Voltar à fila
          </Button>
        </>
      )}
      <Button leftSection={<IconStack2 size={16} />} loading={criarLote.isPending} onClick={() => void gerarLote()}>
        {n > 0 ? `Gerar lote com ${n} selecionado${n === 1 ? '' : 's'}` : 'Gerar lote com os pendentes'}
      </Button>
    </Group>
  );

  return (
    <>
      <ListPage<ItemFilaImpressao>
        titulo="Fila de impressão"
        descricao="Cartões esperando a impressora. Um lote junta os pendentes num PDF de folhas A4 (10 cartões por folha) e os marca como impressos."
        colunas={colunas}
        buscar={buscarFila}
        chaveConsulta={chavesCartoes.fila}
        filtros={FILTROS}
        acaoNovo={acoes}
      />
      <Modal opened={lote !== null} onClose={() => setLote(null)} title="Lote de impressão gerado" centered>
        {lote && <LoteGerado lote={lote} />}
      </Modal>
    </>
  );
}
