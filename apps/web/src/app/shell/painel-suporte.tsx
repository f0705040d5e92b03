import { Alert, Anchor, Button, Drawer, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandWhatsapp, IconHeadset } from '@tabler/icons-react';
import { formatarTelefone } from '../../lib/format';
import { useWhiteLabel } from '../white-label';
import { linkWhatsApp } from './abrir-externo';
import { useConfiguracaoEmpresa } from './consultas';

const SAUDACAO = 'Olá! Preciso de ajuda com o back office.';

/** Spec §2: the support-chat side panel links to the company's support messaging contact. */
export function PainelSuporte({ aberto, aoFechar }: { aberto: boolean; aoFechar: () => void }) {
  const { data: config, isPending, isError } = useConfiguracaoEmpresa(aberto);
  const { data: sistema } = useWhiteLabel();
  // The company's own support contact first; else the platform's (sistema/configuracoes).
  const link = linkWhatsApp(config?.contatoSuporteWhats || sistema?.whatsSuporte, SAUDACAO);

  return (
    <Drawer opened={aberto} onClose={aoFechar} position="right" size="sm" title="Fale com o suporte" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Stack gap="md">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconHeadset size={26} />
        </ThemeIcon>
        <Text size="sm">
          Ficou com alguma dúvida ou encontrou um problema? Nossa equipe atende pelo WhatsApp em horário comercial.
        </Text>
        {aberto && isPending && <Loader size="sm" aria-label="Carregando contato do suporte" />}
        {isError && (
          <Alert color="red" variant="light">
            Não foi possível carregar o contato do suporte. Tente novamente em instantes.
          </Alert>
        )}
        {!isPending && !isError && link && (
          <Button
            component="a"
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            color="green"
            leftSection={<IconBrandWhatsapp size={18} />}
          >
            Conversar no WhatsApp
          </Button>
        )}
        {sistema?.emailSuporte && (
          <Text size="sm">
            E-mail: <Anchor href={`mailto:${sistema.emailSuporte}`}>{sistema.emailSuporte}</Anchor>
          </Text>
        )}
        {sistema?.telefoneSuporte && <Text size="sm">Telefone: {formatarTelefone(sistema.telefoneSuporte)}</Text>}
        {!isPending && !isError && !link && !sistema?.emailSuporte && !sistema?.telefoneSuporte && (
          <Alert color="gray" variant="light">
            O contato de suporte ainda não foi configurado para a sua empresa.
          </Alert>
        )}
      </Stack>
    </Drawer>
  );
}
