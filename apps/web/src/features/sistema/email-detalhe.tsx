import { Fragment, type ReactNode } from 'react';
import { Alert, Anchor, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { EmailSaida } from './api';
import { BadgeStatusEmail } from './rotulos-email';
import { formatarDataHora } from '../../lib/format';

// Stops before trailing punctuation, so "…em https://x/y." does not carry the period into the link;
// a redacted token ("token=[oculto]", docs/decisions/021 of the API) stays part of its address.
const URL_NO_TEXTO = /(https?:\/\/[^\s<>"'[]*[^\s<>"'.,;:!?)\][](?:\[oculto\])?)/g;
const OCULTO = '[oculto]';

/**
 * The body is plain text written by the API. It is shown as text, never as HTML, with line breaks
 * kept; http(s) addresses become links, except a password-reset link: the outbox keeps its token
 * redacted (only the recipient gets a working one), so it is shown as text, with a note saying why.
 */
export function CorpoEmail({ texto }: { texto: string }) {
  const partes = texto.split(URL_NO_TEXTO);
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="corpo-email">
      {partes.map((parte, i) =>
        // split with one capturing group puts the matches at the odd positions.
        i % 2 === 1 && !parte.includes(OCULTO) ? (
          <Anchor key={i} href={parte} target="_blank" rel="noopener noreferrer" size="sm">
            {parte}
          </Anchor>
        ) : (
          <Fragment key={i}>{parte}</Fragment>
        ),
      )}
    </Text>
  );
}

type CampoProps = { rotulo: string; children: ReactNode };

function Campo({ rotulo, children }: CampoProps) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {rotulo}
      </Text>
      <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

type EmailDetalheProps = { email: EmailSaida | null; aoFechar: () => void };

export function EmailDetalhe({ email, aoFechar }: EmailDetalheProps) {
  return (
    <Modal opened={email !== null} onClose={aoFechar} title={email?.assunto ?? 'E-mail'} size="lg" centered>
      {email && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <Campo rotulo="Para">{email.para}</Campo>
            <Campo rotulo="Status">
              <BadgeStatusEmail status={email.status} />
            </Campo>
            <Campo rotulo="Criado em">{formatarDataHora(email.criadoEm)}</Campo>
            <Campo rotulo="Enviado em">{email.enviadoEm ? formatarDataHora(email.enviadoEm) : '—'}</Campo>
            <Campo rotulo="Tentativas">{email.tentativas}</Campo>
          </SimpleGrid>
          {email.erro && (
            <Alert color="red" variant="light" title="Último erro">
              {email.erro}
            </Alert>
          )}
          <Paper withBorder p="md" radius="md">
            <CorpoEmail texto={email.corpo} />
          </Paper>
          {email.corpo.includes(OCULTO) && (
            <Text size="sm" c="dimmed">
              O link de nova senha fica oculto aqui: cada envio gera um link novo, que só o destinatário recebe.
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
