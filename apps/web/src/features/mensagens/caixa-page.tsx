import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Badge, Button, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconChevronDown, IconRepeat, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import {
  formatarDataHora,
  ORIGENS_MENSAGEM,
  ROTULO_ORIGEM_MENSAGEM,
  ROTULO_RESOLUCAO,
  ROTULO_STATUS_MENSAGEM,
  STATUS_MENSAGEM,
  type MensagemCaixa,
  type ResolucaoRevisar,
  type StatusMensagemSaida,
} from '@bonifica/contracts';
import { aPartirDe, ListPage, SoNoCelular, type FiltroDef } from '../../components/list-page';
import { confirmar } from '../../components/confirmar';
import { notificar } from '../../components/notificar';
import { formatarTelefone } from '../../lib/format';
import { buscarCaixa, chavesCaixa, useResolver, useResumoCaixa } from './caixa-api';

const COR: Record<StatusMensagemSaida, string> = {
  FILA: 'gray',
  ENVIANDO: 'blue',
  ENVIADA: 'teal',
  ENTREGUE: 'green',
  LIDA: 'green',
  FALHOU: 'red',
  CANCELADA: 'gray',
  REVISAR: 'orange',
};

const plural = (n: number, um: string, varios: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;

function numero(para: string): string {
  return para.includes('@') ? para : formatarTelefone(para.startsWith('55') && para.length >= 12 ? para.slice(2) : para);
}

function origem(m: MensagemCaixa): string {
  const r = ROTULO_ORIGEM_MENSAGEM[m.origem as keyof typeof ROTULO_ORIGEM_MENSAGEM] ?? m.origem;
  return m.loteNome ? `${r}: ${m.loteNome}` : r;
}

function Situacao({ m }: { m: MensagemCaixa }) {
  return (
    <Stack gap={2}>
      <Badge color={COR[m.status]} variant="light" tt="none" leftSection={m.status === 'REVISAR' ? <IconAlertTriangle size={12} /> : undefined}>
        {ROTULO_STATUS_MENSAGEM[m.status]}
      </Badge>
      {m.revisao && (
        <Text size="xs" c="dimmed">
          {ROTULO_RESOLUCAO[m.revisao]} por {m.revisadaPor ?? '—'} em {formatarDataHora(m.revisadaEm!)}
        </Text>
      )}
      {m.erro && m.status !== 'REVISAR' && (
        <Text size="xs" c="dimmed" maw={260}>
          {m.erro}
        </Text>
      )}
    </Stack>
  );
}

/** What each decision asks before it runs: re-sending may reach the customer twice, and says so. */
const PERGUNTA: Record<ResolucaoRevisar, (n: number) => string> = {
  REENVIAR: (n) =>
    `Reenviar ${plural(n, 'mensagem', 'mensagens')}? O envio anterior foi interrompido e não se sabe se chegou: o cliente pode receber a mesma mensagem duas vezes. Se puder, confira com o cliente antes.`,
  DAR_COMO_ENVIADA: (n) => `Dar ${plural(n, 'mensagem', 'mensagens')} como enviada? Use quando você confirmou que o cliente recebeu. Ela não será enviada de novo e passa a contar como enviada.`,
  DESCARTAR: (n) => `Descartar ${plural(n, 'mensagem', 'mensagens')}? Ela não será enviada e fica como cancelada.`,
};
const FEITO: Record<ResolucaoRevisar, (n: number) => string> = {
  REENVIAR: (n) => `${plural(n, 'mensagem voltou', 'mensagens voltaram')} para a fila de envio.`,
  DAR_COMO_ENVIADA: (n) => `${plural(n, 'mensagem dada', 'mensagens dadas')} como enviada.`,
  DESCARTAR: (n) => `${plural(n, 'mensagem descartada', 'mensagens descartadas')}.`,
};
const ACOES: { acao: ResolucaoRevisar; rotulo: string; icone: typeof IconRepeat; cor?: string }[] = [
  { acao: 'REENVIAR', rotulo: 'Reenviar', icone: IconRepeat },
  { acao: 'DAR_COMO_ENVIADA', rotulo: 'Dar como enviada', icone: IconCheck },
  { acao: 'DESCARTAR', rotulo: 'Descartar', icone: IconTrash, cor: 'red' },
];

/**
 * Mensagens › Caixa de saída (docs/areas/mensageria.md "Caixa de saída: a tela", decision 035): every
 * message of the company with its status, and the decision on those whose fate a crash left unknown.
 */
export function Component() {
  const resumo = useResumoCaixa();
  const resolver = useResolver();
  const [selecionadas, setSelecionadas] = useState<MensagemCaixa[]>([]);
  const [, setParams] = useSearchParams();

  const decidir = useCallback(
    async (ids: number[], acao: ResolucaoRevisar) => {
      if (!(await confirmar({ mensagem: PERGUNTA[acao](ids.length), destrutiva: acao !== 'DAR_COMO_ENVIADA' }))) return;
      try {
        const r = await resolver.mutateAsync({ ids, acao });
        const resto = r.ignoradas ? ` ${plural(r.ignoradas, 'já não estava', 'já não estavam')} em revisão (ou o lote foi cancelado) e ficou como estava.` : '';
        if (r.alteradas) notificar.sucesso(FEITO[acao](r.alteradas) + resto);
        else notificar.alerta(`Nada mudou:${resto}`);
        setSelecionadas([]);
      } catch (e) {
        notificar.erro((e as Error).message);
      }
    },
    [resolver],
  );

  const filtros = useMemo<FiltroDef[]>(
    () => [
      { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Cliente ou número' },
      { nome: 'status', rotulo: 'Situação', tipo: 'selecao', opcoes: STATUS_MENSAGEM.map((s) => ({ value: s, label: ROTULO_STATUS_MENSAGEM[s] })) },
      { nome: 'origem', rotulo: 'Origem', tipo: 'selecao', opcoes: ORIGENS_MENSAGEM.map((o) => ({ value: o, label: ROTULO_ORIGEM_MENSAGEM[o] })) },
      { nome: 'lote', rotulo: 'Lote', tipo: 'selecao', opcoes: (resumo.data?.lotes ?? []).map((l) => ({ value: String(l.id), label: l.revisar ? `${l.nome} (${l.revisar} em revisão)` : l.nome })) },
      { nome: 'de', rotulo: 'De', tipo: 'data' },
      { nome: 'ate', rotulo: 'Até', tipo: 'data' },
    ],
    [resumo.data],
  );

  const colunas = useMemo<DataTableColumn<MensagemCaixa>[]>(
    () => [
      { accessor: 'criadoEm', title: 'Criada em', sortable: true, render: (m) => formatarDataHora(m.criadoEm), visibleMediaQuery: aPartirDe('sm') },
      {
        accessor: 'clienteNome',
        title: 'Cliente',
        sortable: true,
        render: (m) => (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {m.clienteNome ?? 'Sem cadastro'}
            </Text>
            <Text size="xs" c="dimmed">
              {numero(m.para)}
            </Text>
            <SoNoCelular>
              <Situacao m={m} />
              <Text size="xs" c="dimmed">
                {formatarDataHora(m.criadoEm)} · {origem(m)}
              </Text>
            </SoNoCelular>
          </Stack>
        ),
      },
      { accessor: 'origem', title: 'Origem', render: origem, visibleMediaQuery: aPartirDe('md') },
      {
        accessor: 'texto',
        title: 'Mensagem',
        visibleMediaQuery: aPartirDe('lg'),
        render: (m) => (
          <Tooltip label={m.texto} multiline maw={360} openDelay={300}>
            <Text size="sm" lineClamp={2} maw={280}>
              {m.texto}
            </Text>
          </Tooltip>
        ),
      },
      { accessor: 'status', title: 'Situação', sortable: true, render: (m) => <Situacao m={m} />, visibleMediaQuery: aPartirDe('sm') },
      { accessor: 'enviadaEm', title: 'Enviada em', sortable: true, render: (m) => (m.enviadaEm ? formatarDataHora(m.enviadaEm) : '—'), visibleMediaQuery: aPartirDe('md') },
    ],
    [],
  );

  const acoesLinha = useCallback(
    (m: MensagemCaixa) =>
      m.status === 'REVISAR' ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="light" color="orange" rightSection={<IconChevronDown size={14} />} aria-label={`Decidir sobre a mensagem para ${m.clienteNome ?? numero(m.para)}`}>
              Decidir
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {ACOES.map(({ acao, rotulo, icone: Icone, cor }) => (
              <Menu.Item key={acao} color={cor} leftSection={<Icone size={14} />} onClick={() => void decidir([m.id], acao)}>
                {rotulo}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null,
    [decidir],
  );

  const revisar = resumo.data?.revisar ?? 0;
  const acima = (
    <Stack gap="sm">
      {revisar > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={`${plural(revisar, 'mensagem aguarda', 'mensagens aguardam')} sua decisão`}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              O envio foi interrompido (queda do servidor ou da conexão) e o WhatsApp não soube dizer se a mensagem chegou. Para não mandar duas vezes, nada é reenviado sozinho:
              reenvie, dê como enviada ou descarte.
            </Text>
            <Button size="xs" variant="light" color="orange" onClick={() => setParams({ status: 'REVISAR' })}>
              Ver só as mensagens em revisão
            </Button>
          </Stack>
        </Alert>
      )}
      {selecionadas.length > 0 && (
        <Group gap="xs" data-testid="barra-selecao" wrap="wrap">
          <Text size="sm" fw={600}>
            {plural(selecionadas.length, 'selecionada', 'selecionadas')}:
          </Text>
          {ACOES.map(({ acao, rotulo, icone: Icone, cor }) => (
            <Button
              key={acao}
              size="xs"
              variant="light"
              color={cor}
              leftSection={<Icone size={14} />}
              loading={resolver.isPending && resolver.variables?.acao === acao}
              onClick={() => void decidir(
                selecionadas.map((m) => m.id),
                acao,
              )}
            >
              {rotulo}
            </Button>
          ))}
          <Button size="xs" variant="subtle" onClick={() => setSelecionadas([])}>
            Limpar seleção
          </Button>
        </Group>
      )}
    </Stack>
  );

  return (
    <ListPage<MensagemCaixa>
      titulo="Caixa de saída"
      descricao="Todas as mensagens da empresa: na fila, enviadas, entregues, com falha — e as que aguardam sua decisão."
      colunas={colunas}
      buscar={buscarCaixa}
      chaveConsulta={chavesCaixa.lista}
      filtros={filtros}
      ordenacaoPadrao={{ campo: 'criadoEm', direcao: 'desc' }}
      acoesLinha={acoesLinha}
      mensagemVazia="Nenhuma mensagem enviada ainda."
      acimaDaTabela={acima}
      selecao={{
        selecionados: selecionadas,
        aoMudar: setSelecionadas,
        podeSelecionar: (m) => m.status === 'REVISAR',
        rotulo: (m) => `Selecionar a mensagem para ${m.clienteNome ?? numero(m.para)}`,
      }}
    />
  );
}
