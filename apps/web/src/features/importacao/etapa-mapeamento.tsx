import { Badge, Group, ScrollArea, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { ROTULOS_CAMPO_IMPORTACAO, type CampoImportacao, type Mapeamento, type MetadadosImportacao } from '@bonifica/contracts';

const NAO_IMPORTAR = '';

const ROTULO_CODIFICACAO = { 'UTF-8': 'UTF-8', 'WINDOWS-1252': 'Windows-1252 (Excel)' } as const;

/**
 * "5 linhas", or "cerca de 120.000 linhas" for a long file: the upload only counts its lines,
 * the job counts the records (API decision 020) and the summary shows the exact total.
 */
export function descreverLinhas(m: Pick<MetadadosImportacao, 'totalLinhas' | 'totalLinhasEstimado'>): string {
  return `${m.totalLinhasEstimado ? 'cerca de ' : ''}${m.totalLinhas.toLocaleString('pt-BR')} ${m.totalLinhas === 1 ? 'linha' : 'linhas'}`;
}

/** Step 2: which column of the file feeds each field, with the first rows as they will be read. */
export function EtapaMapeamento({ metadados, mapeamento, aoMudar, erro }: { metadados: MetadadosImportacao; mapeamento: Mapeamento; aoMudar: (m: Mapeamento) => void; erro: string | null }) {
  const opcoes = [{ value: NAO_IMPORTAR, label: '— não importar —' }, ...metadados.cabecalhos.map((c, i) => ({ value: String(i), label: c || `Coluna ${i + 1}` }))];
  const mapeados = metadados.campos.filter((c) => typeof mapeamento[c.campo] === 'number');
  const mudar = (campo: CampoImportacao, valor: string | null) => aoMudar({ ...mapeamento, [campo]: valor === null || valor === NAO_IMPORTAR ? null : Number(valor) });

  return (
    <Stack>
      <Group gap="xs">
        <Badge variant="light">{metadados.arquivoNome}</Badge>
        <Badge variant="light" color="gray">
          {descreverLinhas(metadados)}
        </Badge>
        <Badge variant="light" color="gray">
          {ROTULO_CODIFICACAO[metadados.codificacao]}
        </Badge>
        <Badge variant="light" color="gray">
          separador {metadados.separador === ';' ? 'ponto e vírgula' : 'vírgula'}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {metadados.campos.map((c) => (
          <Select
            key={c.campo}
            label={c.rotulo}
            withAsterisk={c.obrigatorio}
            data={opcoes}
            value={typeof mapeamento[c.campo] === 'number' ? String(mapeamento[c.campo]) : NAO_IMPORTAR}
            onChange={(v) => mudar(c.campo, v)}
            allowDeselect={false}
            error={c.campo === 'nome' ? erro : undefined}
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      </SimpleGrid>
      <Text fw={600} size="sm">
        Prévia das primeiras linhas
      </Text>
      {mapeados.length === 0 ? (
        <Text c="dimmed" size="sm">
          Escolha ao menos a coluna do nome para ver a prévia.
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped withTableBorder fz="sm" miw={mapeados.length * 140}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Linha</Table.Th>
                {mapeados.map((c) => (
                  <Table.Th key={c.campo}>{ROTULOS_CAMPO_IMPORTACAO[c.campo]}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {metadados.amostra.map((linha, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{i + 2}</Table.Td>
                  {mapeados.map((c) => (
                    <Table.Td key={c.campo}>{linha[mapeamento[c.campo] as number] ?? ''}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
