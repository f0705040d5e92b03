import { useMemo } from 'react';
import { ActionIcon, Anchor, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp, IconPrinter } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { hojeISO, type Aniversariante } from '@bonifica/contracts';
import { ListPage, SoNoCelular, aPartirDe, type FiltroDef, useFiltroDaTela } from '../../components/list-page';
import { useDownload } from '../../components/use-download';
import { formatarTelefone } from '../../lib/format';
import { buscarAniversariantes, chavesAniversariantes, imprimirAniversariantes, linkWhatsapp } from './api';
import { useFiliaisRede } from '../../components/use-filiais-rede';

const MESES = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];

/** On a phone only day, name and the WhatsApp action fit across: age and mobile go under the name. */
function ResumoCelular({ a }: { a: Aniversariante }) {
  return (
    <SoNoCelular>
      <Text size="xs" c="dimmed">
        {[`faz ${a.idade} anos`, formatarTelefone(a.celular)].filter(Boolean).join(' · ')}
      </Text>
    </SoNoCelular>
  );
}

const COLUNAS: DataTableColumn<Aniversariante>[] = [
  { accessor: 'aniversario', title: 'Dia', noWrap: true, render: (a) => `${a.aniversario.slice(8, 10)}/${a.aniversario.slice(5, 7)}` },
  {
    accessor: 'nome',
    title: 'Cliente',
    render: (a) => (
      <>
        <Anchor component={Link} to={`/app/cadastros/clientes/${a.id}`} size="sm">
          {a.nome}
        </Anchor>
        <ResumoCelular a={a} />
      </>
    ),
  },
  { accessor: 'idade', title: 'Completa', noWrap: true, visibleMediaQuery: aPartirDe('sm'), render: (a) => `${a.idade} anos` },
  { accessor: 'celular', title: 'Celular', noWrap: true, visibleMediaQuery: aPartirDe('sm'), render: (a) => formatarTelefone(a.celular) || '—' },
  {
    accessor: 'filialOrigemNome',
    title: 'Filial',
    ellipsis: true,
    visibleMediaQuery: aPartirDe('md'),
    render: (a) => <span title={a.filialOrigemNome ?? undefined}>{a.filialOrigemNome ?? '—'}</span>,
  },
];

/** A WhatsApp greeting only for a number on WhatsApp whose owner agreed to be messaged there (LGPD). */
function acoes(a: Aniversariante) {
  if (!a.celular || !a.celularWhatsapp) return null;
  if (!a.consentimentoWhatsapp) {
    return (
      <Text size="xs" c="dimmed" ta="right">
        Sem consentimento
      </Text>
    );
  }
  return (
    <Group justify="flex-end">
      <Tooltip label="Parabenizar pelo WhatsApp">
        <ActionIcon component="a" href={linkWhatsapp(a.celular, a.nome)} target="_blank" rel="noopener noreferrer" variant="subtle" color="green" aria-label={`WhatsApp de ${a.nome}`}>
          <IconBrandWhatsapp size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Cadastros › Aniversariantes: the month's birthdays in calendar order, to greet or print. */
export function Component() {
  const empresas = useFiliaisRede();
  const [imprimindo, baixar] = useDownload();
  const mesAtual = Number(hojeISO().slice(5, 7));

  const filtros = useMemo<FiltroDef[]>(
    () => [
      { nome: 'mes', rotulo: 'Mês', tipo: 'selecao', placeholder: `${MESES[mesAtual - 1]} (atual)`, opcoes: MESES.map((m, i) => ({ value: String(i + 1), label: m })) },
      { nome: 'filialOrigemId', rotulo: 'Filial de origem', tipo: 'selecao', placeholder: 'Todas', opcoes: (empresas.data ?? []).map((e) => ({ value: String(e.id), label: e.shortName })) },
    ],
    [empresas.data, mesAtual],
  );

  const filtroDaTela = useFiltroDaTela(filtros);
  const imprimir = () => baixar(() => imprimirAniversariantes(filtroDaTela()));

  return (
    <ListPage<Aniversariante>
      titulo="Aniversariantes"
      descricao="Clientes ativos que fazem aniversário no mês, em ordem de dia. Quem nasceu em 29/02 aparece em 28/02 nos anos não bissextos."
      colunas={COLUNAS}
      buscar={buscarAniversariantes}
      chaveConsulta={chavesAniversariantes.lista}
      filtros={filtros}
      acoesLinha={acoes}
      acaoNovo={
        <Button variant="default" leftSection={<IconPrinter size={16} />} loading={imprimindo} onClick={() => void imprimir()}>
          Imprimir lista
        </Button>
      }
    />
  );
}
