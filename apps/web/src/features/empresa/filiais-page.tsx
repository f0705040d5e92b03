import { useCallback, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Tooltip } from '@mantine/core';
import { IconBan, IconEdit, IconPlus, IconQrcode } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { formatarCnpj, formatarTelefone, type Filial } from '@bonifica/contracts';
import { confirmarEExecutar } from '../../components/confirmar';
import { FormDrawer } from '../../components/form-page';
import { aPartirDe, ListPage, SoNoCelular, type FiltroDef } from '../../components/list-page';
import { useDownload } from '../../components/use-download';
import { buscarFiliais, chavesEmpresa, imprimirQrCode, useDesativarFilial } from './api';
import { FilialForm } from './filial-form';

const COLUNAS: DataTableColumn<Filial>[] = [
  {
    accessor: 'shortName',
    title: 'Nome',
    sortable: true,
    render: (f) => (
      <Group gap="xs" wrap="nowrap">
        {f.shortName}
        {f.tipo === 'MATRIZ' && (
          <Badge color="blue" variant="light" size="sm">
            Matriz
          </Badge>
        )}
        {!f.ativa && (
          <SoNoCelular>
            <Badge color="gray" variant="light" size="sm">
              Inativa
            </Badge>
          </SoNoCelular>
        )}
      </Group>
    ),
  },
  // On a phone: name (with the status) and the actions; the rest from `sm`/`md` on.
  { accessor: 'cnpj', title: 'CNPJ', visibleMediaQuery: aPartirDe('sm'), render: (f) => (f.cnpj ? formatarCnpj(f.cnpj) : '—') },
  { accessor: 'cidade', title: 'Cidade', visibleMediaQuery: aPartirDe('sm'), render: (f) => [f.cidade, f.uf].filter(Boolean).join('/') || '—' },
  { accessor: 'telefone', title: 'Telefone', visibleMediaQuery: aPartirDe('md'), render: (f) => (f.telefone ? formatarTelefone(f.telefone) : '—') },
  {
    accessor: 'ativa',
    title: 'Situação',
    visibleMediaQuery: aPartirDe('sm'),
    render: (f) => (
      <Badge color={f.ativa ? 'teal' : 'gray'} variant="light">
        {f.ativa ? 'Ativa' : 'Inativa'}
      </Badge>
    ),
  },
];

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome, cidade ou CNPJ' },
  { nome: 'ativa', rotulo: 'Situação', tipo: 'booleano', opcoes: [{ value: 'true', label: 'Ativas' }, { value: 'false', label: 'Inativas' }] },
];

type Edicao = { registro: Filial | null } | null;

/** Empresa › Filiais: the stores of the network, their data and their counter poster. */
export function Component() {
  const desativar = useDesativarFilial();
  const [edicao, setEdicao] = useState<Edicao>(null);
  const [baixando, baixar] = useDownload();

  const pedirDesativacao = useCallback(
    async (f: Filial) => {
      await confirmarEExecutar({
        mensagem: `Deseja desativar a filial ${f.shortName}? Seus usuários não poderão entrar e seus dispositivos não poderão vender; o histórico fica.`,
        destrutiva: true,
        acao: () => desativar.mutateAsync(f.id),
        sucesso: 'Filial desativada.',
      });
    },
    [desativar],
  );

  const acoesLinha = useCallback(
    (f: Filial) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label="Cartaz com QR Code">
          <ActionIcon variant="subtle" aria-label={`Cartaz QR Code de ${f.shortName}`} loading={baixando} onClick={() => void baixar(() => imprimirQrCode(f.id))}>
            <IconQrcode size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Editar">
          <ActionIcon variant="subtle" aria-label={`Editar ${f.shortName}`} onClick={() => setEdicao({ registro: f })}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
        {f.tipo === 'FILIAL' && f.ativa && (
          <Tooltip label="Desativar">
            <ActionIcon variant="subtle" color="red" aria-label={`Desativar ${f.shortName}`} onClick={() => void pedirDesativacao(f)}>
              <IconBan size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    ),
    [baixando, baixar, pedirDesativacao],
  );

  const fechar = useCallback(() => setEdicao(null), []);

  return (
    <>
      <ListPage<Filial>
        titulo="Filiais"
        descricao="A matriz e as lojas da rede: dados, endereço, fuso horário, logo e cartaz com QR Code."
        colunas={COLUNAS}
        buscar={buscarFiliais}
        chaveConsulta={chavesEmpresa.listaFiliais}
        filtros={FILTROS}
        acoesLinha={acoesLinha}
        acaoNovo={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEdicao({ registro: null })}>
            Nova filial
          </Button>
        }
      />
      <FormDrawer aberto={edicao !== null} aoFechar={fechar} titulo={edicao?.registro ? 'Editar filial' : 'Nova filial'}>
        {edicao && <FilialForm key={edicao.registro?.id ?? 'nova'} registro={edicao.registro} aoSalvar={fechar} />}
      </FormDrawer>
    </>
  );
}
