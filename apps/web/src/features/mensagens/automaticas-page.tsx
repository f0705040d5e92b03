import { Alert, Stack, Tabs } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { formatarDataHora, GATILHOS, GATILHOS_AUTOMATICA, ROTULO_STATUS_MENSAGEM, type EnvioAutomatica } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { EstadoConsulta } from '../../components/estado-consulta';
import { ListPage, type FiltroDef } from '../../components/list-page';
import { buscarEnvios, chavesMensagens, useAutomaticas, useModelosAtivos } from './api';
import { GatilhoCard } from './gatilho-card';

const STATUS: Record<string, string> = ROTULO_STATUS_MENSAGEM;

const COLUNAS: DataTableColumn<EnvioAutomatica>[] = [
  { accessor: 'criadoEm', title: 'Data', render: (e) => formatarDataHora(e.criadoEm) },
  { accessor: 'gatilho', title: 'Mensagem', render: (e) => GATILHOS[e.gatilho].titulo },
  { accessor: 'clienteNome', title: 'Cliente' },
  { accessor: 'para', title: 'Para', render: (e) => e.para ?? '—' },
  { accessor: 'status', title: 'Situação', render: (e) => (e.status ? (STATUS[e.status] ?? e.status) : '—') + (e.erro ? `: ${e.erro}` : '') },
];

const FILTROS: FiltroDef[] = [
  { nome: 'gatilho', rotulo: 'Mensagem', tipo: 'selecao', opcoes: GATILHOS_AUTOMATICA.map((g) => ({ value: g, label: GATILHOS[g].titulo })) },
  { nome: 'canal', rotulo: 'Canal', tipo: 'selecao', opcoes: [{ value: 'WHATSAPP', label: 'WhatsApp' }, { value: 'EMAIL', label: 'E-mail' }] },
  { nome: 'de', rotulo: 'De', tipo: 'data' },
  { nome: 'ate', rotulo: 'Até', tipo: 'data' },
];

/** Mensagens › Mensagens automáticas: each trigger's settings, and the log of what was sent. */
export function Component() {
  const automaticas = useAutomaticas();
  const modelos = useModelosAtivos();
  return (
    <Stack>
      <CabecalhoPagina titulo="Mensagens automáticas" descricao="Mensagens que saem sozinhas: boas-vindas, cashback ganho, saldo a vencer, aniversário e clientes inativos." />
      <Tabs defaultValue="gatilhos" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="gatilhos">Mensagens</Tabs.Tab>
          <Tabs.Tab value="registro">Registro de envios</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="gatilhos" pt="md">
          <EstadoConsulta consulta={automaticas} vazio={false} mensagemVazia="" titulo="Mensagens automáticas">
            <Stack>
              {modelos.data && modelos.data.length === 0 && <Alert color="yellow">Crie um modelo de mensagem antes de ligar uma mensagem automática.</Alert>}
              {(automaticas.data ?? []).map((a) => (
                <GatilhoCard key={a.gatilho} automatica={a} modelos={modelos.data ?? []} />
              ))}
            </Stack>
          </EstadoConsulta>
        </Tabs.Panel>
        <Tabs.Panel value="registro" pt="md">
          <ListPage<EnvioAutomatica>
            titulo="Registro de envios"
            secao
            colunas={COLUNAS}
            buscar={buscarEnvios}
            chaveConsulta={chavesMensagens.listaEnvios}
            filtros={FILTROS}
            mensagemVazia="Nenhuma mensagem automática enviada ainda."
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
