import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Modal, SegmentedControl, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBan, IconKey, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { formatarDataHora, SITUACOES_TOKEN, type SituacaoToken, type TokenApiResumo } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { confirmarEExecutar } from '../../components/confirmar';
import { EstadoConsulta } from '../../components/estado-consulta';
import { EditarTokenForm } from './editar-token-form';
import { NovoTokenForm } from './novo-token-form';
import { useRevogarTokenApi, useTokensApi } from './api';

const COR: Record<SituacaoToken, string> = { ATIVO: 'teal', VENCIDO: 'orange', REVOGADO: 'gray' };
const ROTULO: Record<SituacaoToken, string> = { ATIVO: 'Ativo', VENCIDO: 'Vencido', REVOGADO: 'Revogado' };

type Filtro = SituacaoToken | 'TODOS';

type PropsToken = { t: TokenApiResumo };

const ultimoUso = (t: TokenApiResumo) => (t.ultimoUso ? formatarDataHora(t.ultimoUso) : 'Nunca');
const validade = (t: TokenApiResumo) => (t.expiraEm ? t.expiraEm.split('-').reverse().join('/') : 'Sem validade');

function NomeToken({ t }: PropsToken) {
  return (
    <Group gap={6} wrap="nowrap">
      <IconKey size={16} />
      <div>
        <Text size="sm" fw={500}>
          {t.nome}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {t.prefixo}…
        </Text>
      </div>
    </Group>
  );
}

function Escopos({ t }: PropsToken) {
  return (
    <Group gap={4}>
      {t.redeCredenciadaNome && (
        <Badge color="grape" variant="light" size="sm" tt="none">
          Parceiro: {t.redeCredenciadaNome}
        </Badge>
      )}
      {t.escopos.map((e) => (
        <Badge key={e} variant="light" size="sm" tt="none">
          {e}
        </Badge>
      ))}
    </Group>
  );
}

function BadgeSituacao({ t }: PropsToken) {
  return (
    <Badge color={COR[t.situacao]} variant="light">
      {ROTULO[t.situacao]}
    </Badge>
  );
}

type PropsAcoes = PropsToken & { aoEditar: (t: TokenApiResumo) => unknown; aoRevogar: (t: TokenApiResumo) => unknown };

/** Edit and revoke; a revoked token is history (the API refuses to change it), so it has neither. */
function AcoesToken({ t, aoEditar, aoRevogar }: PropsAcoes) {
  if (t.situacao === 'REVOGADO') return null;
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Editar">
        <ActionIcon variant="subtle" aria-label={`Editar ${t.nome}`} onClick={() => aoEditar(t)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Revogar">
        <ActionIcon variant="subtle" color="red" aria-label={`Revogar ${t.nome}`} onClick={() => aoRevogar(t)}>
          <IconBan size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Empresa › API: the tokens tills and ERPs use to post sales (docs/areas/integracao.md). */
export function Component() {
  const consulta = useTokensApi();
  const revogar = useRevogarTokenApi();
  const [criando, setCriando] = useState(false);
  const [editando, setEditando] = useState<TokenApiResumo | null>(null);
  const [busca, setBusca] = useState('');
  const [situacao, setSituacao] = useState<Filtro>('ATIVO');
  // Spec §4: below 768 px the list becomes cards, so the state and the revoke button stay in view.
  const celular = useMediaQuery('(max-width: 767px)') ?? false;

  const linhas = useMemo(() => {
    const termo = busca.trim().toLowerCase();
    return (consulta.data ?? []).filter(
      (t) => (situacao === 'TODOS' || t.situacao === situacao) && (!termo || t.nome.toLowerCase().includes(termo) || t.prefixo.toLowerCase().includes(termo)),
    );
  }, [consulta.data, busca, situacao]);

  const pedirRevogacao = (t: TokenApiResumo) =>
    confirmarEExecutar({
      mensagem: `Revogar o token "${t.nome}" (${t.prefixo}…)? Os sistemas que o usam deixam de lançar vendas na hora.`,
      destrutiva: true,
      acao: () => revogar.mutateAsync(t.id),
      sucesso: 'Token revogado.',
    });

  return (
    <Stack gap="md">
      <CabecalhoPagina
        titulo="API / integrações"
        descricao="Tokens para o PDV ou o ERP lançarem vendas, resgates e cancelamentos sem o navegador. Guia de integração e referência em /services/docs."
        acoes={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCriando(true)}>
            Novo token
          </Button>
        }
      />
      <Group gap="sm" wrap="wrap">
        <TextInput leftSection={<IconSearch size={16} />} placeholder="Buscar por nome ou prefixo" value={busca} onChange={(e) => setBusca(e.currentTarget.value)} aria-label="Buscar tokens" style={{ flex: 1, minWidth: 200 }} />
        <SegmentedControl
          value={situacao}
          onChange={(v) => setSituacao(v as Filtro)}
          data={[...SITUACOES_TOKEN.map((s) => ({ value: s, label: ROTULO[s] })), { value: 'TODOS', label: 'Todos' }]}
          aria-label="Situação"
        />
      </Group>
      <EstadoConsulta
        titulo="Tokens de API"
        consulta={consulta}
        vazio={linhas.length === 0}
        mensagemVazia={consulta.data?.length ? 'Nenhum token com esses filtros.' : 'Nenhum token criado. Crie um para conectar o PDV ou o ERP.'}
      >
        {celular ? (
          <Stack gap="sm">
            {linhas.map((t) => (
              <Card key={t.id} withBorder padding="sm" aria-label={t.nome}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <NomeToken t={t} />
                  <Group gap={4} wrap="nowrap">
                    <BadgeSituacao t={t} />
                    <AcoesToken t={t} aoEditar={setEditando} aoRevogar={pedirRevogacao} />
                  </Group>
                </Group>
                <Stack gap={4} mt="xs">
                  <Text size="sm">Filial: {t.filialNome ?? 'Toda a rede'}</Text>
                  <Escopos t={t} />
                  <Text size="xs" c="dimmed">
                    Último uso: {ultimoUso(t)} · Validade: {validade(t)}
                  </Text>
                </Stack>
              </Card>
            ))}
          </Stack>
        ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Filial</Table.Th>
                  <Table.Th>Escopos</Table.Th>
                  <Table.Th>Último uso</Table.Th>
                  <Table.Th>Validade</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th aria-label="Ações" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {linhas.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td>
                      <NomeToken t={t} />
                    </Table.Td>
                    <Table.Td>{t.filialNome ?? 'Toda a rede'}</Table.Td>
                    <Table.Td>
                      <Escopos t={t} />
                    </Table.Td>
                    <Table.Td>{ultimoUso(t)}</Table.Td>
                    <Table.Td>{validade(t)}</Table.Td>
                    <Table.Td>
                      <BadgeSituacao t={t} />
                    </Table.Td>
                    <Table.Td>
                      <AcoesToken t={t} aoEditar={setEditando} aoRevogar={pedirRevogacao} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
        )}
      </EstadoConsulta>
      <Modal opened={criando} onClose={() => setCriando(false)} title="Novo token de API" centered closeOnClickOutside={false} fullScreen={celular}>
        {criando && <NovoTokenForm aoFechar={() => setCriando(false)} />}
      </Modal>
      <Modal opened={editando !== null} onClose={() => setEditando(null)} title="Editar token de API" centered closeOnClickOutside={false} fullScreen={celular}>
        {editando && <EditarTokenForm key={editando.id} token={editando} aoFechar={() => setEditando(null)} />}
      </Modal>
    </Stack>
  );
}
