import { Box, Button, ColorInput, FileButton, Grid, Group, Image, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { configSistemaSaveSchema, PADROES_CONFIG, type ConfigSistemaSave, type ImagemSistema } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { confirmarEExecutar } from '../../components/confirmar';
import { EstadoConsulta } from '../../components/estado-consulta';
import { FormPage, useFormPage } from '../../components/form-page';
import { notificar } from '../../components/notificar';
import { useWhiteLabel } from '../../app/white-label';
import { lerImagem, useImagemSistema, useSalvarConfig } from './api-admin';

type ValoresMarca = { nomeSistema: string; corPrimaria: string; textoLogin: string };

/** The header and the login card as they will look, drawn from what is typed (not yet saved). */
export function PreviaWhiteLabel({ valores, logoUrl }: { valores: ValoresMarca; logoUrl: string }) {
  const cor = /^#[0-9a-fA-F]{6}$/.test(valores.corPrimaria) ? valores.corPrimaria : PADROES_CONFIG.corPrimaria;
  return (
    <Stack gap="sm" data-testid="previa-white-label">
      <Text size="sm" fw={600}>
        Prévia
      </Text>
      <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
        <Group justify="space-between" px="sm" h={52} style={{ borderBottom: `3px solid ${cor}` }} wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Image src={logoUrl} alt={valores.nomeSistema} h={28} w="auto" fit="contain" />
          </Group>
          <Text size="sm" c="dimmed">
            Empresa do cliente
          </Text>
        </Group>
        <Box p="md" bg="gray.0">
          <Paper withBorder p="md" maw={300} mx="auto">
            <Stack gap={6} align="center">
              <Image src={logoUrl} alt="" h={32} w="auto" fit="contain" />
              <Text size="xs" c="dimmed" ta="center">
                {valores.textoLogin || 'Back office do programa de fidelidade'}
              </Text>
              <Button size="xs" fullWidth style={{ background: cor }}>
                Entrar
              </Button>
            </Stack>
          </Paper>
        </Box>
      </Paper>
      <Text size="xs" c="dimmed">
        Os e-mails do sistema usam o nome “{valores.nomeSistema || PADROES_CONFIG.nomeSistema}” no assunto.
      </Text>
    </Stack>
  );
}

function EnvioImagem({ tipo, rotulo, descricao, url }: { tipo: ImagemSistema; rotulo: string; descricao: string; url: string | null }) {
  const imagem = useImagemSistema();
  const enviar = async (arquivo: File | null) => {
    if (!arquivo) return;
    try {
      await imagem.mutateAsync({ tipo, imagem: await lerImagem(arquivo) });
      notificar.sucesso(`${rotulo} atualizado.`);
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {rotulo}
      </Text>
      <Text size="xs" c="dimmed">
        {descricao}
      </Text>
      <Group gap="sm">
        {url && <Image src={url} alt={rotulo} h={32} w="auto" fit="contain" />}
        <FileButton onChange={(f) => void enviar(f)} accept="image/png,image/jpeg,image/webp,image/x-icon,.ico">
          {(props) => (
            <Button variant="light" size="xs" leftSection={<IconPhoto size={16} />} loading={imagem.isPending} {...props} data-testid={`enviar-${tipo}`}>
              Enviar imagem
            </Button>
          )}
        </FileButton>
        {url && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={16} />}
            onClick={() =>
              void confirmarEExecutar({ mensagem: `Deseja voltar ao ${rotulo.toLowerCase()} padrão?`, destrutiva: true, acao: () => imagem.mutateAsync({ tipo, imagem: null }), sucesso: `${rotulo} removido.` })
            }
          >
            Remover
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function FormMarca({ iniciais, logoUrl, faviconUrl }: { iniciais: ValoresMarca; logoUrl: string; faviconUrl: string | null }) {
  const salvar = useSalvarConfig();
  const controle = useFormPage({ schema: configSistemaSaveSchema, valoresIniciais: iniciais });
  const { form } = controle;
  // A versioned address is the white label's own logo; the bare one is the product's default.
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <FormPage<ValoresMarca, ConfigSistemaSave, unknown> controle={controle} salvar={salvar.mutateAsync} aoSalvar={() => form.resetDirty()} mensagemSucesso="White label salvo.">
          <TextInput label="Nome do sistema" required {...form.getInputProps('nomeSistema')} />
          <ColorInput label="Cor principal" description="Botões, links e a faixa do cabeçalho." format="hex" swatches={['#1c7ed6', '#007f77', '#2f9e44', '#e8590c', '#c2255c', '#6741d9', '#343a40']} {...form.getInputProps('corPrimaria')} />
          <Textarea label="Texto da página de login" autosize minRows={2} maxLength={300} {...form.getInputProps('textoLogin')} />
        </FormPage>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="lg">
          <EnvioImagem tipo="topoAngular" rotulo="Logo" descricao="Cabeçalho e login. PNG, JPEG ou WebP." url={logoUrl.includes('?v=') ? logoUrl : null} />
          <EnvioImagem tipo="favicon" rotulo="Favicon" descricao="Ícone da aba do navegador. ICO ou PNG." url={faviconUrl} />
        </SimpleGrid>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <PreviaWhiteLabel valores={form.values} logoUrl={logoUrl} />
      </Grid.Col>
    </Grid>
  );
}

/** Sistema › White label: the platform's name, colour, logo, favicon and login text. */
export function Component() {
  const marca = useWhiteLabel();
  return (
    <Stack gap="md">
      <CabecalhoPagina titulo="White label" descricao="A identidade da plataforma no cabeçalho, na página de login e nos e-mails." />
      <EstadoConsulta consulta={marca} vazio={false} mensagemVazia="" titulo="White label">
        {marca.data && (
          <FormMarca
            iniciais={{ nomeSistema: marca.data.nomeSistema, corPrimaria: marca.data.corPrimaria ?? PADROES_CONFIG.corPrimaria, textoLogin: marca.data.textoLogin ?? '' }}
            logoUrl={marca.data.logoUrl}
            faviconUrl={marca.data.faviconUrl}
          />
        )}
      </EstadoConsulta>
    </Stack>
  );
}
