import { useState } from 'react';
import { Alert, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconInfoCircle, IconMailForward } from '@tabler/icons-react';
import { INTERVALO_ATIVACAO_EMAIL_MINUTOS, type Cliente } from '@bonifica/contracts';
import { notificar } from '../../../components/notificar';
import { abrirContrato, useSolicitarAtivacao } from '../ficha-api';

function Acao({ titulo, descricao, children }: { titulo: string; descricao: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs" align="flex-start">
        <Title order={4}>{titulo}</Title>
        <Text size="sm" c="dimmed">
          {descricao}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** Documents and requests about the customer; LGPD export and anonymisation sit on the Dados tab header. */
export function SecaoAcoes({ cliente }: { cliente: Cliente }) {
  const [gerando, setGerando] = useState(false);
  const solicitar = useSolicitarAtivacao();
  const ativo = cliente.status === 'ATIVO';

  async function gerarContrato() {
    setGerando(true);
    try {
      await abrirContrato(cliente.id);
    } catch (e) {
      notificar.erro((e as Error).message);
    } finally {
      setGerando(false);
    }
  }

  async function pedirConfirmacao() {
    try {
      const r = await solicitar.mutateAsync(cliente.id);
      notificar.sucesso(r.enviado ? `E-mail enviado para ${r.email}.` : `E-mail para ${r.email} na caixa de saída; será enviado assim que o servidor de e-mail responder.`);
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Acao titulo="Termo de adesão" descricao="PDF com os dados do cliente, as regras do programa e os consentimentos, para imprimir e assinar.">
          <Button leftSection={<IconFileText size={16} />} loading={gerando} disabled={cliente.status === 'ANONIMIZADO'} onClick={() => void gerarContrato()}>
            Gerar termo (PDF)
          </Button>
        </Acao>
        <Acao
          titulo="Confirmação de e-mail"
          descricao={`Envia ao cliente um e-mail pedindo que confirme o endereço e as autorizações de contato. No máximo um a cada ${INTERVALO_ATIVACAO_EMAIL_MINUTOS} minutos.`}
        >
          {!cliente.email && <Text size="sm">Cadastre o e-mail do cliente na aba Dados para usar esta ação.</Text>}
          <Button variant="light" leftSection={<IconMailForward size={16} />} loading={solicitar.isPending} disabled={!cliente.email || !ativo} onClick={() => void pedirConfirmacao()}>
            Solicitar confirmação por e-mail
          </Button>
        </Acao>
      </SimpleGrid>
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
        Exportar os dados (LGPD) e anonimizar o cliente ficam no topo da aba Dados.
      </Alert>
    </Stack>
  );
}
