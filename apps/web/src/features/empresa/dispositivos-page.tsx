import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconKey, IconPlayerPause, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { formatarDataHora, type Dispositivo } from '@bonifica/contracts';
import { confirmarEExecutar } from '../../components/confirmar';
import { FormDrawer } from '../../components/form-page';
import { BotaoExcluir, ListPage, type FiltroDef } from '../../components/list-page';
import { notificar } from '../../components/notificar';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { buscarDispositivos, chavesEmpresa, tokenDesteNavegador, useAlterarStatusDispositivo, useExcluirDispositivo, useNovoTokenDispositivo } from './api';
import { DispositivoForm } from './dispositivo-form';
import { TokenDispositivo } from './token-dispositivo';

const COLUNAS: DataTableColumn<Dispositivo>[] = [
  { accessor: 'nome', title: 'Nome' },
  { accessor: 'identificador', title: 'Identificador' },
  { accessor: 'filialNome', title: 'Filial' },
  { accessor: 'ultimoAcesso', title: 'Último acesso', render: (d) => (d.ultimoAcesso ? formatarDataHora(d.ultimoAcesso) : 'Nunca') },
  {
    accessor: 'ativo',
    title: 'Situação',
    render: (d) => (
      <Badge color={d.ativo ? 'teal' : 'gray'} variant="light">
        {d.ativo ? 'Ativo' : 'Desativado'}
      </Badge>
    ),
  },
];

type Edicao = { registro: Dispositivo | null } | null;

/** Empresa › Dispositivos: the counter computers and tablets allowed to run the terminal. */
export function Component() {
  const filiais = useFiliaisRede();
  const alterarStatus = useAlterarStatusDispositivo();
  const novoToken = useNovoTokenDispositivo();
  const excluir = useExcluirDispositivo();
  const [edicao, setEdicao] = useState<Edicao>(null);
  const [comToken, setComToken] = useState<Dispositivo | null>(null);

  const filtros = useMemo<FiltroDef[]>(
    () => [
      { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome ou identificador' },
      { nome: 'filialId', rotulo: 'Filial', tipo: 'selecao', opcoes: (filiais.data ?? []).map((f) => ({ value: String(f.id), label: f.shortName })) },
      { nome: 'ativo', rotulo: 'Situação', tipo: 'booleano', opcoes: [{ value: 'true', label: 'Ativos' }, { value: 'false', label: 'Desativados' }] },
    ],
    [filiais.data],
  );

  const acoesLinha = useCallback(
    (d: Dispositivo) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label="Editar">
          <ActionIcon variant="subtle" aria-label={`Editar ${d.nome}`} onClick={() => setEdicao({ registro: d })}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={d.ativo ? 'Desativar' : 'Ativar'}>
          <ActionIcon
            variant="subtle"
            color={d.ativo ? 'orange' : 'teal'}
            aria-label={`${d.ativo ? 'Desativar' : 'Ativar'} ${d.nome}`}
            onClick={() =>
              void (d.ativo
                ? confirmarEExecutar({ mensagem: `Deseja desativar o dispositivo ${d.nome}? O terminal nele deixa de vender.`, destrutiva: true, acao: () => alterarStatus.mutateAsync(d.id), sucesso: 'Dispositivo desativado.' })
                : alterarStatus.mutateAsync(d.id).then(
                    () => notificar.sucesso('Dispositivo ativado.'),
                    (e: Error) => notificar.erro(e.message),
                  ))
            }
          >
            {d.ativo ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Gerar novo token">
          <ActionIcon
            variant="subtle"
            aria-label={`Gerar novo token de ${d.nome}`}
            onClick={async () => {
              let gerado: Dispositivo | null = null;
              const ok = await confirmarEExecutar({
                mensagem: `Gerar um novo token para ${d.nome}? O navegador pareado hoje deixa de ser reconhecido.`,
                acao: async () => {
                  gerado = await novoToken.mutateAsync(d.id);
                },
                sucesso: 'Novo token gerado.',
              });
              if (ok) setComToken(gerado);
            }}
          >
            <IconKey size={18} />
          </ActionIcon>
        </Tooltip>
        <BotaoExcluir nome={d.nome} mensagem={`Deseja excluir o dispositivo ${d.nome}?`} excluir={() => excluir.mutateAsync(d.id)} sucesso={'Dispositivo excluído.'} />
      </Group>
    ),
    [alterarStatus, novoToken, excluir],
  );

  const fechar = useCallback(() => setEdicao(null), []);
  const pareado = tokenDesteNavegador() !== null;

  return (
    <>
      <ListPage<Dispositivo>
        titulo="Dispositivos"
        descricao={`Computadores e tablets do balcão que usam o terminal. Com algum dispositivo cadastrado, só os pareados e ativos registram vendas.${pareado ? ' Este navegador está pareado.' : ''}`}
        colunas={COLUNAS}
        buscar={buscarDispositivos}
        chaveConsulta={chavesEmpresa.listaDispositivos}
        filtros={filtros}
        acoesLinha={acoesLinha}
        acaoNovo={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEdicao({ registro: null })}>
            Novo dispositivo
          </Button>
        }
      />
      <FormDrawer aberto={edicao !== null} aoFechar={fechar} titulo={edicao?.registro ? 'Editar dispositivo' : 'Novo dispositivo'}>
        {edicao && (
          <DispositivoForm
            key={edicao.registro?.id ?? 'novo'}
            registro={edicao.registro}
            aoSalvar={(d) => {
              fechar();
              if (d?.token) setComToken(d);
            }}
          />
        )}
      </FormDrawer>
      <TokenDispositivo dispositivo={comToken} aoFechar={() => setComToken(null)} />
    </>
  );
}
