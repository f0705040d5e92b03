import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TipoImportacao } from '@bonifica/contracts';
import { AssistenteImportacao } from './assistente-importacao';
import { HistoricoImportacoes } from './historico-importacoes';

const TEXTOS: Record<TipoImportacao, { titulo: string; descricao: string }> = {
  CLIENTE: { titulo: 'Importar clientes', descricao: 'Traga a base de clientes de outro sistema ou planilha, com saldo inicial se houver.' },
  CONTATO: { titulo: 'Importar contatos', descricao: 'Traga contatos (quem ainda não é cliente) para campanhas e convites.' },
};

/** Importação › Clientes / Contatos: the wizard on top, the history below. */
export function PaginaImportacao({ tipo }: { tipo: TipoImportacao }) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{TEXTOS[tipo].titulo}</Title>
        <Text c="dimmed" size="sm">
          {TEXTOS[tipo].descricao}
        </Text>
      </div>
      <Paper withBorder p="md" radius="md">
        <AssistenteImportacao tipo={tipo} />
      </Paper>
      <HistoricoImportacoes tipo={tipo} />
    </Stack>
  );
}
