import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Grid, Group, Menu, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterPlus } from '@tabler/icons-react';
import type { CondicoesPublicoEntrada } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { notificar } from '../../components/notificar';
import { PaginaCarregando } from '../../components/pagina-carregando';
import { usePublico, useSalvarPublico } from './api';
import { condicaoInicial, ROTULOS_CONDICAO, TIPOS_CONDICAO, type TipoCondicao } from './condicoes';
import { LinhaCondicao } from './linha-condicao';
import { ContagemCompacta, PainelContagem } from './painel-contagem';

/** Marketing › Públicos › novo / edição: the filter builder with the live count beside it. */
export function Component() {
  const { id } = useParams();
  const publicoId = id ? Number(id) : null;
  const existente = usePublico(publicoId);
  if (publicoId !== null && !existente.data) return existente.isError ? <Text c="red">{existente.error.message}</Text> : <PaginaCarregando />;
  return <Construtor key={publicoId ?? 'novo'} inicial={existente.data ?? null} />;
}

type Inicial = { id: number; nome: string; descricao: string | null; condicoes: CondicoesPublicoEntrada } | null;

export function Construtor({ inicial }: { inicial: Inicial }) {
  const navegar = useNavigate();
  const salvar = useSalvarPublico();
  const [nome, setNome] = useState(inicial?.nome ?? '');
  const [descricao, setDescricao] = useState(inicial?.descricao ?? '');
  const [condicoes, setCondicoes] = useState<CondicoesPublicoEntrada>(inicial?.condicoes ?? {});
  const [erroNome, setErroNome] = useState<string | null>(null);
  // The count follows the conditions after a pause in typing, not on every key.
  const [adiadas] = useDebouncedValue(condicoes, 400);

  const presentes = useMemo(() => TIPOS_CONDICAO.filter((t) => condicoes[t] !== undefined), [condicoes]);
  const ausentes = TIPOS_CONDICAO.filter((t) => condicoes[t] === undefined);

  const adicionar = (t: TipoCondicao) => setCondicoes((c) => ({ ...c, ...condicaoInicial(t) }));
  const remover = (t: TipoCondicao) =>
    setCondicoes((c) => {
      const { [t]: _fora, ...resto } = c;
      return resto;
    });

  useEffect(() => setErroNome(null), [nome]);

  async function gravar() {
    if (nome.trim().length < 2) {
      setErroNome('Informe o nome do público.');
      return;
    }
    try {
      await salvar.mutateAsync({ ...(inicial ? { id: inicial.id } : {}), nome: nome.trim(), descricao: descricao.trim() || null, condicoes });
      notificar.sucesso('Público salvo.');
      void navegar('/app/marketing/publicos');
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  }

  return (
    <Stack>
      <CabecalhoPagina
        titulo={inicial ? `Público: ${inicial.nome}` : 'Novo público'}
        descricao="Escolha as condições: entram os clientes que atendem a todas. A contagem ao lado acompanha cada mudança."
        acoes={
          <Group gap="xs">
            <Button variant="default" onClick={() => void navegar('/app/marketing/publicos')}>
              Voltar
            </Button>
            <Button onClick={() => void gravar()} loading={salvar.isPending}>
              Salvar público
            </Button>
          </Group>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <TextInput label="Nome do público" required value={nome} onChange={(e) => setNome(e.currentTarget.value)} error={erroNome} maxLength={80} />
            <Textarea label="Descrição" value={descricao} onChange={(e) => setDescricao(e.currentTarget.value)} maxLength={500} autosize minRows={1} />
            {presentes.length === 0 && (
              <Text size="sm" c="dimmed">
                Sem condições, o público tem todos os clientes ativos.
              </Text>
            )}
            {presentes.map((t) => (
              <LinhaCondicao key={t} tipo={t} condicoes={condicoes} mudar={(p) => setCondicoes((c) => ({ ...c, ...p }))} remover={() => remover(t)} />
            ))}
            {ausentes.length > 0 && (
              <Menu position="bottom-start" withinPortal>
                <Menu.Target>
                  <Button variant="light" leftSection={<IconFilterPlus size={16} />} w="fit-content">
                    Adicionar condição
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {ausentes.map((t) => (
                    <Menu.Item key={t} onClick={() => adicionar(t)}>
                      {ROTULOS_CONDICAO[t]}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
            <Switch
              label="Incluir também os contatos importados (que ainda não são clientes)"
              checked={Boolean(condicoes.incluirContatos)}
              onChange={(e) => {
                const marcado = e.currentTarget.checked;
                setCondicoes((c) => ({ ...c, incluirContatos: marcado || undefined }));
              }}
            />
            <ContagemCompacta condicoes={adiadas} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PainelContagem condicoes={adiadas} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
