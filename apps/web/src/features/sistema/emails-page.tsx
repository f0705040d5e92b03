import { useCallback, useState } from 'react';
import { ActionIcon, Alert, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconInfoCircle, IconSend } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { confirmarEExecutar } from '../../components/confirmar';
import { ListPage, type FiltroDef } from '../../components/list-page';
import { buscarEmails, chavesSistema, STATUS_EMAIL, useReenviarEmail, type EmailSaida } from './api';
import { EmailDetalhe } from './email-detalhe';
import { BadgeStatusEmail, ROTULOS_STATUS_EMAIL } from './rotulos-email';
import { formatarDataHora } from '../../lib/format';

const COLUNAS: DataTableColumn<EmailSaida>[] = [
  { accessor: 'criadoEm', title: 'Criado em', noWrap: true, render: (e) => formatarDataHora(e.criadoEm) },
  { accessor: 'para', title: 'Para' },
  { accessor: 'assunto', title: 'Assunto' },
  { accessor: 'status', title: 'Status', render: (e) => <BadgeStatusEmail status={e.status} /> },
  { accessor: 'tentativas', title: 'Tentativas', textAlign: 'right' },
];

const FILTROS: FiltroDef[] = [
  { nome: 'busca', rotulo: 'Busca', tipo: 'texto', placeholder: 'Destinatário ou assunto' },
  {
    nome: 'status',
    rotulo: 'Status',
    tipo: 'selecao',
    opcoes: STATUS_EMAIL.map((s) => ({ value: s, label: ROTULOS_STATUS_EMAIL[s].rotulo })),
  },
];

/** Sistema › Caixa de saída de e-mails: every e-mail the system wrote, sent or still waiting for SMTP. */
export function Component() {
  const reenviar = useReenviarEmail();
  const [aberto, setAberto] = useState<EmailSaida | null>(null);

  const pedirReenvio = useCallback(
    async (email: EmailSaida) => {
      await confirmarEExecutar({ mensagem: `Deseja reenviar o e-mail "${email.assunto}" para ${email.para}?`, acao: () => reenviar.mutateAsync(email.id), sucesso: `E-mail enviado para ${email.para}.` });
    },
    [reenviar],
  );

  const acoesLinha = useCallback(
    (e: EmailSaida) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label="Ver">
          <ActionIcon variant="subtle" aria-label={`Ver e-mail para ${e.para}`} onClick={() => setAberto(e)}>
            <IconEye size={18} />
          </ActionIcon>
        </Tooltip>
        {/* The API answers "ok" for a message already sent without sending it again, so offering it would mislead. */}
        {e.status !== 'ENVIADO' && (
          <Tooltip label="Reenviar">
            <ActionIcon variant="subtle" aria-label={`Reenviar e-mail para ${e.para}`} onClick={() => void pedirReenvio(e)}>
              <IconSend size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    ),
    [pedirReenvio],
  );

  const fechar = useCallback(() => setAberto(null), []);

  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />}>
        <Text size="sm">
          Sem SMTP configurado, os e-mails ficam aqui com status Pendente e não se perdem. Configure SMTP_URL para enviá-los.
        </Text>
      </Alert>
      <ListPage<EmailSaida>
        titulo="Caixa de saída de e-mails"
        descricao="Mensagens que o sistema gerou (como a redefinição de senha), das mais recentes às mais antigas."
        colunas={COLUNAS}
        buscar={buscarEmails}
        chaveConsulta={chavesSistema.listaEmails}
        filtros={FILTROS}
        acoesLinha={acoesLinha}
      />
      <EmailDetalhe email={aberto} aoFechar={fechar} />
    </Stack>
  );
}
