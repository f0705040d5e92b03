import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, NumberInput, PasswordInput, Select, Stack, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { Servidor, ServidorSalvar, SituacaoServidor } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { confirmar } from '../../components/confirmar';
import { EstadoConsulta } from '../../components/estado-consulta';
import { notificar } from '../../components/notificar';
import { formatarDataHora } from '../../lib/format';
import { useExcluirServidor, useSalvarOrdem, useSalvarServidor, useServidores, useStatusServidor, useTestarServidor } from './api';

const COR_SITUACAO: Record<SituacaoServidor, string> = { OK: 'green', FALHA: 'red', DESCONHECIDA: 'gray' };
const ROTULO_SITUACAO: Record<SituacaoServidor, string> = { OK: 'No ar', FALHA: 'Fora do ar', DESCONHECIDA: 'Não verificado' };

export function BadgeSituacaoServidor({ s }: { s: Pick<Servidor, 'situacao' | 'ultimoErro'> }) {
  const badge = (
    <Badge color={COR_SITUACAO[s.situacao]} variant="light">
      {ROTULO_SITUACAO[s.situacao]}
    </Badge>
  );
  return s.ultimoErro ? <Tooltip label={s.ultimoErro}>{badge}</Tooltip> : badge;
}

type Rascunho = { id?: number; nome: string; tipo: 'evolution' | 'sandbox'; baseUrl: string; chave: string; capacidade: number | string; ativo: boolean };
const NOVO: Rascunho = { nome: '', tipo: 'evolution', baseUrl: '', chave: '', capacidade: 50, ativo: true };

