import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Paper, Stack, Switch, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileTypePdf, IconPaperclip, IconX } from '@tabler/icons-react';
import {
  LIMITE_TEXTO_EMAIL,
  LIMITE_TEXTO_WHATSAPP,
  mensagemVariavelDesconhecida,
  modeloMensagemSaveSchema,
  VARIAVEIS_MODELO,
  variaveisDesconhecidas,
  type CanalMensagem,
  type ModeloMensagem,
  type ModeloMensagemDados,
  type ModeloMensagemSave,
  urlArquivo,
} from '@bonifica/contracts';
import { FormPage, useFormPage } from '../../components/form-page';
import { notificar } from '../../components/notificar';
import { SelecaoCliente } from '../../components/selecao-cliente';
import { useEnviarAnexo, usePrevia, useSalvarModelo } from './api';
import { SeletorCanal } from '../../components/seletor-canal';

type Valores = { nome: string; canal: CanalMensagem; assunto: string; texto: string; arquivoId: number | null; ativo: boolean };

type AnexoVisto = { id: number; nome: string; tipo: string };

/** The attachment as the customer gets it: the image above the caption, or a PDF document card. */
function AnexoNaPrevia({ anexo }: { anexo: AnexoVisto }) {
  if (anexo.tipo === 'application/pdf') {
    return (
      <Paper withBorder p="xs" radius="sm" data-testid="previa-anexo-pdf">
        <Group gap="xs" wrap="nowrap">
          <IconFileTypePdf size={28} color="var(--mantine-color-red-7)" aria-hidden />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate>
              {anexo.nome}
            </Text>
            <Text size="xs" c="dimmed">
              Documento PDF ·{' '}
              <a href={urlArquivo(anexo.id)} download={anexo.nome}>
                baixar
              </a>
            </Text>
          </Stack>
        </Group>
      </Paper>
    );
  }
  return <img src={urlArquivo(anexo.id)} alt={`Anexo: ${anexo.nome}`} style={{ maxWidth: 220, maxHeight: 220, borderRadius: 6 }} />;
}

type ModeloFormProps = { registro: ModeloMensagem | null; aoSalvar: () => void };

const EXEMPLO = Object.fromEntries(VARIAVEIS_MODELO.map((v) => [v.nome, v.exemplo])) as Record<string, string>;

