import { useState } from 'react';
import { Badge, Group, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { ROTULO_STATUS_MENSAGEM } from '@bonifica/contracts';
import { TabelaSimples } from '../../components/tabela-simples';
import { formatarInteiro, formatarTelefone } from '../../lib/format';
import { useParticipantes } from './api';

const SITUACAO: Record<string, string> = ROTULO_STATUS_MENSAGEM;
const TAMANHO = 20;

/** `filtrar/participantes/{campanha}/{página}/{tamanho}`: who was reached, by group, with each message's status. */
export function ParticipantesCampanha({ campanhaId }: { campanhaId: number }) {
  const [grupo, setGrupo] = useState<'' | 'ENVIO' | 'CONTROLE'>('');
  const [pagina, setPagina] = useState(0);
  const q = useParticipantes(campanhaId, pagina, TAMANHO, grupo);
  const p = q.data;
  return (
    <Stack>
      <Group justify="space-between">
        <SegmentedControl
          value={grupo}
          onChange={(g) => {
            setGrupo(g as typeof grupo);
            setPagina(0);
          }}
          data={[
            { value: '', label: 'Todos' },
            { value: 'ENVIO', label: 'Receberam' },
            { value: 'CONTROLE', label: 'Controle' },
          ]}
        />
        <Text size="sm" c="dimmed">
          {formatarInteiro(p?.totalElements ?? 0)} participantes
        </Text>
      </Group>
      <TabelaSimples colunas={[{ titulo: 'Participante' }, { titulo: 'Celular / e-mail', visibleFrom: 'sm' }, { titulo: 'Grupo' }, { titulo: 'Mensagem' }]} minWidth={320}>
        {(p?.content ?? []).map((x) => (
          <Table.Tr key={x.tipo === 'CONTATO' ? `k${x.contatoId}` : `c${x.clienteId}`}>
            <Table.Td>
              {x.nome}{' '}
              {x.tipo === 'CONTATO' && (
                <Badge size="xs" variant="outline" color="grape">
                  Contato
                </Badge>
              )}
            </Table.Td>
            <Table.Td visibleFrom="sm">{[x.celular ? formatarTelefone(x.celular) : null, x.email].filter(Boolean).join(' · ')}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={x.grupo === 'CONTROLE' ? 'gray' : 'blue'}>
                {x.grupo === 'CONTROLE' ? 'Controle' : 'Envio'}
              </Badge>
            </Table.Td>
            <Table.Td>{x.situacao ? (SITUACAO[x.situacao] ?? x.situacao) : 'Não recebe'}</Table.Td>
          </Table.Tr>
        ))}
      </TabelaSimples>
      {(p?.totalPages ?? 0) > 1 && <Pagination total={p!.totalPages} value={pagina + 1} onChange={(n) => setPagina(n - 1)} size="sm" />}
    </Stack>
  );
}
