import { Checkbox, Group, Switch, TextInput } from '@mantine/core';
import { formatarCnpj, formatarTelefone, redeCredenciadaSaveSchema, type RedeCredenciada, type RedeCredenciadaDados, type RedeCredenciadaSave } from '@bonifica/contracts';
import { CampoDinheiro } from '../../components/campo-dinheiro';
import { CampoUf } from '../../components/campo-uf';
import { FormPage, useFormPage } from '../../components/form-page';
import { lerReais, reaisParaTexto } from '../../lib/reais';
import { useSalvarParceiro } from './api';

type ValoresParceiro = {
  nome: string;
  cnpj: string;
  telefone: string;
  cidade: string;
  uf: string | null;
  unidades: string[];
  resgateMaximo: string;
  ativo: boolean;
};

type ParceiroFormProps = { registro: RedeCredenciada | null; aoSalvar: () => void };

/** Empresa › Rede credenciada: a partner store and the rules of redeeming there. */
export function ParceiroForm({ registro, aoSalvar }: ParceiroFormProps) {
  const salvar = useSalvarParceiro();
  const iniciais: ValoresParceiro = {
    nome: registro?.nome ?? '',
    cnpj: registro?.cnpj ? formatarCnpj(registro.cnpj) : '',
    telefone: registro?.telefone ? formatarTelefone(registro.telefone) : '',
    cidade: registro?.cidade ?? '',
    uf: registro?.uf ?? null,
    unidades: registro?.unidades ?? ['CASHBACK'],
    resgateMaximo: registro?.resgateMaximo ? reaisParaTexto(registro.resgateMaximo) : '',
    ativo: registro?.ativo ?? true,
  };
  const controle = useFormPage({
    schema: redeCredenciadaSaveSchema,
    valoresIniciais: iniciais,
    rascunho: registro ? `parceiro-${registro.id}` : 'parceiro-novo',
    paraEnvio: (v): RedeCredenciadaSave => ({
      id: registro?.id,
      nome: v.nome,
      cnpj: v.cnpj,
      telefone: v.telefone,
      cidade: v.cidade,
      uf: v.uf,
      unidades: v.unidades as RedeCredenciadaSave['unidades'],
      resgateMaximo: v.resgateMaximo.trim() === '' ? null : (lerReais(v.resgateMaximo) ?? Number.NaN),
      ativo: v.ativo,
    }),
  });
  const { form } = controle;

  return (
    <FormPage<ValoresParceiro, RedeCredenciadaDados, unknown>
      controle={controle}
      salvar={salvar.mutateAsync}
      aoSalvar={aoSalvar}
      mensagemSucesso={registro ? 'Parceiro atualizado.' : 'Parceiro cadastrado.'}
    >
      <TextInput label="Nome do parceiro" required {...form.getInputProps('nome')} />
      <Group grow align="flex-start">
        <TextInput label="CNPJ" placeholder="00.000.000/0000-00" {...form.getInputProps('cnpj')} />
        <TextInput label="Telefone" placeholder="(00) 0000-0000" {...form.getInputProps('telefone')} />
      </Group>
      <Group grow align="flex-start">
        <TextInput label="Cidade" {...form.getInputProps('cidade')} />
        <CampoUf {...form.getInputProps('uf')} />
      </Group>
      <Checkbox.Group label="Saldos aceitos" description="Quais saldos do programa o cliente pode usar neste parceiro" required {...form.getInputProps('unidades')}>
        <Group mt="xs">
          <Checkbox value="CASHBACK" label="Cashback" />
          <Checkbox value="PONTOS" label="Pontos" />
        </Group>
      </Checkbox.Group>
      <CampoDinheiro
        label="Resgate máximo por venda"
        description="Em branco: sem limite"
        value={form.values.resgateMaximo}
        aoMudar={(t) => form.setFieldValue('resgateMaximo', t)}
        error={typeof form.errors.resgateMaximo === 'string' ? form.errors.resgateMaximo : null}
      />
      <Switch label="Ativo" {...form.getInputProps('ativo', { type: 'checkbox' })} />
    </FormPage>
  );
}
