import { Select, Switch, TextInput } from '@mantine/core';
import { dispositivoSaveSchema, type Dispositivo, type DispositivoDados, type DispositivoSave } from '@bonifica/contracts';
import { FormPage, useFormPage } from '../../components/form-page';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { useSalvarDispositivo } from './api';

type ValoresDispositivo = { nome: string; identificador: string; filialId: string | null; ativo: boolean };

type DispositivoFormProps = { registro: Dispositivo | null; aoSalvar: (d: Dispositivo | null) => void };

/** Empresa › Dispositivos: a counter computer or tablet and the branch it sells for. */
export function DispositivoForm({ registro, aoSalvar }: DispositivoFormProps) {
  const salvar = useSalvarDispositivo();
  const filiais = useFiliaisRede();
  const controle = useFormPage({
    schema: dispositivoSaveSchema,
    valoresIniciais: {
      nome: registro?.nome ?? '',
      identificador: registro?.identificador ?? '',
      filialId: registro ? String(registro.filialId) : null,
      ativo: registro?.ativo ?? true,
    } satisfies ValoresDispositivo,
    rascunho: registro ? `dispositivo-${registro.id}` : 'dispositivo-novo',
    paraEnvio: (v): DispositivoSave => ({ id: registro?.id, nome: v.nome, identificador: v.identificador, filialId: v.filialId ? Number(v.filialId) : 0, ativo: v.ativo }),
  });
  const { form } = controle;
  const opcoes = (filiais.data ?? []).filter((f) => f.ativa || f.id === registro?.filialId).map((f) => ({ value: String(f.id), label: f.shortName }));

  return (
    <FormPage<ValoresDispositivo, DispositivoDados, Dispositivo | null>
      controle={controle}
      salvar={salvar.mutateAsync}
      aoSalvar={(d) => aoSalvar(d)}
      mensagemSucesso={registro ? 'Dispositivo atualizado.' : 'Dispositivo cadastrado.'}
    >
      <TextInput label="Nome" placeholder="Caixa 1" required {...form.getInputProps('nome')} />
      <TextInput label="Identificador" description="Etiqueta colada no aparelho, para reconhecê-lo" placeholder="CAIXA-01" required {...form.getInputProps('identificador')} />
      <Select label="Filial" placeholder="Selecione" data={opcoes} required searchable nothingFoundMessage="Nenhuma filial encontrada." {...form.getInputProps('filialId')} />
      <Switch label="Ativo" description="Um dispositivo desativado não consegue registrar vendas." {...form.getInputProps('ativo', { type: 'checkbox' })} />
    </FormPage>
  );
}
