import { useState } from 'react';
import { Alert, Button, Fieldset, Grid, Group, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconDownload, IconInfoCircle, IconUserX } from '@tabler/icons-react';
import {
  clienteSaveSchema,
  formatarDataHora,
  parseDataBR,
  PODE_ANONIMIZAR_CLIENTES,
  PODE_GERENCIAR_CLIENTES,
  ROTULOS_CANAL_CONSENTIMENTO,
  type CanalConsentimento,
  type Cliente,
  type ClienteSave,
  type ConsentimentoAtual,
} from '@bonifica/contracts';
import { confirmar } from '../../components/confirmar';
import { FormPage, useFormPage } from '../../components/form-page';
import { notificar } from '../../components/notificar';
import { useUsuarioLogado } from '../../app/session/usuario';
import { can } from '../../lib/access';
import { baixarArquivo } from '../../lib/navegador';
import { exportarDadosLgpd, useAnonimizarCliente, useSalvarCliente } from './api';
import { formatarDocumento } from '../../lib/format';
import { BlocoEndereco, valoresEndereco, type CamposEndereco } from '../../components/bloco-endereco';
import { isoParaDataBR, mascararData, mascararTelefone } from './mascaras';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { BadgeStatusCliente } from '../../components/badges-situacao';


const ROTULOS_ORIGEM: Record<string, string> = {
  BACKOFFICE: 'back office',
  LGPD_ANONIMIZACAO: 'anonimização LGPD',
};

type ValoresCliente = CamposEndereco & {
  nome: string;
  documento: string;
  /** DD/MM/AAAA as typed; sent as YYYY-MM-DD. */
  dataNascimento: string;
  celular: string;
  celularWhatsapp: boolean;
  email: string;
  filialOrigemId: number | null;
  status: 'ATIVO' | 'BLOQUEADO';
  observacoes: string;
  consentimentoWhatsapp: boolean;
  consentimentoEmail: boolean;
  consentimentoSms: boolean;
};

const CAMPO_CONSENTIMENTO: Record<CanalConsentimento, 'consentimentoWhatsapp' | 'consentimentoEmail' | 'consentimentoSms'> = {
  WHATSAPP: 'consentimentoWhatsapp',
  EMAIL: 'consentimentoEmail',
  SMS: 'consentimentoSms',
};

function valoresDe(registro: Cliente | null, filialPadrao: number | null): ValoresCliente {
  return {
    nome: registro?.nome ?? '',
    documento: formatarDocumento(registro?.documento),
    dataNascimento: isoParaDataBR(registro?.dataNascimento),
    celular: mascararTelefone(registro?.celular ?? ''),
    celularWhatsapp: registro?.celularWhatsapp ?? false,
    email: registro?.email ?? '',
    ...valoresEndereco(registro),
    filialOrigemId: registro ? registro.filialOrigemId : filialPadrao,
    status: registro?.status === 'BLOQUEADO' ? 'BLOQUEADO' : 'ATIVO',
    observacoes: registro?.observacoes ?? '',
    consentimentoWhatsapp: registro?.consentimentos.WHATSAPP?.concedido ?? false,
    consentimentoEmail: registro?.consentimentos.EMAIL?.concedido ?? false,
    consentimentoSms: registro?.consentimentos.SMS?.concedido ?? false,
  };
}

function descricaoConsentimento(c: ConsentimentoAtual | null | undefined): string {
  if (!c) return 'Sem registro até agora.';
  const origem = ROTULOS_ORIGEM[c.origem] ?? c.origem.toLowerCase();
  return `${c.concedido ? 'Concedido' : 'Retirado'} em ${formatarDataHora(c.data)} (${origem}).`;
}

function mensagemDe(erro: unknown): string {
  return erro instanceof Error ? erro.message : String(erro);
}

type ClienteFormProps = {
  registro: Cliente | null;
  aoSalvar: () => void;
  /** The customer page already shows the status beside the name; the quick-edit drawer needs it here. */
  comSituacao?: boolean;
};

