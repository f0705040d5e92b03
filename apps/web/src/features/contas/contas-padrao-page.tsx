import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconInfoCircle, IconUsersGroup } from '@tabler/icons-react';
import { contasPadraoSchema, ROTULOS_UNIDADE, UNIDADES, type ContaPadrao, type ResultadoContasPadrao } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { confirmar } from '../../components/confirmar';
import { EstadoConsulta } from '../../components/estado-consulta';
import { notificar } from '../../components/notificar';
import { formatarInteiro } from '../../lib/format';
import { atribuirATodos, useContasPadrao, useSalvarContasPadrao } from './api';

type Linha = Pick<ContaPadrao, 'unidade' | 'nome' | 'ativo'>;

const DESCRICAO_UNIDADE: Record<ContaPadrao['unidade'], string> = {
  CASHBACK: 'Reais que o cliente acumula nas compras e usa como pagamento.',
  PONTOS: 'Pontos inteiros acumulados por real gasto.',
  PREPAGO: 'Reais carregados pelo cliente para gastar depois (não vencem).',
};

/** Every unit appears: the configured ones in their order, then the others switched off. */
function linhasDe(contas: ContaPadrao[]): Linha[] {
  const faltando = UNIDADES.filter((u) => !contas.some((c) => c.unidade === u)).map((u) => ({ unidade: u, nome: ROTULOS_UNIDADE[u], ativo: false }));
  return [...contas.map(({ unidade, nome, ativo }) => ({ unidade, nome, ativo })), ...faltando];
}

const mesma = (a: Linha[], b: Linha[]) => JSON.stringify(a) === JSON.stringify(b);

/** Cadastros › Contas padrão: which accounts every customer gets, their names and display order. */
export function Component() {
  const consulta = useContasPadrao();
  const salvar = useSalvarContasPadrao();
  const original = useMemo(() => (consulta.data ? linhasDe(consulta.data.contas) : []), [consulta.data]);
  const [linhas, setLinhas] = useState<Linha[]>([]);
  const [atribuindo, setAtribuindo] = useState(false);
  const [resultado, setResultado] = useState<ResultadoContasPadrao | null>(null);
  useEffect(() => setLinhas(original), [original]);

  const validacao = contasPadraoSchema.safeParse({ contas: linhas });
  const erros = new Map<string, string>();
  if (!validacao.success) for (const i of validacao.error.issues) erros.set(i.path.join('.'), i.message);
  const alterado = !mesma(linhas, original);

  const mover = (i: number, d: -1 | 1) =>
    setLinhas((ls) => {
      const novo = [...ls];
      [novo[i], novo[i + d]] = [novo[i + d]!, novo[i]!];
      return novo;
    });
  const mudar = (i: number, campo: Partial<Linha>) => setLinhas((ls) => ls.map((l, j) => (j === i ? { ...l, ...campo } : l)));

  async function gravar() {
    if (!validacao.success) return;
    try {
      await salvar.mutateAsync(validacao.data);
      notificar.sucesso('Contas padrão salvas.');
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  }

  async function atribuir() {
    const ativas = linhas.filter((l) => l.ativo).map((l) => l.nome);
    const ok = await confirmar({
      mensagem: `Criar as contas ${ativas.join(', ')} para todos os clientes que ainda não as têm? Contas e saldos existentes não mudam.`,
    });
    if (!ok) return;
    setAtribuindo(true);
    setResultado(null);
    try {
      const r = await atribuirATodos();
      setResultado(r);
      notificar.sucesso(r.criadas === 0 ? 'Todos os clientes já tinham as contas padrão.' : `${formatarInteiro(r.criadas)} contas criadas.`);
    } catch (e) {
      notificar.erro((e as Error).message);
    } finally {
      setAtribuindo(false);
    }
  }

  return (
    <Stack gap="md" maw={760}>
      <CabecalhoPagina
        titulo="Contas padrão"
        descricao="As contas que todo cliente recebe ao ser cadastrado, com o nome e a ordem em que aparecem na ficha, no terminal e nos extratos."
      />
      <EstadoConsulta titulo="Contas padrão" consulta={consulta} vazio={false} mensagemVazia="">
        {consulta.data && (
          <Stack gap="md">
            {!consulta.data.configurada && (
              <Alert icon={<IconInfoCircle size={18} />} color="blue" variant="light">
                A empresa usa as contas iniciais (Cashback e Pontos) até salvar a própria configuração.
              </Alert>
            )}
            <Card withBorder padding={0}>
              {linhas.map((l, i) => (
                <Group key={l.unidade} p="md" gap="sm" wrap="nowrap" align="flex-start" style={{ borderTop: i ? '1px solid var(--mantine-color-default-border)' : undefined }}>
                  <Stack gap={2} pt={4}>
                    <Tooltip label="Subir">
                      <ActionIcon variant="subtle" aria-label={`Subir ${l.nome}`} disabled={i === 0} onClick={() => mover(i, -1)}>
                        <IconArrowUp size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Descer">
                      <ActionIcon variant="subtle" aria-label={`Descer ${l.nome}`} disabled={i === linhas.length - 1} onClick={() => mover(i, 1)}>
                        <IconArrowDown size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Stack>
                  <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs">
                      <Badge variant="light" color={l.ativo ? 'teal' : 'gray'}>
                        {i + 1}º · {ROTULOS_UNIDADE[l.unidade]}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {DESCRICAO_UNIDADE[l.unidade]}
                      </Text>
                    </Group>
                    <Group gap="sm" align="flex-end" wrap="wrap">
                      <TextInput
                        label="Nome exibido"
                        value={l.nome}
                        maxLength={60}
                        onChange={(e) => mudar(i, { nome: e.currentTarget.value })}
                        error={erros.get(`contas.${i}.nome`)}
                        style={{ flex: 1, minWidth: 200 }}
                      />
                      <Switch label="Ativa" mb={8} checked={l.ativo} onChange={(e) => mudar(i, { ativo: e.currentTarget.checked })} />
                    </Group>
                  </Stack>
                </Group>
              ))}
            </Card>
            {erros.get('contas') && (
              <Text c="red" size="sm">
                {erros.get('contas')}
              </Text>
            )}
            <Group justify="space-between" wrap="wrap">
              <Group gap="sm">
                <Button onClick={() => void gravar()} loading={salvar.isPending} disabled={!alterado || !validacao.success}>
                  Salvar
                </Button>
                <Button variant="default" disabled={!alterado || salvar.isPending} onClick={() => setLinhas(original)}>
                  Descartar alterações
                </Button>
              </Group>
              <Tooltip label="Salve as alterações antes de atribuir" disabled={!alterado}>
                <Button variant="light" leftSection={<IconUsersGroup size={16} />} loading={atribuindo} disabled={alterado} onClick={() => void atribuir()}>
                  Atribuir a todos os clientes
                </Button>
              </Tooltip>
            </Group>
            {atribuindo && (
              <Alert color="blue" variant="light" icon={<Loader size={16} />}>
                Criando as contas que faltam, em lotes de clientes. Numa base grande isso pode levar alguns minutos; não feche esta página.
              </Alert>
            )}
            {resultado && (
              <Alert color="teal" variant="light" title="Atribuição concluída">
                {formatarInteiro(resultado.clientes)} clientes verificados; {formatarInteiro(resultado.criadas)} contas criadas.
              </Alert>
            )}
          </Stack>
        )}
      </EstadoConsulta>
    </Stack>
  );
}
