import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Code, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconDice5, IconExternalLink, IconHandFinger, IconPrinter } from '@tabler/icons-react';
import { MENSAGEM_SEM_PARTICIPANTES, type Sorteio } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { confirmar } from '../../components/confirmar';
import { notificar } from '../../components/notificar';
import { TabelaSimples } from '../../components/tabela-simples';
import { formatarData } from '../../lib/format';
import { imprimirGanhadores, linkPublico, useEncerrar, useGanhadores, useGanhadorManual, useSemente, useSorteio, useSortear } from './api';
import { BadgeStatusSorteio } from './badge-status';
import { SeletorSorteio, useSorteioEscolhido } from './seletor-sorteio';

const falhou = (e: unknown) => notificar.erro(e instanceof Error ? e.message : 'Não foi possível concluir.');

function DadosPublicos({ s }: { s: Sorteio }) {
  const semente = useSemente();
  const [valor, setValor] = useState('');
  // The server takes a new result until the first winner drawn with it: a typo can still be fixed here.
  const podeInformar = s.status === 'CONGELADO' && s.origemSemente === 'LOTERIA' && (!s.semente || s.ganhadores === 0);
  const registrar = async () => {
    const extracao = s.dataLoteria ? formatarData(s.dataLoteria) : '—';
    const ok = await confirmar({
      mensagem: (
        <>
          Registrar <strong>{valor.trim() || '(vazio)'}</strong> como o resultado da Loteria Federal de {extracao}? Confira com o resultado publicado pela Caixa: depois do primeiro ganhador a semente não muda mais.
        </>
      ),
    });
    if (!ok) return;
    try {
      await semente.mutateAsync({ id: s.id, semente: valor });
      notificar.sucesso('Semente registrada.');
      setValor('');
    } catch (e) {
      falhou(e);
    }
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{s.nome}</Text>
          <BadgeStatusSorteio status={s.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Text size="sm">Período: {formatarData(s.inicio)} a {formatarData(s.fim)}</Text>
          <Text size="sm">Participantes: {s.totalParticipantes ?? '—'}</Text>
          <Text size="sm">Números da sorte: {s.totalNumeros?.toLocaleString('pt-BR') ?? '—'}</Text>
        </SimpleGrid>
        <Text size="sm">SHA-256 da lista:</Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }} data-testid="hash-lista">
          {s.hashLista ?? 'A lista ainda não foi congelada.'}
        </Code>
        <Text size="sm">
          Semente: {s.semente ? <Code data-testid="semente">{s.semente}</Code> : `a informar — resultado da Loteria Federal de ${s.dataLoteria ? formatarData(s.dataLoteria) : '—'}`}
        </Text>
        {podeInformar && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void registrar();
            }}
          >
            <Group align="flex-end">
              <TextInput label={s.semente ? 'Corrigir o resultado (até o primeiro ganhador sorteado)' : 'Resultado da Loteria Federal (1º prêmio)'} value={valor} onChange={(e) => setValor(e.currentTarget.value)} maw={320} />
              <Button type="submit" loading={semente.isPending}>
                {s.semente ? 'Corrigir semente' : 'Registrar semente'}
              </Button>
            </Group>
          </form>
        )}
        <Anchor href={linkPublico(s)} target="_blank" rel="noopener" size="sm">
          <Group gap={4} component="span">
            <IconExternalLink size={14} /> Página pública de verificação (link para o regulamento)
          </Group>
        </Anchor>
      </Stack>
    </Paper>
  );
}

function GanhadorManual({ s, aberto, aoFechar }: { s: Sorteio; aberto: boolean; aoFechar: () => void }) {
  const manual = useGanhadorManual();
  const [numero, setNumero] = useState('');
  const [motivo, setMotivo] = useState('');
  const registrar = async () => {
    try {
      await manual.mutateAsync({ id: s.id, numero, motivo });
      notificar.sucesso('Ganhador manual registrado.');
      setNumero('');
      setMotivo('');
      aoFechar();
    } catch (e) {
      falhou(e);
    }
  };
  return (
    <Modal opened={aberto} onClose={aoFechar} title="Ganhador manual" centered>
      <Stack
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void registrar();
        }}
      >
        <Text size="sm" c="dimmed">
          Use só quando o regulamento pedir (por exemplo, sorteio presencial). O ganhador fica marcado como MANUAL em toda parte, com o motivo.
        </Text>
        <TextInput label="Número da sorte" required inputMode="numeric" value={numero} onChange={(e) => setNumero(e.currentTarget.value)} />
        <Textarea label="Motivo" required autosize minRows={2} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={aoFechar}>
            Cancelar
          </Button>
          <Button type="submit" loading={manual.isPending}>
            Registrar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Sorteios › Ganhadores: the public data of a draw, drawing the next winner, manual winners and the printout. */
