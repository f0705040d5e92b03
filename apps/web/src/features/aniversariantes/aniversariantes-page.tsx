import { useMemo, useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Text, Tooltip, type MantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBrandWhatsapp, IconPrinter } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useSearchParams } from 'react-router';
import { CONSTANTES, hojeISO, type Aniversariante } from '@bonifica/contracts';
import { ListPage, lerEstadoLista, type FiltroDef } from '../../components/list-page';
import { notificar } from '../../components/notificar';
import { formatarTelefone, nomeCurto } from '../../lib/format';
import { useEmpresasRede } from '../clientes/api';
import { buscarAniversariantes, chavesAniversariantes, imprimirAniversariantes, linkWhatsapp } from './api';

const MESES = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];

const aPartirDeSm = (tema: MantineTheme) => `(min-width: ${tema.breakpoints.sm})`;

/** On a phone only day, name and the WhatsApp action fit across: age and mobile go under the name. */
function ResumoCelular({ a }: { a: Aniversariante }) {
  const estreito = useMediaQuery(`(max-width: ${CONSTANTES.breakpointMobile - 0.02}px)`);
  if (!estreito) return null;
  return (
    <Text size="xs" c="dimmed">
      {[`faz ${a.idade} anos`, formatarTelefone(a.celular)].filter(Boolean).join(' · ')}
    </Text>
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
  { accessor: 'idade', title: 'Faz', noWrap: true, visibleMediaQuery: aPartirDeSm, render: (a) => `${a.idade} anos` },
  { accessor: 'celular', title: 'Celular', noWrap: true, visibleMediaQuery: aPartirDeSm, render: (a) => formatarTelefone(a.celular) || '—' },
  {
    accessor: 'filialOrigemNome',
    title: 'Filial',
    noWrap: true,
    visibleMediaQuery: (tema) => `(min-width: ${tema.breakpoints.md})`,
    render: (a) => (a.filialOrigemNome ? nomeCurto(a.filialOrigemNome) : '—'),
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
  const empresas = useEmpresasRede();
  const [params] = useSearchParams();
  const [imprimindo, setImprimindo] = useState(false);
  const mesAtual = Number(hojeISO().slice(5, 7));

  const filtros = useMemo<FiltroDef[]>(
    () => [
      { nome: 'mes', rotulo: 'Mês', tipo: 'selecao', placeholder: `${MESES[mesAtual - 1]} (mês atual)`, opcoes: MESES.map((m, i) => ({ value: String(i + 1), label: m })) },
      { nome: 'filialOrigemId', rotulo: 'Filial de origem', tipo: 'selecao', placeholder: 'Todas', opcoes: (empresas.data ?? []).map((e) => ({ value: String(e.id), label: e.shortName })) },
    ],
    [empresas.data, mesAtual],
  );

  async function imprimir() {
    setImprimindo(true);
    try {
      await imprimirAniversariantes(lerEstadoLista(params, { filtros, camposOrdenaveis: [] }).filtro);
    } catch (e) {
      notificar.erro((e as Error).message);
    } finally {
      setImprimindo(false);
    }
  }

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
