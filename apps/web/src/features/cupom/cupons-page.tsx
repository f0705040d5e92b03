import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp, IconCopy, IconEdit, IconFileSpreadsheet, IconFileDownload, IconPlayerPlay, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { diaNoFuso, ROTULOS_BENEFICIO_CUPOM, type Cupom, type CupomCopia, type TipoCupom } from '@bonifica/contracts';
import { BadgeAtivo } from '../../components/badges-situacao';
import { FormDrawer } from '../../components/form-page';
import { aPartirDe, BotaoExcluir, ListPage, SoNoCelular, type FiltroDef } from '../../components/list-page';
import { notificar } from '../../components/notificar';
import { ProgressoTarefa } from '../../components/progresso-tarefa';
import { formatarBRL } from '../../lib/format';
import { baixarCsv, baixarEnviosWhats, buscarCupons, chavesCupons, duplicarCupom, gerarCodigos, imprimirCupons, useExcluirCupom } from './api';
import { CupomForm } from './cupom-form';
import { EnvioWhats } from './envio-whats';

const beneficio = (c: Cupom) =>
  `${ROTULOS_BENEFICIO_CUPOM[c.beneficio]}: ${c.percentual !== null ? `${c.percentual.toLocaleString('pt-BR')}%` : formatarBRL(c.valor ?? 0)}`;

function colunas(tipo: TipoCupom): DataTableColumn<Cupom>[] {
  return [
    {
      accessor: 'nome',
      title: 'Cupom',
      render: (c) => (
        <>
          {c.nome}
          <SoNoCelular>
            <Text size="xs" c="dimmed">
              {beneficio(c)}
            </Text>
          </SoNoCelular>
        </>
      ),
    },
    { accessor: 'beneficio', title: 'Benefício', render: beneficio, visibleMediaQuery: aPartirDe('sm') },
    tipo === 'ONLINE'
      ? { accessor: 'urlCurto', title: 'Link', render: (c) => (c.urlCurto ? <Anchor href={c.urlCurto} target="_blank" rel="noreferrer">{`${window.location.origin}${c.urlCurto}`}</Anchor> : '—') }
      : { accessor: 'codigosGerados', title: 'Códigos', textAlign: 'right', render: (c) => `${c.codigosGerados.toLocaleString('pt-BR')} / ${c.quantidade.toLocaleString('pt-BR')}` },
    { accessor: 'usos', title: 'Usos', textAlign: 'right', render: (c) => (c.usosTotal ? `${c.usos} / ${c.usosTotal}` : c.usos) },
    { accessor: 'dataVencimento', title: 'Vence em', visibleMediaQuery: aPartirDe('sm'), render: (c) => (c.dataVencimento ? c.dataVencimento.split('-').reverse().join('/') : '—') },
    {
      accessor: 'ativo',
      title: 'Situação',
      // An active coupon past its date is refused at the counter: the list says so instead of "Ativo".
      render: (c) =>
        c.ativo && c.dataVencimento && c.dataVencimento < diaNoFuso(new Date()) ? (
          <Badge color="orange" variant="light">
            Vencido
          </Badge>
        ) : (
          <BadgeAtivo ativo={c.ativo} />
        ),
    },
  ];
}

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome ou palavra-chave' },
  { nome: 'ativo', rotulo: 'Situação', tipo: 'booleano', opcoes: [{ value: 'true', label: 'Ativos' }, { value: 'false', label: 'Inativos' }] },
];

const TEXTOS: Record<TipoCupom, { titulo: string; descricao: string }> = {
  IMPRESSO: { titulo: 'Cupons impressos', descricao: 'Folhas de cupons com código único, QR e código de barras, para recortar e entregar.' },
  ONLINE: { titulo: 'Cupons online', descricao: 'Uma página pública (e um link curto) onde o cliente pede o cupom com CPF ou celular.' },
  LOTE: { titulo: 'Lotes de cupons', descricao: 'Milhares de códigos únicos de um padrão, gerados em segundo plano, para baixar em CSV.' },
};

type Edicao = { registro: Cupom | null; copia?: CupomCopia | null } | null;