export function Component() {
  const [id] = useSorteioEscolhido();
  const sorteio = useSorteio(id);
  const ganhadores = useGanhadores(id);
  const sortear = useSortear();
  const encerrar = useEncerrar();
  // The server says when nobody is left for the next prize; only then is closing the draw offered.
  const [semParticipantes, setSemParticipantes] = useState<number | null>(null);
  const [manualAberto, setManualAberto] = useState(false);
  const s = sorteio.data;
  const pode = !!s && s.status === 'CONGELADO';
  /** Asks first (a winner cannot be undone) and names the prize, so a second click is refused, never a second prize. */
  const sortearProximo = async (atual: Sorteio) => {
    const posicao = atual.ganhadores + 1;
    const ok = await confirmar({ mensagem: `Sortear agora o ${posicao}º prêmio (${atual.premios[posicao - 1] ?? ''})? O ganhador sai do algoritmo publicado e não pode ser desfeito.` });
    if (!ok) return;
    try {
      await sortear.mutateAsync({ id: atual.id, posicao });
      notificar.sucesso('Ganhador sorteado.');
    } catch (e) {
      if (e instanceof Error && e.message === MENSAGEM_SEM_PARTICIPANTES) setSemParticipantes(atual.id);
      falhou(e);
    }
  };
  const encerrarSorteio = async (atual: Sorteio) => {
    const restantes = atual.premios.length - atual.ganhadores;
    const ok = await confirmar({
      mensagem: `Encerrar o sorteio com ${restantes} ${restantes === 1 ? 'prêmio' : 'prêmios'} sem ganhador? Ninguém mais concorre (um prêmio por cliente); a página pública e o PDF dizem isso.`,
      destrutiva: true,
    });
    if (!ok) return;
    try {
      await encerrar.mutateAsync(atual.id);
      notificar.sucesso('Sorteio encerrado.');
    } catch (e) {
      falhou(e);
    }
  };
  return (
    <Stack gap="lg">
      <CabecalhoPagina
        titulo="Ganhadores"
        descricao="Cada ganhador sai do algoritmo publicado sobre a lista congelada e a semente; qualquer pessoa refaz o sorteio na página pública."
        acoes={
          s && (
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => void imprimirGanhadores(s.id).catch(falhou)}>
              Imprimir ganhadores
            </Button>
          )
        }
      />
      <SeletorSorteio />
      {s && <DadosPublicos s={s} />}
      {s && s.status === 'RASCUNHO' && <Alert color="blue">Congele a lista em Sorteios › Sorteios ao fim do período para sortear.</Alert>}
      {s && (
        <Group>
          <Button leftSection={<IconDice5 size={16} />} disabled={!pode || !s.semente} loading={sortear.isPending} onClick={() => void sortearProximo(s)}>
            Sortear {s.ganhadores + 1 <= s.premios.length ? `o ${s.ganhadores + 1}º prêmio` : 'próximo'}
          </Button>
          <Button variant="default" leftSection={<IconHandFinger size={16} />} disabled={!pode} onClick={() => setManualAberto(true)}>
            Ganhador manual
          </Button>
          {pode && semParticipantes === s.id && (
            <Button variant="light" color="red" loading={encerrar.isPending} onClick={() => void encerrarSorteio(s)}>
              Encerrar sem os prêmios restantes
            </Button>
          )}
        </Group>
      )}
      {s && (
        <TabelaSimples colunas={[{ titulo: 'Prêmio' }, { titulo: 'Número' }, { titulo: 'Ganhador' }, { titulo: 'Como' }, { titulo: 'Aviso' }]} minWidth={640}>
          {(ganhadores.data ?? []).map((g) => (
            <Table.Tr key={g.id} data-testid="ganhador">
              <Table.Td>
                {g.posicao}º — {g.premio}
              </Table.Td>
              <Table.Td>
                <Code>{g.numero}</Code>
              </Table.Td>
              <Table.Td>
                {g.clienteNome}
                <Text size="xs" c="dimmed">
                  {g.cpfMascarado}
                </Text>
              </Table.Td>
              <Table.Td>
                {g.manual ? (
                  <>
                    <Badge color="yellow" variant="light">
                      Manual
                    </Badge>
                    <Text size="xs">{g.motivo}</Text>
                  </>
                ) : (
                  'Algoritmo'
                )}
              </Table.Td>
              <Table.Td>
                {g.notificado ? (
                  'WhatsApp na fila'
                ) : (
                  <Tooltip label="Sem WhatsApp da empresa, sem celular ou sem consentimento do cliente: avise por telefone ou na loja." multiline w={240}>
                    <Badge color="orange" variant="light">
                      Não notificado
                    </Badge>
                  </Tooltip>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
          {s.status === 'CONCLUIDO' &&
            s.premios.slice(ganhadores.data?.length ?? s.premios.length).map((p, i) => (
              <Table.Tr key={`sem-${i}`}>
                <Table.Td>
                  {(ganhadores.data?.length ?? 0) + i + 1}º — {p}
                </Table.Td>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed">
                    Sem ganhador: não restavam participantes
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          {ganhadores.data?.length === 0 && s.status !== 'CONCLUIDO' && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed" size="sm">
                  Nenhum ganhador ainda.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </TabelaSimples>
      )}
      {s && <GanhadorManual s={s} aberto={manualAberto} aoFechar={() => setManualAberto(false)} />}
    </Stack>
  );
}
