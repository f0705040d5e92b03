import { Link } from 'react-router';
import { Button, Paper, Stack } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { TipoImportacao } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { AssistenteImportacao } from './assistente-importacao';
import { HistoricoImportacoes } from './historico-importacoes';

const TEXTOS: Record<TipoImportacao, { titulo: string; descricao: string }> = {
  CLIENTE: { titulo: 'Importar clientes', descricao: 'Traga a base de clientes de outro sistema ou planilha, com saldo inicial se houver.' },
  CONTATO: { titulo: 'Importar contatos', descricao: 'Traga contatos (quem ainda não é cliente) para campanhas e convites.' },
};

/** Importação › Clientes / Contatos: the wizard on top, the history below (contacts: a link to the contacts and their consent). */
export function PaginaImportacao({ tipo }: { tipo: TipoImportacao }) {
  return (
    <Stack gap="lg">
      <CabecalhoPagina
        titulo={TEXTOS[tipo].titulo}
        descricao={TEXTOS[tipo].descricao}
        acoes={
          tipo === 'CONTATO' ? (
            <Button component={Link} to="/app/importacao/contatos/consentimento" variant="light" leftSection={<IconShieldCheck size={16} />}>
              Contatos e consentimento
            </Button>
          ) : undefined
        }
      />
      <Paper withBorder p="md" radius="md">
        <AssistenteImportacao tipo={tipo} />
      </Paper>
      <HistoricoImportacoes tipo={tipo} />
    </Stack>
  );
}
