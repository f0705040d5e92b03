import { useState } from 'react';
import { Divider, PasswordInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { empresaAdminSaveSchema, FUSOS_HORARIOS_OPCOES, type EmpresaAdmin, type EmpresaAdminSave } from '@bonifica/contracts';
import { FormPage, useFormPage } from '../../components/form-page';
import { useSalvarEmpresa } from './api-admin';

type ValoresEmpresa = {
  nome: string;
  nomeCurto: string;
  cnpj: string;
  slug: string;
  fusoHorario: string;
  gerente: { nome: string; username: string; email: string; senha: string };
};

type Convite = 'SENHA' | 'EMAIL';

/** "Padaria São João" → "padaria-sao-joao": the public page's address, offered while the admin has not typed one. */
export function sugerirSlug(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** The wire body: a new company carries its manager; an edit does not (the server refuses it). */
export function paraEnvioEmpresa(v: ValoresEmpresa, id: number | undefined, convite: Convite): EmpresaAdminSave {
  const base = { nome: v.nome, nomeCurto: v.nomeCurto, cnpj: v.cnpj.trim() === '' ? null : v.cnpj, slug: v.slug, fusoHorario: v.fusoHorario as EmpresaAdminSave['fusoHorario'] };
  if (id !== undefined) return { ...base, id };
  const g = v.gerente;
  return {
    ...base,
    gerente: {
      nome: g.nome,
      username: g.username,
      email: g.email.trim() === '' ? null : g.email,
      ...(convite === 'SENHA' ? { senha: g.senha } : {}),
    },
  };
}

type EmpresaFormProps = { registro: EmpresaAdmin | null; aoSalvar: () => void };

export function EmpresaForm({ registro, aoSalvar }: EmpresaFormProps) {
  const salvar = useSalvarEmpresa();
  const [convite, setConvite] = useState<Convite>('SENHA');
  const [slugEditado, setSlugEditado] = useState(registro !== null);
  const controle = useFormPage({
    schema: empresaAdminSaveSchema,
    valoresIniciais: {
      nome: registro?.nome ?? '',
      nomeCurto: registro?.shortName ?? '',
      cnpj: registro?.cnpj ?? '',
      slug: registro?.slug ?? '',
      fusoHorario: registro?.fusoHorario ?? 'UTC_3_BRASIL',
      gerente: { nome: '', username: '', email: '', senha: '' },
    } satisfies ValoresEmpresa,
    paraEnvio: (v) => paraEnvioEmpresa(v, registro?.id, convite),
  });
  const { form } = controle;
  const nomeCurto = form.getInputProps('nomeCurto');

  return (
    <FormPage<ValoresEmpresa, ReturnType<typeof controle.montarEnvio>, unknown>
      controle={controle}
      salvar={salvar.mutateAsync}
      aoSalvar={aoSalvar}
      mensagemSucesso={registro ? 'Empresa atualizada.' : convite === 'EMAIL' ? 'Empresa cadastrada. O convite foi para a caixa de saída de e-mails.' : 'Empresa cadastrada.'}
    >
      <TextInput label="Razão social" required {...form.getInputProps('nome')} />
      <TextInput
        label="Nome fantasia"
        required
        {...nomeCurto}
        onChange={(e) => {
          nomeCurto.onChange(e);
          if (!slugEditado) form.setFieldValue('slug', sugerirSlug(e.currentTarget.value));
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="CNPJ" placeholder="00.000.000/0000-00" {...form.getInputProps('cnpj')} />
        <Select label="Fuso horário" data={FUSOS_HORARIOS_OPCOES.map((f) => ({ value: f.valor, label: f.label }))} allowDeselect={false} {...form.getInputProps('fusoHorario')} />
      </SimpleGrid>
      <TextInput
        label="Endereço da página pública"
        description="Usado em /p/endereço, onde os clientes se cadastram."
        required
        {...form.getInputProps('slug')}
        onChange={(e) => {
          setSlugEditado(true);
          form.setFieldValue('slug', e.currentTarget.value);
        }}
      />
      {!registro && (
        <Stack gap="sm">
          <Divider label="Primeiro gerente" labelPosition="left" />
          <Text size="sm" c="dimmed">
            Recebe o perfil Gerente e administra o faturamento da empresa.
          </Text>
          <TextInput label="Nome do gerente" required {...form.getInputProps('gerente.nome')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Usuário" required autoComplete="off" {...form.getInputProps('gerente.username')} />
            <TextInput label="E-mail" type="email" required={convite === 'EMAIL'} {...form.getInputProps('gerente.email')} />
          </SimpleGrid>
          <SegmentedControl
            aria-label="Como o gerente recebe o acesso"
            value={convite}
            onChange={(v) => setConvite(v as Convite)}
            data={[
              { value: 'SENHA', label: 'Definir senha inicial' },
              { value: 'EMAIL', label: 'Enviar convite por e-mail' },
            ]}
          />
          {convite === 'SENHA' ? (
            <PasswordInput label="Senha inicial" required autoComplete="new-password" {...form.getInputProps('gerente.senha')} />
          ) : (
            <Text size="sm" c="dimmed">
              O gerente recebe um link, válido por 7 dias, para criar a própria senha.
            </Text>
          )}
        </Stack>
      )}
    </FormPage>
  );
}
