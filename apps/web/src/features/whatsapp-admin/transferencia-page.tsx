import { useState } from 'react';
import { Badge, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { EstadoTransferencia } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { confirmar } from '../../components/confirmar';
import { EstadoConsulta } from '../../components/estado-consulta';
import { notificar } from '../../components/notificar';
import { formatarDataHora } from '../../lib/format';
import { useCancelarTransferencia, useIniciarTransferencia, useInstanciasAdmin, useServidores, useTransferencias } from './api';

const ESTADO: Record<EstadoTransferencia, { rotulo: string; cor: string }> = {
  PAREANDO: { rotulo: 'Aguardando leitura do QR', cor: 'blue' },
  CONCLUIDA: { rotulo: 'Concluída', cor: 'green' },
  CANCELADA: { rotulo: 'Cancelada', cor: 'gray' },
  FALHOU: { rotulo: 'Falhou', cor: 'red' },
};

/**
 * Sistema › Transferência de servidor: moves a company's instance to another server. The new one is
 * paired by the company (its page shows the new QR); when it connects, the instance switches over
 * and the old one is removed. Queued messages keep pointing at the same instance.
 */
export function Component() {
  const instancias = useInstanciasAdmin();
  const servidores = useServidores();
  const transferencias = useTransferencias();
  const iniciar = useIniciarTransferencia();
  const cancelar = useCancelarTransferencia();
  const [instanciaId, setInstanciaId] = useState<string | null>(null);
  const [destinoId, setDestinoId] = useState<string | null>(null);
  const atual = instancias.data?.find((i) => String(i.id) === instanciaId);
  const destinos = (servidores.data ?? []).filter((s) => s.ativo && s.id !== atual?.servidorId);

  const transferir = async () => {
    const destino = destinos.find((s) => String(s.id) === destinoId);
    if (!atual || !destino) return;
    if (!(await confirmar({ mensagem: `Transferir a instância de ${atual.empresaNome ?? 'empresa'} de ${atual.servidorNome} para ${destino.nome}? O número precisará ser pareado de novo.` }))) return;
    iniciar.mutate(
      { instanciaId: atual.id, servidorDestinoId: destino.id },
      {
        onSuccess: () => {
          notificar.sucesso('Transferência iniciada. A empresa deve ler o novo QR code na página do WhatsApp.');
          setInstanciaId(null);
          setDestinoId(null);
        },
        onError: (e) => notificar.erro(e.message),
      },
    );
  };

  return (
    <Stack gap="lg">
      <CabecalhoPagina titulo="Transferência de servidor" descricao="Move a instância de WhatsApp de uma empresa para outro servidor, com novo pareamento e sem perder as mensagens na fila." />
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Nova transferência
          </Title>
          <Group align="flex-end" wrap="wrap">
            <Select
              label="Instância"
              placeholder="Escolha a instância"
              searchable
              w={{ base: '100%', sm: 320 }}
              data={(instancias.data ?? []).map((i) => ({ value: String(i.id), label: `${i.empresaNome ?? 'Empresa'} — ${i.servidorNome}` }))}
              value={instanciaId}
              onChange={(v) => {
                setInstanciaId(v);
                setDestinoId(null);
              }}
            />
            <Select
              label="Servidor de destino"
              placeholder="Escolha o servidor"
              w={{ base: '100%', sm: 260 }}
              disabled={!atual}
              data={destinos.map((s) => ({ value: String(s.id), label: `${s.nome} (${s.ocupadas} de ${s.capacidade})`, disabled: s.ocupadas >= s.capacidade }))}
              value={destinoId}
              onChange={setDestinoId}
            />
            <Button leftSection={<IconArrowsExchange size={16} />} disabled={!atual || !destinoId} loading={iniciar.isPending} onClick={() => void transferir()}>
              Transferir
            </Button>
          </Group>
        </Stack>
      </Card>
      <Stack gap="xs">
        <Title order={2} fz="h3">
          Transferências
        </Title>
        <EstadoConsulta consulta={transferencias} vazio={(transferencias.data ?? []).length === 0} mensagemVazia="Nenhuma transferência feita." titulo="Transferências">
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Empresa</Table.Th>
                  <Table.Th>De</Table.Th>
                  <Table.Th>Para</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th>Início</Table.Th>
                  <Table.Th>Fim</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(transferencias.data ?? []).map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td>{t.empresaNome ?? 'Número compartilhado'}</Table.Td>
                    <Table.Td>{t.servidorOrigemNome}</Table.Td>
                    <Table.Td>{t.servidorDestinoNome}</Table.Td>
                    <Table.Td>
                      <Badge color={ESTADO[t.estado].cor} variant="light">
                        {ESTADO[t.estado].rotulo}
                      </Badge>
                      {t.erro && (
                        <Text size="xs" c="red">
                          {t.erro}
                        </Text>
                      )}
                      {t.estado === 'CONCLUIDA' && !t.antigaRemovida && (
                        <Text size="xs" c="orange">
                          Remova a instância antiga no servidor de origem.
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatarDataHora(t.criadoEm)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{t.concluidoEm ? formatarDataHora(t.concluidoEm) : '—'}</Table.Td>
                    <Table.Td>
                      {t.estado === 'PAREANDO' && (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() =>
                            void confirmar({ mensagem: 'Cancelar esta transferência? A instância continua no servidor atual.', destrutiva: true }).then(
                              (sim) => sim && cancelar.mutate(t.id, { onError: (e) => notificar.erro(e.message) }),
                            )
                          }
                        >
                          Cancelar
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </EstadoConsulta>
      </Stack>
    </Stack>
  );
}
