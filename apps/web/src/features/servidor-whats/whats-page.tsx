import { Alert, Badge, Button, Card, Group, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBrandWhatsapp, IconPlugConnectedX, IconQrcode, IconRefresh, IconRotateClockwise } from '@tabler/icons-react';
import { MINUTOS_SEM_ACK_ALERTA, type EstadoInstancia, type Instancia } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { confirmar } from '../../components/confirmar';
import { EstadoConsulta } from '../../components/estado-consulta';
import { notificar } from '../../components/notificar';
import { formatarDataHora, formatarTelefone } from '../../lib/format';
import { RitmoEnvio } from './ritmo';
import { Dado } from './dado';
import { useAtualizar, useDesconectar, useNovaInstancia, useParear, useReiniciar, useSimularLeitura, useStatusWhats, useUtilizacao } from './api';

const ESTADO: Record<EstadoInstancia, { rotulo: string; cor: string }> = {
  CONECTADA: { rotulo: 'Conectada', cor: 'green' },
  CONECTANDO: { rotulo: 'Aguardando leitura do QR code', cor: 'blue' },
  DESCONECTADA: { rotulo: 'Desconectada', cor: 'red' },
};

const avisoErro = (e: Error) => notificar.erro(e.message);

function numeroLegivel(n: string | null): string {
  if (!n) return '—';
  return formatarTelefone(n.startsWith('55') && n.length >= 12 ? n.slice(2) : n);
}

/** The QR to read with the phone (WhatsApp › Aparelhos conectados), and the sandbox's stand-in for the phone. */
function Pareamento({ qrCode, codigo, sandbox, aoSimular, simulando }: { qrCode: string | null; codigo: string | null; sandbox: boolean; aoSimular: () => void; simulando: boolean }) {
  return (
    <Stack gap="xs" align="center">
      {qrCode ? <Image src={qrCode} alt="QR code para parear o WhatsApp" w={220} h={220} fit="contain" /> : <Text size="sm">Gerando o QR code…</Text>}
      {codigo && (
        <Text size="sm">
          Ou digite o código <b>{codigo}</b> no celular.
        </Text>
      )}
      <Text size="xs" c="dimmed" ta="center" maw={320}>
        No celular: WhatsApp › Configurações › Aparelhos conectados › Conectar um aparelho, e aponte a câmera para o QR code.
      </Text>
      {sandbox && (
        <Button size="xs" variant="light" leftSection={<IconQrcode size={14} />} loading={simulando} onClick={aoSimular}>
          Simular leitura do QR (sandbox)
        </Button>
      )}
    </Stack>
  );
}

