import { Badge, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { RegraFilial } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { EstadoConsulta } from '../../components/estado-consulta';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { formatarBRL } from '../../lib/format';
import { reaisParaTexto } from '../../lib/reais';
import { useRegra, useRegrasFiliais } from './api';
import { HistoricoRegra } from './historico-regra';
import { RegraForm } from './regra-form';

function ResumoFiliais({ filiais, aoEscolher }: { filiais: RegraFilial[]; aoEscolher: (id: number) => void }) {
  if (filiais.length === 0) return <Text size="sm" c="dimmed">Nenhuma filial tem regra própria: todas seguem a regra da empresa.</Text>;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Filial</Table.Th>
            <Table.Th ta="right">Cashback</Table.Th>
            <Table.Th ta="right">Pontos/R$</Table.Th>
            <Table.Th ta="right">Máximo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filiais.map((f) => (
            <Table.Tr key={f.filialId} style={{ cursor: 'pointer' }} onClick={() => aoEscolher(f.filialId)}>
              <Table.Td>{f.nome}</Table.Td>
              <Table.Td ta="right">{reaisParaTexto(f.regra.cashbackPercentual)}%</Table.Td>
              <Table.Td ta="right">{f.regra.pontosPorReal}</Table.Td>
              <Table.Td ta="right">{f.regra.maximoCashbackPorVenda === null ? 'sem limite' : formatarBRL(f.regra.maximoCashbackPorVenda)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Empresa › Programa de fidelidade: the accrual rule, per-branch overrides and who changed what (docs/areas/programa.md). */
export function Component() {
  const [params, setParams] = useSearchParams();
  const filialId = Number(params.get('filial')) > 0 ? Number(params.get('filial')) : null;
  const rede = useFiliaisRede();
  const proprias = useRegrasFiliais();
  const regra = useRegra(filialId);
  const filiais = (rede.data ?? []).filter((e) => e.tipo === 'FILIAL');
  const comPropria = new Set((proprias.data ?? []).map((f) => f.filialId));
  const nomeEscopo = filialId === null ? 'Empresa' : (filiais.find((f) => f.id === filialId)?.shortName ?? `Filial ${filialId}`);
  const escolher = (id: number | null) => setParams(id === null ? {} : { filial: String(id) }, { replace: true });

  return (
    <Stack gap="md" maw={960}>
      <CabecalhoPagina titulo="Programa de fidelidade" descricao="Quanto cada compra acumula de cashback e pontos, quando o crédito pode ser usado e quando vence. A regra de uma filial prevalece sobre a da empresa." />
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Select
              label="Regra de"
              w={320}
              maw="100%"
              allowDeselect={false}
              value={filialId === null ? 'empresa' : String(filialId)}
              onChange={(v) => escolher(v && v !== 'empresa' ? Number(v) : null)}
              data={[{ value: 'empresa', label: 'Empresa (todas as lojas)' }, ...filiais.map((f) => ({ value: String(f.id), label: `${f.shortName}${comPropria.has(f.id) ? ' · regra própria' : ''}` }))]}
            />
            {regra.data && (
              <Badge size="lg" variant="light" color={regra.data.filialId === null ? 'blue' : regra.data.propria ? 'grape' : 'gray'}>
                {regra.data.filialId === null ? 'Regra da empresa' : regra.data.propria ? 'Regra própria da filial' : 'Segue a regra da empresa'}
              </Badge>
            )}
          </Group>
          <EstadoConsulta titulo="Regra do programa" consulta={regra} vazio={false} mensagemVazia="">
            {regra.data && <RegraForm key={`${filialId}-${regra.data.propria}-${regra.data.atualizadoEm}`} regra={regra.data} nomeEscopo={nomeEscopo} />}
          </EstadoConsulta>
        </Stack>
      </Paper>
      {filiais.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Title order={3} fz="h4" mb="sm">
            Filiais com regra própria
          </Title>
          <EstadoConsulta titulo="Filiais com regra própria" consulta={proprias} vazio={false} mensagemVazia="">
            <ResumoFiliais filiais={proprias.data ?? []} aoEscolher={escolher} />
          </EstadoConsulta>
        </Paper>
      )}
      <Paper withBorder radius="md" p="md">
        <Title order={3} fz="h4" mb="sm">
          Histórico de alterações
        </Title>
        <HistoricoRegra />
      </Paper>
    </Stack>
  );
}
