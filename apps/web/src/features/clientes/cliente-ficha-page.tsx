import { Anchor, Badge, Center, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PODE_CONSULTAR_CARTOES, PODE_CONSULTAR_CLIENTES, PODE_GERENCIAR_PLANOS, ROTULOS_STATUS_CLIENTE } from '@bonifica/contracts';
import { useUsuarioLogado } from '../../app/session/usuario';
import { PaginaErro } from '../../components/pagina-erro';
import { can } from '../../lib/access';
import { formatarTelefone } from '../../lib/format';
import { useCliente } from './api';
import { ClienteForm, COR_STATUS } from './cliente-form';
import { SecaoAcoes } from './ficha/secao-acoes';
import { SecaoCartoes } from './ficha/secao-cartoes';
import { SecaoContas, SecaoExtrato } from './ficha/secao-contas';
import { SecaoNotas } from './ficha/secao-notas';
import { SecaoPlanos } from './ficha/secao-planos';
import { formatarDocumento } from './mascaras';

const ABAS = ['dados', 'cartoes', 'contas', 'extrato', 'planos', 'notas', 'acoes'] as const;
type Aba = (typeof ABAS)[number];

/** Cadastros › Clientes › ficha: everything about one customer, one tab per subject (issue 3 §1). */
export function Component() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const usuario = useUsuarioLogado();
  const registro = useCliente(Number.isInteger(id) && id > 0 ? id : null);
  const verPlanos = can(usuario, PODE_GERENCIAR_PLANOS);
  const verCartoes = can(usuario, PODE_CONSULTAR_CARTOES);
  const pedida = params.get('aba') as Aba | null;
  const aba: Aba = pedida && ABAS.includes(pedida) && (pedida !== 'planos' || verPlanos) && (pedida !== 'cartoes' || verCartoes) ? pedida : 'dados';

  const voltar = { rotulo: 'Voltar para Clientes', para: '/app/cadastros/clientes' };
  if (!Number.isInteger(id) || id <= 0) return <PaginaErro titulo="Cliente não encontrado" descricao="O endereço não traz um cliente válido." acao={voltar} />;
  if (registro.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Carregando cliente" />
      </Center>
    );
  }
  if (registro.isError) return <PaginaErro titulo="Não foi possível abrir o cliente" descricao={registro.error.message} acao={voltar} />;
  const c = registro.data;

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/app/cadastros/clientes" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Clientes
        </Group>
      </Anchor>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={2}>{c.nome}</Title>
            <Text size="sm" c="dimmed">
              {[formatarDocumento(c.documento), formatarTelefone(c.celular), c.email].filter(Boolean).join(' · ') || 'Sem documento nem contato'}
            </Text>
          </Stack>
          <Badge color={COR_STATUS[c.status]} variant="light" size="lg">
            {ROTULOS_STATUS_CLIENTE[c.status]}
          </Badge>
        </Group>
      </Paper>
      <Tabs value={aba} onChange={(v) => setParams(v && v !== 'dados' ? { aba: v } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="dados">Dados</Tabs.Tab>
          {verCartoes && <Tabs.Tab value="cartoes">Cartões</Tabs.Tab>}
          <Tabs.Tab value="contas">Contas</Tabs.Tab>
          <Tabs.Tab value="extrato">Extrato</Tabs.Tab>
          {verPlanos && <Tabs.Tab value="planos">Planos</Tabs.Tab>}
          <Tabs.Tab value="notas">Notas</Tabs.Tab>
          <Tabs.Tab value="acoes">Ações</Tabs.Tab>
        </Tabs.List>
        <Paper withBorder radius="md" p="md" mt="sm">
          <Tabs.Panel value="dados">
            <ClienteForm key={`${c.id}-${c.atualizadoEm}`} registro={c} aoSalvar={() => undefined} />
          </Tabs.Panel>
          {verCartoes && (
            <Tabs.Panel value="cartoes">
              <SecaoCartoes clienteId={c.id} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="contas">
            <SecaoContas clienteId={c.id} />
          </Tabs.Panel>
          <Tabs.Panel value="extrato">
            <SecaoExtrato clienteId={c.id} />
          </Tabs.Panel>
          {verPlanos && (
            <Tabs.Panel value="planos">
              <SecaoPlanos clienteId={c.id} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="notas">
            <SecaoNotas clienteId={c.id} podeEscrever={can(usuario, PODE_CONSULTAR_CLIENTES) && c.status !== 'ANONIMIZADO'} />
          </Tabs.Panel>
          <Tabs.Panel value="acoes">
            <SecaoAcoes cliente={c} />
          </Tabs.Panel>
        </Paper>
      </Tabs>
    </Stack>
  );
}
