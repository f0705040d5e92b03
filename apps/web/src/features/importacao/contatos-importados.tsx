import { useState } from 'react';
import { Badge, Button, Group, Loader, Modal, Stack, Switch, Table, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import {
  CANAIS_CONSENTIMENTO_CONTATO,
  ROTULOS_ORIGEM_CONSENTIMENTO,
  type CanalConsentimentoContato,
  type ConsentimentoAtual,
  type ContatoResumo,
} from '@bonifica/contracts';
import { confirmar } from '../../components/confirmar';
import { ListPage, SoNoCelular, aPartirDe, type FiltroDef } from '../../components/list-page';
import { notificar } from '../../components/notificar';
import { formatarDataHora, formatarTelefone } from '../../lib/format';
import { buscarContatos, chavesContatos, useContato, useRegistrarConsentimento } from './contatos-api';

const ROTULO_CANAL: Record<CanalConsentimentoContato, string> = { WHATSAPP: 'WhatsApp', EMAIL: 'E-mail' };
const FILTROS: readonly FiltroDef[] = [{ nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Nome, e-mail ou celular' }];

function SeloConsentimento({ canal, c }: { canal: CanalConsentimentoContato; c: ConsentimentoAtual | null }) {
  const [cor, texto] = c === null ? ['gray', 'sem registro'] : c.concedido ? ['teal', 'aceita'] : ['red', 'não aceita'];
  return (
    <Badge variant="light" color={cor} title={c ? `${ROTULOS_ORIGEM_CONSENTIMENTO[c.origem] ?? c.origem}, ${formatarDataHora(c.data)}` : undefined}>
      {ROTULO_CANAL[canal]}: {texto}
    </Badge>
  );
}

function SelosConsentimento({ c }: { c: ContatoResumo }) {
  return (
    <Group gap={4}>
      {CANAIS_CONSENTIMENTO_CONTATO.map((canal) => (
        <SeloConsentimento key={canal} canal={canal} c={c.consentimentos[canal]} />
      ))}
    </Group>
  );
}

const COLUNAS: DataTableColumn<ContatoResumo>[] = [
  {
    accessor: 'nome',
    title: 'Contato',
    render: (c) => (
      <>
        <Text size="sm" fw={500}>
          {c.nome}
        </Text>
        <Text size="xs" c="dimmed">
          {[c.celular ? formatarTelefone(c.celular) : null, c.email].filter(Boolean).join(' · ')}
        </Text>
        {/* On a phone the consent goes under the name, so the row keeps its action button in view. */}
        <SoNoCelular>
          <SelosConsentimento c={c} />
        </SoNoCelular>
      </>
    ),
  },
  { accessor: 'consentimentos', title: 'Marketing', visibleMediaQuery: aPartirDe('sm'), render: (c) => <SelosConsentimento c={c} /> },
  { accessor: 'criadoEm', title: 'Desde', noWrap: true, visibleMediaQuery: aPartirDe('md'), render: (c) => formatarDataHora(c.criadoEm) },
];

/**
 * The company's imported contacts with their marketing consent per channel (decision 040): a contact
 * receives campaigns only on a channel where the latest record says it accepts.
 */
export function Component() {
  const [aberto, setAberto] = useState<number | null>(null);
  return (
    <>
      <ListPage<ContatoResumo>
        titulo="Contatos e consentimento"
        descricao="Contatos importados só recebem campanhas no canal em que aceitam. Registre aqui o consentimento que o contato deu (ou retirou) fora da planilha."
        filtros={FILTROS}
        mensagemVazia="Nenhum contato importado ainda."
        colunas={COLUNAS}
        buscar={buscarContatos}
        chaveConsulta={chavesContatos.lista}
        idRegistro={(c) => c.id}
        tamanhoPadrao={10}
        acoesLinha={(c) => (
          <Button size="compact-xs" variant="subtle" onClick={() => setAberto(c.id)} aria-label={`Consentimento de ${c.nome}`}>
            Consentimento
          </Button>
        )}
      />
      <ModalConsentimento id={aberto} aoFechar={() => setAberto(null)} />
    </>
  );
}

function ModalConsentimento({ id, aoFechar }: { id: number | null; aoFechar: () => void }) {
  const contato = useContato(id);
  const registrar = useRegistrarConsentimento();
  const c = contato.data;

  async function mudar(canal: CanalConsentimentoContato, concedido: boolean) {
    if (!c) return;
    const ok = await confirmar({
      mensagem: concedido
        ? `Registrar que ${c.nome} aceita receber marketing por ${ROTULO_CANAL[canal]}? Confirme que o contato deu esse consentimento (LGPD).`
        : `Registrar que ${c.nome} não aceita mais marketing por ${ROTULO_CANAL[canal]}?`,
      destrutiva: !concedido,
    });
    if (!ok) return;
    try {
      await registrar.mutateAsync({ contatoId: c.id, canal, concedido });
      notificar.sucesso(concedido ? 'Consentimento registrado.' : 'Consentimento revogado.');
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  }

  return (
    <Modal opened={id !== null} onClose={aoFechar} title={c ? `Consentimento de ${c.nome}` : 'Consentimento'} centered size="lg">
      {!c ? (
        <Loader size="sm" aria-label="Carregando" />
      ) : (
        <Stack gap="md">
          {CANAIS_CONSENTIMENTO_CONTATO.map((canal) => (
            <Switch
              key={canal}
              label={`Aceita marketing por ${ROTULO_CANAL[canal]}`}
              description={canal === 'WHATSAPP' ? (c.celular ? formatarTelefone(c.celular) : 'Sem celular: não recebe WhatsApp') : (c.email ?? 'Sem e-mail: não recebe e-mail')}
              checked={c.consentimentos[canal]?.concedido ?? false}
              disabled={registrar.isPending}
              onChange={(e) => void mudar(canal, e.currentTarget.checked)}
            />
          ))}
          <Text size="sm" fw={600}>
            Histórico
          </Text>
          {c.historico.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhum consentimento registrado: o contato não recebe marketing.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table striped fz="sm" aria-label="Histórico de consentimento">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Quando</Table.Th>
                    <Table.Th>Canal</Table.Th>
                    <Table.Th>Situação</Table.Th>
                    <Table.Th>Origem</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...c.historico].reverse().map((h, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{formatarDataHora(h.data)}</Table.Td>
                      <Table.Td>{ROTULO_CANAL[h.canal]}</Table.Td>
                      <Table.Td>{h.concedido ? 'Aceita' : 'Não aceita'}</Table.Td>
                      <Table.Td>
                        {ROTULOS_ORIGEM_CONSENTIMENTO[h.origem] ?? h.origem}
                        {h.usuarioNome ? ` (${h.usuarioNome})` : ''}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Modal>
  );
}
