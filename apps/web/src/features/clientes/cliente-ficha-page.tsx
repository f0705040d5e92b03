import { Anchor, Center, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useParams, useSearchParams } from 'react-router';
import { CONSTANTES, PODE_CONSULTAR_CARTOES, PODE_CONSULTAR_CLIENTES, PODE_GERENCIAR_CLIENTES, PODE_GERENCIAR_CONTAS, PODE_GERENCIAR_PLANOS } from '@bonifica/contracts';
import { useUsuarioLogado } from '../../app/session/usuario';
import { PaginaErro } from '../../components/pagina-erro';
import { can } from '../../lib/access';
import { formatarDocumento, formatarTelefone } from '../../lib/format';
import { useCliente } from './api';
import { ClienteForm } from './cliente-form';
import { SecaoAcoes } from './ficha/secao-acoes';
import { SecaoCartoes } from './ficha/secao-cartoes';
import { SecaoContas, SecaoExtrato } from './ficha/secao-contas';
import { SecaoNotas } from './ficha/secao-notas';
import { SecaoPlanos } from './ficha/secao-planos';
import { EtiquetasCliente } from './ficha/etiquetas-cliente';
import { BadgeStatusCliente } from '../../components/badges-situacao';

const ABAS = ['dados', 'cartoes', 'contas', 'extrato', 'planos', 'notas', 'acoes'] as const;
type Aba = (typeof ABAS)[number];

/** Cadastros › Clientes › ficha: everything about one customer, one tab per subject (issue 3 §1). */
export function Component() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const usuario = useUsuarioLogado();
  // Seven underlined tabs wrap into two rows on a phone and read as two tab bars; pills wrap cleanly.
  const estreito = useMediaQuery(`(max-width: ${CONSTANTES.breakpointMobile - 0.02}px)`);
  const registro = useCliente(Number.isInteger(id) && id > 0 ? id : null);
  const verPlanos = can(usuario, PODE_GERENCIAR_PLANOS);
  const verCartoes = can(usuario, PODE_CONSULTAR_CARTOES);
  // Manual adjustment and reversal: the permission account/lancamento/ajuste and estornar require.
  const gerenciaContas = can(usuario, PODE_GERENCIAR_CONTAS);
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
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} fz="h2">
              {c.nome}
            </Title>
            <Text size="sm" c="dimmed">
              {[formatarDocumento(c.documento), formatarTelefone(c.celular), c.email].filter(Boolean).join(' · ') || 'Sem documento nem contato'}
            </Text>
          </Stack>
          <BadgeStatusCliente status={c.status} size="lg" />
        </Group>
        <div style={{ marginTop: 8 }}>
          <EtiquetasCliente clienteId={c.id} podeEditar={can(usuario, PODE_GERENCIAR_CLIENTES) && c.status !== 'ANONIMIZADO'} />
        </div>
      </Paper>
      <Tabs variant={estreito ? 'pills' : 'default'} value={aba} onChange={(v) => setParams(v && v !== 'dados' ? { aba: v } : {}, { replace: true })} keepMounted={false}>
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
            <ClienteForm key={`${c.id}-${c.atualizadoEm}`} registro={c} aoSalvar={() => undefined} comSituacao={false} />
          </Tabs.Panel>
          {verCartoes && (
            <Tabs.Panel value="cartoes">
              <SecaoCartoes clienteId={c.id} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="contas">
            <SecaoContas clienteId={c.id} nomeCliente={c.nome} podeAjustar={gerenciaContas && c.status !== 'ANONIMIZADO'} />
          </Tabs.Panel>
          <Tabs.Panel value="extrato">
            <SecaoExtrato clienteId={c.id} podeEstornar={gerenciaContas} />
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
