import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Center, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconReportMoney } from '@tabler/icons-react';
import {
  formatarBRL,
  formatarData,
  PODE_ADMINISTRAR_USUARIOS,
  totalizadorFiltroSchema,
  type Totalizador,
  type TotalizadorFiltro,
} from '@bonifica/contracts';
import { useUsuarioLogado } from '../../app/session/usuario';
import { notificar } from '../../components/notificar';
import { can } from '../../lib/access';
import { imprimirTotalizador, useAtendentes, useTotalizador } from './api';
import { CamposPeriodoLoja } from './campos-periodo';
import { periodoDoMes, primeiroErro } from './periodo';
import { TabelaTotais } from './tabela-totais';

type Campos = { de: string; ate: string; filialId: string | null; usuarioId: string | null };

function paraFiltro(c: Campos) {
  return totalizadorFiltroSchema.safeParse({
    de: c.de,
    ate: c.ate,
    ...(c.filialId ? { filialId: Number(c.filialId) } : {}),
    ...(c.usuarioId ? { usuarioId: Number(c.usuarioId) } : {}),
  });
}

/** Transações › Totalizador: sales of a period per day and per store, on screen and as an A4 PDF. */
export function Component() {
  const usuario = useUsuarioLogado();
  const atendentes = useAtendentes(can(usuario, PODE_ADMINISTRAR_USUARIOS));
  const [campos, setCampos] = useState<Campos>({ ...periodoDoMes(), filialId: null, usuarioId: null });
  const [filtro, setFiltro] = useState<TotalizadorFiltro | null>(() => {
    const r = paraFiltro({ ...periodoDoMes(), filialId: null, usuarioId: null });
    return r.success ? r.data : null;
  });
  const [erro, setErro] = useState<string | null>(null);
  const [imprimindo, setImprimindo] = useState(false);
  const totais = useTotalizador(filtro);

  const gerar = (e: FormEvent) => {
    e.preventDefault();
    const r = paraFiltro(campos);
    if (!r.success) {
      setErro(primeiroErro(r.error));
      return;
    }
    setErro(null);
    setFiltro(r.data);
  };

  const imprimir = async () => {
    if (!filtro) return;
    setImprimindo(true);
    try {
      await imprimirTotalizador(filtro);
    } catch (e) {
      notificar.erro(e instanceof Error ? e.message : String(e));
    } finally {
      setImprimindo(false);
    }
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          Totalizador de vendas
        </Title>
        <Text c="dimmed" size="sm">
          Vendas confirmadas e canceladas do período, por dia (horário de Brasília) e por loja.
        </Text>
      </div>

      <form onSubmit={gerar} aria-label="Filtros do totalizador">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <CamposPeriodoLoja de={campos.de} ate={campos.ate} filialId={campos.filialId} obrigatorio aoMudar={(m) => setCampos({ ...campos, ...m })} />
          {atendentes.data && (
            <Select
              label="Atendente"
              placeholder="Todos"
              data={atendentes.data.map((a) => ({ value: String(a.id), label: a.nome }))}
              value={campos.usuarioId}
              onChange={(v) => setCampos({ ...campos, usuarioId: v })}
              clearable
              searchable
              miw={200}
            />
          )}
          <Button type="submit" leftSection={<IconReportMoney size={18} />}>
            Gerar
          </Button>
          <Button variant="default" leftSection={<IconFileTypePdf size={18} />} onClick={() => void imprimir()} loading={imprimindo} disabled={!filtro}>
            Imprimir PDF
          </Button>
        </Group>
      </form>
      {erro && (
        <Alert color="red" role="alert">
          {erro}
        </Alert>
      )}

      {totais.isPending && filtro ? (
        <Center py="xl">
          <Loader aria-label="Calculando totais" />
        </Center>
      ) : totais.isError ? (
        <Alert color="red" role="alert" title="Não foi possível calcular os totais">
          {totais.error.message}
        </Alert>
      ) : totais.data ? (
        <ResultadoTotalizador t={totais.data} />
      ) : null}
    </Stack>
  );
}

function ResultadoTotalizador({ t }: { t: Totalizador }) {
  if (t.linhas.length === 0) {
    return (
      <Card withBorder padding="xl">
        <Text ta="center" c="dimmed">
          Nenhuma venda no período escolhido.
        </Text>
      </Card>
    );
  }
  const cartoes: [string, string][] = [
    ['Vendas', t.total.quantidade.toLocaleString('pt-BR')],
    ['Valor vendido', formatarBRL(t.total.valor)],
    ['Cashback usado', formatarBRL(t.total.resgate)],
    ['Cashback gerado', formatarBRL(t.total.cashback)],
    ['Pontos', t.total.pontos.toLocaleString('pt-BR')],
    ['Canceladas', `${t.total.canceladas.toLocaleString('pt-BR')} · ${formatarBRL(t.total.valorCanceladas)}`],
  ];
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {cartoes.map(([rotulo, valor]) => (
          <Card key={rotulo} withBorder padding="sm">
            <Text size="sm" c="dimmed">
              {rotulo}
            </Text>
            <Text fw={700} fz="lg" data-testid={`total-${rotulo}`}>
              {valor}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <TabelaTotais
        titulo="Por loja"
        rotuloColuna="Loja"
        total={t.total}
        linhas={t.porFilial.map((l) => ({ ...l, chave: String(l.filialId), rotulo: l.filialNome ?? '—' }))}
      />
      <TabelaTotais titulo="Por dia" rotuloColuna="Dia" total={t.total} linhas={t.porDia.map((l) => ({ ...l, chave: l.dia, rotulo: formatarData(l.dia) }))} />
    </Stack>
  );
}