function FormServidor({ inicial, aoFechar }: { inicial: Rascunho; aoFechar: () => void }) {
  const [r, setR] = useState(inicial);
  const [erro, setErro] = useState<string | null>(null);
  const salvar = useSalvarServidor();
  const testar = useTestarServidor();
  const editando = r.id !== undefined;
  const corpo = (): ServidorSalvar => ({ ...(editando ? { id: r.id } : {}), nome: r.nome, tipo: r.tipo, baseUrl: r.baseUrl, chave: r.chave || undefined, capacidade: Number(r.capacidade), ativo: r.ativo });
  const enviar = async () => {
    setErro(null);
    try {
      await salvar.mutateAsync(corpo());
      notificar.sucesso('Servidor salvo.');
      aoFechar();
    } catch (e) {
      setErro((e as Error).message);
    }
  };
  const testarConexao = async () => {
    try {
      const t = await testar.mutateAsync({ ...(editando ? { id: r.id } : {}), tipo: r.tipo, baseUrl: r.baseUrl || undefined, chave: r.chave || undefined });
      (t.ok ? notificar.sucesso : notificar.erro)(`${t.mensagem} (${t.latenciaMs} ms)`);
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  };
  return (
    <Stack gap="sm">
      <TextInput label="Nome" required value={r.nome} onChange={(e) => setR({ ...r, nome: e.currentTarget.value })} maxLength={80} />
      <Select
        label="Tipo"
        data={[
          { value: 'evolution', label: 'Evolution API v2' },
          { value: 'sandbox', label: 'Sandbox (sem WhatsApp real)' },
        ]}
        value={r.tipo}
        onChange={(v) => v && setR({ ...r, tipo: v as Rascunho['tipo'] })}
        allowDeselect={false}
      />
      <TextInput label="Endereço" placeholder="https://whats.exemplo.com.br" required value={r.baseUrl} onChange={(e) => setR({ ...r, baseUrl: e.currentTarget.value })} />
      <PasswordInput
        label="Chave (apikey)"
        description={editando ? 'Deixe em branco para manter a chave guardada. Ela nunca é exibida.' : 'A chave global do servidor. Ela nunca é exibida depois de salva.'}
        required={!editando}
        value={r.chave}
        onChange={(e) => setR({ ...r, chave: e.currentTarget.value })}
        autoComplete="new-password"
      />
      <NumberInput label="Capacidade (instâncias)" min={1} max={100000} value={r.capacidade} onChange={(v) => setR({ ...r, capacidade: v })} />
      <Switch label="Ativo (recebe instâncias novas)" checked={r.ativo} onChange={(e) => setR({ ...r, ativo: e.currentTarget.checked })} />
      {erro && (
        <Text c="red" size="sm" role="alert">
          {erro}
        </Text>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={() => void testarConexao()} loading={testar.isPending}>
          Testar conexão
        </Button>
        <Button onClick={() => void enviar()} loading={salvar.isPending}>
          Salvar
        </Button>
      </Group>
    </Stack>
  );
}

/** Sistema › Servidores: the platform's gateway servers; new instances go to the first active one with room. */
export function Component() {
  const consulta = useServidores();
  const servidores = consulta.data ?? [];
  const [editando, setEditando] = useState<Rascunho | null>(null);
  const ordem = useSalvarOrdem();
  const status = useStatusServidor();
  const excluir = useExcluirServidor();

  const mover = (i: number, d: -1 | 1) => {
    const ids = servidores.map((s) => s.id);
    [ids[i], ids[i + d]] = [ids[i + d]!, ids[i]!];
    ordem.mutate(ids, { onError: (e) => notificar.erro(e.message) });
  };
  const remover = async (s: Servidor) => {
    if (!(await confirmar({ mensagem: `Excluir o servidor ${s.nome}?`, destrutiva: true }))) return;
    excluir.mutate(s.id, { onError: (e) => notificar.erro(e.message), onSuccess: () => notificar.sucesso('Servidor excluído.') });
  };

  return (
    <Stack gap="lg">
      <CabecalhoPagina
        titulo="Servidores"
        descricao="Servidores de WhatsApp da plataforma. Instâncias novas vão para o primeiro servidor ativo com vaga, nesta ordem."
        acoes={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditando(NOVO)}>
            Novo servidor
          </Button>
        }
      />
      <EstadoConsulta consulta={consulta} vazio={servidores.length === 0} mensagemVazia="Nenhum servidor cadastrado." titulo="Servidores">
        <Table.ScrollContainer minWidth={820}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={90}>Ordem</Table.Th>
                <Table.Th>Nome</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Endereço</Table.Th>
                <Table.Th>Ocupação</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Verificado em</Table.Th>
                <Table.Th w={130}>Ações</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {servidores.map((s, i) => (
                <Table.Tr key={s.id} opacity={s.ativo ? 1 : 0.6}>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={`Subir ${s.nome}`} disabled={i === 0 || ordem.isPending} onClick={() => mover(i, -1)}>
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" aria-label={`Descer ${s.nome}`} disabled={i === servidores.length - 1 || ordem.isPending} onClick={() => mover(i, 1)}>
                        <IconArrowDown size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {s.nome}
                    </Text>
                    {!s.ativo && (
                      <Text size="xs" c="dimmed">
                        Inativo
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{s.tipo === 'evolution' ? 'Evolution' : 'Sandbox'}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{s.baseUrl}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {s.ocupadas} de {s.capacidade}
                  </Table.Td>
                  <Table.Td>
                    <BadgeSituacaoServidor s={s} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.verificadoEm ? formatarDataHora(s.verificadoEm) : '—'}</Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={`Verificar ${s.nome}`} loading={status.isPending && status.variables === s.id} onClick={() => status.mutate(s.id, { onError: (e) => notificar.erro(e.message) })}>
                        <IconRefresh size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" aria-label={`Editar ${s.nome}`} onClick={() => setEditando({ id: s.id, nome: s.nome, tipo: s.tipo, baseUrl: s.baseUrl, chave: '', capacidade: s.capacidade, ativo: s.ativo })}>
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={`Excluir ${s.nome}`} onClick={() => void remover(s)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </EstadoConsulta>
      <Modal opened={editando !== null} onClose={() => setEditando(null)} title={editando?.id ? 'Editar servidor' : 'Novo servidor'}>
        {editando && <FormServidor inicial={editando} aoFechar={() => setEditando(null)} />}
      </Modal>
    </Stack>
  );
}