export function ClienteForm({ registro, aoSalvar, comSituacao = true }: ClienteFormProps) {
  const novo = registro === null;
  const usuario = useUsuarioLogado();
  const podeGerenciar = can(usuario, PODE_GERENCIAR_CLIENTES);
  const podeAnonimizar = can(usuario, PODE_ANONIMIZAR_CLIENTES);
  const anonimizado = registro?.status === 'ANONIMIZADO';
  const editavel = podeGerenciar && !anonimizado;
  const salvarCliente = useSalvarCliente();
  const anonimizar = useAnonimizarCliente();
  const empresas = useFiliaisRede();
  const [exportando, setExportando] = useState(false);

  const controle = useFormPage({
    schema: clienteSaveSchema,
    valoresIniciais: valoresDe(registro, usuario?.empresaId ?? null),
    rascunho: novo ? 'cliente-novo' : `cliente-${registro.id}`,
    paraEnvio: (v) => ({
      id: registro?.id,
      nome: v.nome,
      documento: v.documento,
      // An incomplete or impossible date goes on as typed, so the schema's message lands under the field.
      dataNascimento: v.dataNascimento.trim() === '' ? null : (parseDataBR(v.dataNascimento) ?? v.dataNascimento),
      celular: v.celular,
      celularWhatsapp: v.celularWhatsapp,
      email: v.email,
      cep: v.cep,
      logradouro: v.logradouro,
      numero: v.numero,
      complemento: v.complemento,
      bairro: v.bairro,
      cidade: v.cidade,
      uf: v.uf,
      filialOrigemId: v.filialOrigemId,
      status: novo ? undefined : v.status,
      observacoes: v.observacoes,
      consentimentos: (Object.keys(CAMPO_CONSENTIMENTO) as CanalConsentimento[]).map((canal) => ({ canal, concedido: v[CAMPO_CONSENTIMENTO[canal]] })),
    }),
  });
  const { form } = controle;

  async function exportar() {
    if (!registro) return;
    setExportando(true);
    try {
      const dados = await exportarDadosLgpd(registro.id);
      baixarArquivo(`cliente-${registro.id}-dados-lgpd.json`, JSON.stringify(dados, null, 2), 'application/json');
      notificar.sucesso('Dados do cliente exportados.');
    } catch (erro) {
      notificar.erro(mensagemDe(erro));
    } finally {
      setExportando(false);
    }
  }

  async function pedirAnonimizacao() {
    if (!registro) return;
    const sim = await confirmar({
      mensagem: `Anonimizar ${registro.nome}? Nome, CPF/CNPJ, contatos, endereço, nascimento e observações serão apagados e os consentimentos retirados. Saldos e histórico de compras continuam. Não há como desfazer.`,
      destrutiva: true,
    });
    if (!sim) return;
    try {
      await anonimizar.mutateAsync(registro.id);
      form.resetDirty();
      notificar.sucesso('Cliente anonimizado.');
      aoSalvar();
    } catch (erro) {
      notificar.erro(mensagemDe(erro));
    }
  }

  const propsDocumento = form.getInputProps('documento');
  const propsData = form.getInputProps('dataNascimento');
  const propsCelular = form.getInputProps('celular');

  const cabecalho = registro && (
    <Stack gap="xs">
      <Group justify={comSituacao ? 'space-between' : 'flex-end'} gap="xs">
        {comSituacao && (
          <BadgeStatusCliente status={registro.status} />
        )}
        <Group gap="xs">
          {podeGerenciar && (
            <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} loading={exportando} onClick={() => void exportar()}>
              Exportar dados (LGPD)
            </Button>
          )}
          {podeAnonimizar && !anonimizado && (
            <Button variant="light" color="red" size="xs" leftSection={<IconUserX size={14} />} loading={anonimizar.isPending} onClick={() => void pedirAnonimizacao()}>
              Anonimizar
            </Button>
          )}
        </Group>
      </Group>
      {anonimizado && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          Os dados pessoais deste cliente foram apagados a pedido dele (LGPD). O cadastro não pode mais ser alterado.
        </Alert>
      )}
    </Stack>
  );

  return (
    <FormPage<ValoresCliente, ClienteSave, Cliente | null>
      controle={controle}
      salvar={salvarCliente.mutateAsync}
      aoSalvar={aoSalvar}
      mensagemSucesso={novo ? 'Cliente cadastrado.' : 'Cliente atualizado.'}
      somenteLeitura={!editavel}
      cabecalho={cabecalho}
    >
      <TextInput label="Nome" required autoComplete="off" maxLength={160} {...form.getInputProps('nome')} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <TextInput
            label="CPF/CNPJ"
            autoComplete="off"
            maxLength={20}
            placeholder="Com ou sem pontuação"
            {...propsDocumento}
            onBlur={(e) => {
              propsDocumento.onBlur?.(e);
              form.setFieldValue('documento', formatarDocumento(form.getValues().documento));
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label="Data de nascimento"
            placeholder="DD/MM/AAAA"
            inputMode="numeric"
            autoComplete="off"
            {...propsData}
            onChange={(e) => form.setFieldValue('dataNascimento', mascararData(e.currentTarget.value))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <TextInput
            label="Celular"
            placeholder="(11) 98765-4321"
            inputMode="tel"
            autoComplete="off"
            {...propsCelular}
            onChange={(e) => form.setFieldValue('celular', mascararTelefone(e.currentTarget.value))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }} style={{ display: 'flex', alignItems: 'flex-end' }}>
          <Switch label="O celular é WhatsApp" pb={8} {...form.getInputProps('celularWhatsapp', { type: 'checkbox' })} />
        </Grid.Col>
      </Grid>
      <TextInput label="E-mail" type="email" autoComplete="off" {...form.getInputProps('email')} />

      <Fieldset legend="Endereço" variant="filled">
        <BlocoEndereco form={form} ufLimpavel={editavel} />
      </Fieldset>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: novo ? 12 : 7 }}>
          <Select<number>
            label="Filial de origem"
            placeholder={empresas.isPending ? 'Carregando...' : 'Selecione'}
            data={(empresas.data ?? []).map((e) => ({ value: e.id, label: e.tipo === 'MATRIZ' ? `${e.shortName} (matriz)` : e.shortName }))}
            clearable={editavel}
            searchable
            nothingFoundMessage="Nenhuma empresa encontrada."
            {...form.getInputProps('filialOrigemId')}
          />
        </Grid.Col>
        {!novo && !anonimizado && (
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Select
              label="Situação"
              data={[
                { value: 'ATIVO', label: 'Ativo' },
                { value: 'BLOQUEADO', label: 'Bloqueado' },
              ]}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
          </Grid.Col>
        )}
      </Grid>
      <Textarea label="Observações" autosize minRows={2} maxRows={6} {...form.getInputProps('observacoes')} />

      <Fieldset legend="Consentimentos (LGPD)" variant="filled">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Canais em que o cliente aceitou receber mensagens. Cada mudança fica registrada com data e origem.
          </Text>
          {(Object.keys(CAMPO_CONSENTIMENTO) as CanalConsentimento[]).map((canal) => (
            <Switch
              key={canal}
              label={ROTULOS_CANAL_CONSENTIMENTO[canal]}
              description={descricaoConsentimento(registro?.consentimentos[canal])}
              {...form.getInputProps(CAMPO_CONSENTIMENTO[canal], { type: 'checkbox' })}
            />
          ))}
        </Stack>
      </Fieldset>
    </FormPage>
  );
}