function CartaoInstancia({ i, podeGerenciar }: { i: Instancia; podeGerenciar: boolean }) {
  const reiniciar = useReiniciar();
  const parear = useParear();
  const atualizar = useAtualizar();
  const desconectar = useDesconectar();
  const simular = useSimularLeitura();
  const t = i.transferencia;
  const sandbox = i.servidorTipo === 'sandbox';
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm" miw={0} maw="100%">
            {/* Sentence case and a cap on the width: the pairing label is long for a 390 px phone. */}
            <Badge size="lg" tt="none" maw="100%" color={ESTADO[i.estado].cor} variant="light">
              {ESTADO[i.estado].rotulo}
            </Badge>
            {i.pausada && (
              <Badge color="orange" variant="light">
                Envios pausados
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {i.empresaId === null ? 'Número compartilhado da plataforma' : 'Número próprio da empresa'}
          </Text>
        </Group>
        {i.parouDeEntregar && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Conectada, mas sem confirmação de entrega">
            A última mensagem saiu em {formatarDataHora(i.ultimoEnvioEm!)} e nenhuma confirmação de entrega voltou há mais de {MINUTOS_SEM_ACK_ALERTA} minutos. Verifique se o celular está ligado e com internet, ou
            reinicie a instância.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Dado rotulo="Número" valor={numeroLegivel(i.numero)} />
          <Dado rotulo="Pareado em" valor={i.pareadaEm ? formatarDataHora(i.pareadaEm) : '—'} />
          <Dado rotulo="Última mensagem enviada" valor={i.ultimoEnvioEm ? formatarDataHora(i.ultimoEnvioEm) : 'Nenhuma ainda'} />
          <Dado rotulo="Última confirmação de entrega" valor={i.ultimoAckEm ? formatarDataHora(i.ultimoAckEm) : 'Nenhuma ainda'} />
        </SimpleGrid>
        {i.estado === 'CONECTANDO' && !t && <Pareamento qrCode={i.qrCode} codigo={i.codigoPareamento} sandbox={sandbox} simulando={simular.isPending} aoSimular={() => simular.mutate(i.id, { onError: avisoErro })} />}
        {t && (
          <Alert color="blue" title={`Mudança de servidor: ${t.servidorOrigemNome} → ${t.servidorDestinoNome}`}>
            <Stack gap="xs">
              <Text size="sm">Leia este novo QR code com o mesmo celular. Até lá, o WhatsApp continua funcionando pelo servidor atual e nenhuma mensagem se perde.</Text>
              <Pareamento qrCode={t.qrCode} codigo={t.codigoPareamento} sandbox={sandbox} simulando={simular.isPending} aoSimular={() => simular.mutate(i.id, { onError: avisoErro })} />
            </Stack>
          </Alert>
        )}
        <RitmoEnvio instanciaId={i.id} />
        {podeGerenciar && (
          <Group gap="xs">
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={atualizar.isPending} onClick={() => atualizar.mutate(i.id, { onError: avisoErro })}>
              Atualizar estado
            </Button>
            {i.estado !== 'CONECTADA' && (
              <Button size="xs" leftSection={<IconQrcode size={14} />} loading={parear.isPending} onClick={() => parear.mutate(i.id, { onError: avisoErro })}>
                {i.estado === 'CONECTANDO' ? 'Gerar novo QR code' : 'Conectar'}
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRotateClockwise size={14} />}
              loading={reiniciar.isPending}
              onClick={() => reiniciar.mutate(i.id, { onError: avisoErro, onSuccess: () => notificar.sucesso('Instância reiniciada.') })}
            >
              Reiniciar
            </Button>
            {i.estado === 'CONECTADA' && (
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconPlugConnectedX size={14} />}
                loading={desconectar.isPending}
                onClick={() =>
                  void confirmar({ mensagem: 'Desconectar o WhatsApp? Os envios param até um novo pareamento.', destrutiva: true }).then((sim) => sim && desconectar.mutate(i.id, { onError: avisoErro }))
                }
              >
                Desconectar
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}


function Utilizacao() {
  const consulta = useUtilizacao(true);
  const dias = (consulta.data ?? []).filter((d) => d.enviadas + d.entregues + d.lidas + d.falhas > 0);
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        Utilização (últimos 14 dias)
      </Title>
      <EstadoConsulta consulta={consulta} vazio={dias.length === 0} mensagemVazia="Nenhuma mensagem de WhatsApp nos últimos 14 dias." titulo="Utilização">
        <Table.ScrollContainer minWidth={420}>
          <Table striped verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Dia</Table.Th>
                <Table.Th>Enviadas</Table.Th>
                <Table.Th>Entregues</Table.Th>
                <Table.Th>Lidas</Table.Th>
                <Table.Th>Falhas</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dias.map((d) => (
                <Table.Tr key={d.dia}>
                  <Table.Td>{d.dia.split('-').reverse().join('/')}</Table.Td>
                  <Table.Td>{d.enviadas}</Table.Td>
                  <Table.Td>{d.entregues}</Table.Td>
                  <Table.Td>{d.lidas}</Table.Td>
                  <Table.Td>{d.falhas}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </EstadoConsulta>
    </Stack>
  );
}

/** /app/servidor/whats (spec §2): the company's WhatsApp number, its pairing and its true state. */
export function Component() {
  const consulta = useStatusWhats();
  const nova = useNovaInstancia();
  const s = consulta.data;
  return (
    <Stack gap="lg" maw={900}>
      <CabecalhoPagina titulo="Servidor WhatsApp" descricao="O número de WhatsApp que envia as mensagens da sua empresa." />
      <EstadoConsulta consulta={consulta} vazio={false} mensagemVazia="" titulo="Servidor WhatsApp">
        {s && s.tipo === 'NENHUM' && s.instancias.length === 0 && (
          <Alert color="gray" icon={<IconBrandWhatsapp size={18} />}>
            Sua empresa não contratou o servidor de WhatsApp.
          </Alert>
        )}
        {s && s.tipo === 'DEDICADO' && s.instancias.length === 0 && (
          <Card withBorder padding="lg">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">Sua empresa contratou um número próprio. Crie a instância e leia o QR code com o celular do número que vai enviar as mensagens.</Text>
              <Button leftSection={<IconBrandWhatsapp size={16} />} loading={nova.isPending} onClick={() => nova.mutate(undefined, { onError: avisoErro })}>
                Criar instância
              </Button>
            </Stack>
          </Card>
        )}
        {s && s.tipo === 'COMPARTILHADO' && s.instancias.length === 0 && <Alert color="gray">O número compartilhado da plataforma ainda não está disponível.</Alert>}
        {s && (
          <Stack gap="md">
            {s.instancias.map((i) => (
              <CartaoInstancia key={i.id} i={i} podeGerenciar={s.podeGerenciar} />
            ))}
          </Stack>
        )}
      </EstadoConsulta>
      {s && s.tipo !== 'NENHUM' && <Utilizacao />}
    </Stack>
  );
}