/** Cupons › Impressos / Online / Lotes: one screen per kind (docs/areas/cupons.md). */
export function PaginaCupons({ tipo }: { tipo: TipoCupom }) {
  const excluir = useExcluirCupom();
  const queryClient = useQueryClient();
  const [edicao, setEdicao] = useState<Edicao>(null);
  const [tarefa, setTarefa] = useState<string | null>(null);
  const [envioWhats, setEnvioWhats] = useState<Cupom | null>(null);
  const fechar = useCallback(() => setEdicao(null), []);
  const falhou = (e: unknown) => notificar.erro(e instanceof Error ? e.message : 'Não foi possível concluir.');
  const acoesLinha = useCallback(
    (c: Cupom) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label="Editar">
          <ActionIcon variant="subtle" aria-label={`Editar ${c.nome}`} onClick={() => setEdicao({ registro: c })}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Duplicar">
          <ActionIcon variant="subtle" aria-label={`Duplicar ${c.nome}`} onClick={() => void duplicarCupom(c.id).then((copia) => setEdicao({ registro: null, copia }), falhou)}>
            <IconCopy size={18} />
          </ActionIcon>
        </Tooltip>
        {tipo !== 'ONLINE' && (
          <>
            <Tooltip label="Gerar códigos">
              <ActionIcon variant="subtle" aria-label={`Gerar códigos de ${c.nome}`} disabled={c.codigosGerados >= c.quantidade} onClick={() => void gerarCodigos(c.id).then(setTarefa, falhou)}>
                <IconPlayerPlay size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Imprimir (PDF)">
              <ActionIcon variant="subtle" aria-label={`Imprimir ${c.nome}`} disabled={c.codigosGerados === 0} onClick={() => void imprimirCupons(c.id).catch(falhou)}>
                <IconPrinter size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Baixar CSV">
              <ActionIcon variant="subtle" aria-label={`Baixar CSV de ${c.nome}`} disabled={c.codigosGerados === 0} onClick={() => void baixarCsv(c.id).catch(falhou)}>
                <IconFileSpreadsheet size={18} />
              </ActionIcon>
            </Tooltip>
          </>
        )}
        <Tooltip label="Enviar por WhatsApp">
          <ActionIcon variant="subtle" color="green" aria-label={`Enviar ${c.nome} por WhatsApp`} disabled={!c.ativo} onClick={() => setEnvioWhats(c)}>
            <IconBrandWhatsapp size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Baixar envios (CSV)">
          <ActionIcon variant="subtle" aria-label={`Baixar envios de ${c.nome}`} onClick={() => void baixarEnviosWhats(c.id).catch(falhou)}>
            <IconFileDownload size={18} />
          </ActionIcon>
        </Tooltip>
        <BotaoExcluir
          nome={c.nome}
          mensagem={c.usos > 0 || c.codigosGerados > 0 ? `${c.nome} já tem códigos ou usos: ele será desativado, não apagado. Continuar?` : `Deseja excluir o cupom ${c.nome}?`}
          excluir={() => excluir.mutateAsync(c.id)}
          sucesso="Cupom excluído ou desativado."
        />
      </Group>
    ),
    [excluir, tipo],
  );
  const textos = TEXTOS[tipo];
  // Stable per kind: the list keys its query and its fetch on them.
  const { buscar, chave, cols } = useMemo(() => ({ buscar: buscarCupons(tipo), chave: chavesCupons.lista(tipo), cols: colunas(tipo) }), [tipo]);
  return (
    <>
      <ListPage<Cupom>
        titulo={textos.titulo}
        descricao={textos.descricao}
        colunas={cols}
        buscar={buscar}
        chaveConsulta={chave}
        filtros={FILTROS}
        acoesLinha={acoesLinha}
        mensagemVazia="Nenhum cupom ainda."
        acaoNovo={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEdicao({ registro: null })}>
            Novo cupom
          </Button>
        }
      />
      <FormDrawer aberto={edicao !== null} aoFechar={fechar} titulo={edicao?.registro ? 'Editar cupom' : edicao?.copia ? 'Duplicar cupom' : 'Novo cupom'}>
        {edicao && <CupomForm key={edicao.registro?.id ?? (edicao.copia ? 'copia' : 'novo')} tipo={tipo} registro={edicao.registro} copia={edicao.copia} aoSalvar={fechar} />}
      </FormDrawer>
      <EnvioWhats cupom={envioWhats} aoFechar={() => setEnvioWhats(null)} />
      <Modal opened={tarefa !== null} onClose={() => setTarefa(null)} title="Gerando os códigos">
        {tarefa && (
          <ProgressoTarefa caminho={`status/assincrono/${tarefa}`} mostrarArquivo={false} aoTerminar={() => void queryClient.invalidateQueries({ queryKey: chavesCupons.todos })} />
        )}
      </Modal>
    </>
  );
}
