import { useCallback, useState } from 'react';
import { ActionIcon, Badge, Button, Drawer, Tooltip } from '@mantine/core';
import { IconLockOpen, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { BloqueioPublico } from '@bonifica/contracts';
import { confirmarEExecutar } from '../../components/confirmar';
import { ListPage, type FiltroDef } from '../../components/list-page';
import { formatarTelefone } from '../../lib/format';
import { buscarBloqueios, chavesPublicos, useDesbloquear } from './api';
import { BloqueioForm } from './bloqueio-form';

const ORIGENS = { MANUAL: 'Manual', IMPORTACAO: 'Importação', OPT_OUT: 'Pediu para sair' } as const;

const COLUNAS: DataTableColumn<BloqueioPublico>[] = [
  { accessor: 'clienteNome', title: 'Cliente', render: (b) => b.clienteNome ?? 'Avulso' },
  { accessor: 'celular', title: 'Celular', render: (b) => (b.celular ? formatarTelefone(b.celular) : '—') },
  { accessor: 'email', title: 'E-mail', render: (b) => b.email ?? '—' },
  { accessor: 'motivo', title: 'Motivo', render: (b) => b.motivo ?? '—' },
  {
    accessor: 'origem',
    title: 'Origem',
    render: (b) => (
      <Badge variant="light" color={b.origem === 'OPT_OUT' ? 'orange' : 'gray'}>
        {ORIGENS[b.origem]}
      </Badge>
    ),
  },
  { accessor: 'criadoEm', title: 'Desde', render: (b) => `${new Date(b.criadoEm).toLocaleDateString('pt-BR')}${b.usuarioNome ? ` · ${b.usuarioNome}` : ''}` },
];

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome, celular, e-mail ou motivo' },
  { nome: 'origem', rotulo: 'Origem', tipo: 'selecao', opcoes: Object.entries(ORIGENS).map(([value, label]) => ({ value, label })) },
];

/** Marketing › Bloqueio de público: who never receives marketing, whatever their consent. */
export function Component() {
  const desbloquear = useDesbloquear();
  const [aberto, setAberto] = useState(false);
  const acoesLinha = useCallback(
    (b: BloqueioPublico) => (
      <Tooltip label="Remover do bloqueio">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remover bloqueio de ${b.clienteNome ?? b.celular ?? b.email}`}
          onClick={() =>
            void confirmarEExecutar({
              mensagem: `Deseja remover ${b.clienteNome ?? b.celular ?? b.email} da lista de bloqueio? Voltará a receber marketing se tiver consentimento.`,
              destrutiva: true,
              acao: () => desbloquear.mutateAsync(b.id),
              sucesso: 'Removido da lista de bloqueio.',
            })
          }
        >
          <IconLockOpen size={18} />
        </ActionIcon>
      </Tooltip>
    ),
    [desbloquear],
  );
  return (
    <>
      <ListPage<BloqueioPublico>
        titulo="Bloqueio de público"
        descricao="Clientes, celulares e e-mails que nunca recebem marketing, mesmo com consentimento. Mensagens de transação (comprovante, prêmio) seguem a sua própria regra."
        colunas={COLUNAS}
        buscar={buscarBloqueios}
        chaveConsulta={chavesPublicos.listaBloqueios}
        filtros={FILTROS}
        acoesLinha={acoesLinha}
        mensagemVazia="Ninguém bloqueado."
        acaoNovo={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAberto(true)}>
            Bloquear
          </Button>
        }
      />
      <Drawer opened={aberto} onClose={() => setAberto(false)} position="right" size="md" title="Incluir na lista de bloqueio">
        {aberto && <BloqueioForm aoConcluir={() => setAberto(false)} />}
      </Drawer>
    </>
  );
}
