import { useCallback, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconLock, IconLockOpen, IconPrinter } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { PODE_BLOQUEAR_CONTAS, ROTULOS_UNIDADE, UNIDADES, type ContaBloqueada } from '@bonifica/contracts';
import { useUsuarioLogado } from '../../app/session/usuario';
import { confirmarEExecutar } from '../../components/confirmar';
import { FormDrawer } from '../../components/form-page';
import { ListPage, SoNoCelular, aPartirDe, type FiltroDef, useFiltroDaTela } from '../../components/list-page';
import { useDownload } from '../../components/use-download';
import { can } from '../../lib/access';
import { formatarDataHora, formatarValorConta } from '../../lib/format';
import { buscarBloqueadas, chavesContas, imprimirBloqueadas, paraFiltroBloqueadas, useDesbloquearConta } from './api';
import { BloquearForm } from './bloquear-form';

const saldo = (c: ContaBloqueada) => formatarValorConta(c.unidade, c.saldo);

const COLUNAS: DataTableColumn<ContaBloqueada>[] = [
  {
    accessor: 'clienteNome',
    title: 'Cliente',
    render: (c) => (
      <>
        <Text size="sm">{c.clienteNome}</Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {c.motivo ?? 'Sem motivo registrado.'}
        </Text>
        <SoNoCelular>
          <Text size="xs">Saldo guardado: {saldo(c)}</Text>
        </SoNoCelular>
      </>
    ),
  },
  {
    accessor: 'unidade',
    title: 'Conta',
    noWrap: true,
    render: (c) => (
      <Badge color="red" variant="light">
        {ROTULOS_UNIDADE[c.unidade]}
      </Badge>
    ),
  },
  { accessor: 'saldo', title: 'Saldo', textAlign: 'right', noWrap: true, visibleMediaQuery: aPartirDe('sm'), render: saldo },
  { accessor: 'bloqueadaEm', title: 'Bloqueada em', noWrap: true, visibleMediaQuery: aPartirDe('md'), render: (c) => (c.bloqueadaEm ? formatarDataHora(c.bloqueadaEm) : '—') },
];

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Cliente: nome, CPF/CNPJ ou celular' },
  { nome: 'unidade', rotulo: 'Conta', tipo: 'selecao', placeholder: 'Todas', opcoes: UNIDADES.map((u) => ({ value: u, label: ROTULOS_UNIDADE[u] })) },
];

/** Relatórios › Contas bloqueadas: accounts that neither receive nor pay, why, and since when. */
export function Component() {
  const usuario = useUsuarioLogado();
  const podeBloquear = can(usuario, PODE_BLOQUEAR_CONTAS);
  const desbloquear = useDesbloquearConta();
  const filtroDaTela = useFiltroDaTela(FILTROS);
  const [bloqueando, setBloqueando] = useState(false);
  const [imprimindo, baixar] = useDownload();

  const pedirDesbloqueio = useCallback(
    (c: ContaBloqueada) =>
      void confirmarEExecutar({
        mensagem: `Desbloquear a conta de ${ROTULOS_UNIDADE[c.unidade].toLowerCase()} de ${c.clienteNome}? Ela volta a receber e pagar nas vendas.`,
        acao: () => desbloquear.mutateAsync({ clienteId: c.clienteId, unidade: c.unidade }),
        sucesso: 'Conta desbloqueada.',
      }),
    [desbloquear],
  );

  const acoesLinha = useCallback(
    (c: ContaBloqueada) =>
      podeBloquear ? (
        <Tooltip label="Desbloquear">
          <ActionIcon variant="subtle" aria-label={`Desbloquear conta de ${ROTULOS_UNIDADE[c.unidade].toLowerCase()} de ${c.clienteNome}`} onClick={() => pedirDesbloqueio(c)}>
            <IconLockOpen size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null,
    [podeBloquear, pedirDesbloqueio],
  );

  const imprimir = () => baixar(() => imprimirBloqueadas(paraFiltroBloqueadas(filtroDaTela())));

  return (
    <>
      <ListPage<ContaBloqueada>
        titulo="Contas bloqueadas"
        descricao="Uma conta bloqueada não recebe nem paga em vendas até ser desbloqueada; o saldo fica guardado."
        colunas={COLUNAS}
        buscar={buscarBloqueadas}
        chaveConsulta={chavesContas.bloqueadas}
        filtros={FILTROS}
        idRegistro={(c) => c.contaId}
        acoesLinha={acoesLinha}
        acaoNovo={
          <Group gap="xs">
            <Button variant="default" leftSection={<IconPrinter size={16} />} loading={imprimindo} onClick={() => void imprimir()}>
              Imprimir
            </Button>
            {podeBloquear && (
              <Button color="red" leftSection={<IconLock size={16} />} onClick={() => setBloqueando(true)}>
                Bloquear conta
              </Button>
            )}
          </Group>
        }
      />
      <FormDrawer aberto={bloqueando} aoFechar={() => setBloqueando(false)} titulo="Bloquear conta" tamanho="md">
        {bloqueando && <BloquearForm aoSalvar={() => setBloqueando(false)} />}
      </FormDrawer>
    </>
  );
}
