import { useState } from 'react';
import { Badge, List, Table, Text } from '@mantine/core';
import type { AlteracaoRegra } from '@bonifica/contracts';
import { EstadoConsulta, PaginacaoConsulta } from '../../components/estado-consulta';
import { formatarDataHora } from '../../lib/format';
import { useHistoricoRegra } from './api';
import { diferencasDaRegra } from './diferencas';
import { TabelaSimples } from '../../components/tabela-simples';

function Alteracao({ a }: { a: AlteracaoRegra }) {
  if (a.acao === 'EXCLUIR') return <Text size="sm">Regra própria removida: a filial volta a seguir a regra da empresa.</Text>;
  const difs = diferencasDaRegra(a.antes, a.depois);
  if (difs.length === 0) return <Text size="sm">Salva sem mudanças.</Text>;
  return (
    <List size="sm" spacing={2}>
      {difs.map((d) => (
        <List.Item key={d.rotulo}>
          {d.rotulo}: {d.de === null ? <strong>{d.para}</strong> : <>{d.de} → <strong>{d.para}</strong></>}
        </List.Item>
      ))}
    </List>
  );
}

/** Who changed the rule, when, and from what to what (the audit table, newest first). */
export function HistoricoRegra() {
  const [pagina, setPagina] = useState(0);
  const consulta = useHistoricoRegra(pagina);
  const itens = consulta.data?.content ?? [];
  return (
    <EstadoConsulta titulo="Histórico de alterações" consulta={consulta} vazio={itens.length === 0} mensagemVazia="A regra ainda não foi alterada por aqui.">
      <TabelaSimples minWidth={560} verticalSpacing="xs" colunas={[{ titulo: 'Quando' }, { titulo: 'Quem' }, { titulo: 'Regra' }, { titulo: 'Alteração' }]}>
        {itens.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatarDataHora(a.criadoEm)}</Table.Td>
            <Table.Td>{a.usuario ?? '—'}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={a.filialId === null ? 'blue' : 'grape'}>
                {a.escopo}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Alteracao a={a} />
            </Table.Td>
          </Table.Tr>
        ))}
      </TabelaSimples>
      <PaginacaoConsulta total={consulta.data?.totalPages ?? 0} pagina={pagina} aoMudar={setPagina} />
    </EstadoConsulta>
  );
}