/** Mensagens › Modelos: a template with variables, attachment and a live preview for a real customer. */
export function ModeloForm({ registro, aoSalvar }: ModeloFormProps) {
  const salvar = useSalvarModelo();
  const anexo = useEnviarAnexo();
  const [anexoInfo, setAnexoInfo] = useState<AnexoVisto | null>(
    registro?.arquivoId ? { id: registro.arquivoId, nome: registro.arquivoNome ?? 'anexo', tipo: registro.arquivoTipo ?? '' } : null,
  );
  const anexoNome = anexoInfo?.nome ?? null;
  const [clienteId, setClienteId] = useState<string | null>(null);
  const texto = useRef<HTMLTextAreaElement>(null);
  const controle = useFormPage({
    schema: modeloMensagemSaveSchema,
    valoresIniciais: {
      nome: registro?.nome ?? '',
      canal: registro?.canal ?? 'WHATSAPP',
      assunto: registro?.assunto ?? '',
      texto: registro?.texto ?? '',
      arquivoId: registro?.arquivoId ?? null,
      ativo: registro?.ativo ?? true,
    } satisfies Valores,
    rascunho: registro ? `modelo-mensagem-${registro.id}` : 'modelo-mensagem-novo',
    paraEnvio: (v): ModeloMensagemSave => ({ id: registro?.id, nome: v.nome, canal: v.canal, assunto: v.canal === 'EMAIL' ? v.assunto : null, texto: v.texto, arquivoId: v.arquivoId, ativo: v.ativo }),
  });
  const { form } = controle;
  const v = form.getValues();
  const limite = v.canal === 'WHATSAPP' ? LIMITE_TEXTO_WHATSAPP : LIMITE_TEXTO_EMAIL;
  const [textoPrevia] = useDebouncedValue(v.texto, 400);
  const [assuntoPrevia] = useDebouncedValue(v.canal === 'EMAIL' ? v.assunto : '', 400);
  const desconhecidas = variaveisDesconhecidas(`${textoPrevia} ${assuntoPrevia}`);
  const previa = usePrevia(
    clienteId && textoPrevia.trim() && !desconhecidas.length
      ? { clienteId: Number(clienteId), texto: textoPrevia, assunto: assuntoPrevia || null, cupom: EXEMPLO.cupom, link: EXEMPLO.link }
      : null,
  );

  /** Puts {variavel} where the cursor is (or at the end), and the cursor after it. */
  function inserir(nome: string) {
    const el = texto.current;
    const atual = form.getValues().texto;
    const inicio = el?.selectionStart ?? atual.length;
    const fim = el?.selectionEnd ?? atual.length;
    const trecho = `{${nome}}`;
    form.setFieldValue('texto', atual.slice(0, inicio) + trecho + atual.slice(fim));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(inicio + trecho.length, inicio + trecho.length);
    });
  }

  async function enviarAnexo(f: File | null) {
    if (!f) return;
    try {
      const a = await anexo.mutateAsync(f);
      form.setFieldValue('arquivoId', a.id);
      setAnexoInfo({ id: a.id, nome: a.nome, tipo: a.tipo });
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  }

  return (
    <FormPage<Valores, ModeloMensagemDados, ModeloMensagem | null>
      controle={controle}
      salvar={salvar.mutateAsync}
      aoSalvar={() => aoSalvar()}
      mensagemSucesso={registro ? 'Modelo atualizado.' : 'Modelo cadastrado.'}
    >
      <TextInput label="Nome" placeholder="Cashback do mês" required {...form.getInputProps('nome')} />
      <SeletorCanal value={v.canal} onChange={(c) => form.setFieldValue('canal', c)} />
      {v.canal === 'EMAIL' && <TextInput label="Assunto" required placeholder="Seu cashback, {primeiro_nome}" {...form.getInputProps('assunto')} />}
      <Stack gap={6}>
        <Text size="sm" fw={500} id="variaveis-rotulo">
          Inserir variável
        </Text>
        <Group gap={6} role="group" aria-labelledby="variaveis-rotulo">
          {VARIAVEIS_MODELO.map((x) => (
            <Tooltip key={x.nome} label={`${x.descricao} (ex.: ${x.exemplo})`} multiline w={260}>
              <Button size="compact-xs" variant="light" onClick={() => inserir(x.nome)}>
                {`{${x.nome}}`}
              </Button>
            </Tooltip>
          ))}
        </Group>
      </Stack>
      <Textarea
        ref={texto}
        label="Texto"
        required
        autosize
        minRows={5}
        maxRows={14}
        placeholder="Olá {primeiro_nome}! Você tem {saldo_cashback} de cashback na {loja}."
        description={`${v.texto.length.toLocaleString('pt-BR')} / ${limite.toLocaleString('pt-BR')} caracteres`}
        {...form.getInputProps('texto')}
      />
      <Group gap="xs">
        <FileButton onChange={(f) => void enviarAnexo(f)} accept="image/png,image/jpeg,application/pdf">
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPaperclip size={16} />} loading={anexo.isPending}>
              {anexoNome ? 'Trocar anexo' : 'Anexar imagem ou PDF'}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          Imagem PNG/JPEG até 2 MB ou PDF até 5 MB. No WhatsApp o PDF vai como documento, com o texto de legenda; no e-mail, como anexo.
        </Text>
        {anexoNome && (
          <Group gap={4}>
            <Text size="sm">{anexoNome}</Text>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label="Remover anexo"
              onClick={() => {
                form.setFieldValue('arquivoId', null);
                setAnexoInfo(null);
              }}
            >
              <IconX size={14} />
            </Button>
          </Group>
        )}
      </Group>
      <Switch label="Ativo" description="Um modelo desativado não aparece para as mensagens automáticas." {...form.getInputProps('ativo', { type: 'checkbox' })} />
      <Paper withBorder p="sm" radius="md" bg="gray.0">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Pré-visualização
          </Text>
          <SelecaoCliente label="Cliente para a pré-visualização" value={clienteId} onChange={setClienteId} />
          {desconhecidas.length > 0 && <Alert color="red">{mensagemVariavelDesconhecida(desconhecidas)}</Alert>}
          {!clienteId && <Text size="sm" c="dimmed">Escolha um cliente para ver a mensagem com os dados dele.</Text>}
          {previa.isError && <Alert color="red">{(previa.error as Error).message}</Alert>}
          {clienteId && previa.data && (
            <Stack gap={4} aria-label="Mensagem renderizada">
              {previa.data.assunto && (
                <Text size="sm">
                  <b>Assunto:</b> {previa.data.assunto}
                </Text>
              )}
              {anexoInfo && <AnexoNaPrevia anexo={anexoInfo} />}
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="previa-texto">
                {previa.data.texto}
              </Text>
            </Stack>
          )}
          <Text size="xs" c="dimmed">
            {'{cupom}'} e {'{link}'} aparecem com valores de exemplo; os reais vêm da mensagem automática ou da campanha.
          </Text>
        </Stack>
      </Paper>
    </FormPage>
  );
}
