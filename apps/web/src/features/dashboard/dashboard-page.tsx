import { Alert, Button, Skeleton, SimpleGrid, Stack, Text } from '@mantine/core';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { formatarData } from '../../lib/format';
import { escreverFiltroUrl, filtroDaChamada, lerFiltroUrl, useDashboard, usePeriodos, type FiltroUrl } from './api';
import { erroDoPeriodo, FiltrosDashboard } from './filtros';
import { Graficos } from './graficos';
import { PainelCupons } from './cupons';
import { Indicadores } from './indicadores';
import { PainelValePresente } from './vale-presente';
import { useFiliaisRede } from '../../components/use-filiais-rede';

function Esqueleto() {
  return (
    <Stack gap="sm" aria-label="Carregando dashboard">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} h={92} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={290} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /app/dashboard — the company's figures for a period (issue 3 §8, docs/areas/dashboard.md). */
export function Component() {
  const [params, setParams] = useSearchParams();
  const valor = lerFiltroUrl(params);
  const periodos = usePeriodos();
  const filiais = useFiliaisRede();
  const periodoValido = valor.periodo !== 'PERSONALIZADO' || erroDoPeriodo(valor.de, valor.ate) === null;
  const filtro = periodoValido ? filtroDaChamada(valor, periodos.data) : null;
  const dados = useDashboard(filtro);
  const mudar = (f: FiltroUrl) => setParams(escreverFiltroUrl(f), { replace: true });
  const falha = periodos.error ?? dados.error;

  return (
    <Stack gap="md">
      <CabecalhoPagina
        titulo="Dashboard"
        descricao={
          filtro && (
            <>
              {formatarData(filtro.de)} a {formatarData(filtro.ate)}
              {dados.data && ` · ${dados.data.periodo.agrupamento === 'DIA' ? 'por dia' : 'por mês'}`}
            </>
          )
        }
      />
      <FiltrosDashboard valor={valor} aoMudar={mudar} periodos={periodos.data ?? []} filiais={filiais.data ?? []} filtro={filtro} />
      {falha ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Não foi possível carregar o dashboard">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{falha.message}</Text>
            <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={() => (periodos.error ? periodos.refetch() : dados.refetch())}>
              Tentar novamente
            </Button>
          </Stack>
        </Alert>
      ) : !filtro && valor.periodo === 'PERSONALIZADO' ? (
        <Text c="dimmed">Escolha as datas do período personalizado.</Text>
      ) : !dados.data ? (
        <Esqueleto />
      ) : (
        <Stack gap="md" style={{ opacity: dados.isPlaceholderData ? 0.6 : 1, transition: 'opacity 200ms' }} aria-busy={dados.isFetching}>
          {dados.data.vendas.quantidade === 0 && dados.data.clientes.novos === 0 && (
            <Alert color="gray" variant="light">
              Nenhuma venda nem cliente novo neste período{filtro?.filialId ? ' e filial' : ''}. Escolha outro período para ver os números.
            </Alert>
          )}
          <Indicadores d={dados.data} />
          <Graficos d={dados.data} />
          {filtro && <PainelCupons filtro={filtro} />}
          <PainelValePresente filtro={filtro} />
        </Stack>
      )}
    </Stack>
  );
}
