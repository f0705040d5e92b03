import { Group, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { ORIGENS_SEMENTE, REGRAS_NUMEROS, sorteioSaveSchema, type Sorteio, type SorteioDados, type SorteioSave } from '@bonifica/contracts';
import { CampoData } from '../../components/campo-data';
import { CampoDinheiro } from '../../components/campo-dinheiro';
import { FormPage, useFormPage } from '../../components/form-page';
import { lerReais, reaisParaTexto } from '../../lib/reais';
import { useSalvarSorteio } from './api';
import { lerInteiro } from '../../lib/inteiro';

type ValoresSorteio = {
  nome: string;
  regulamento: string;
  inicio: string;
  fim: string;
  premios: string;
  regra: string;
  valorPorNumero: string;
  maximoPorCliente: string;
  umPremioPorCliente: boolean;
  origemSemente: string;
  dataLoteria: string;
  semente: string;
};

const ROTULOS_REGRA: Record<(typeof REGRAS_NUMEROS)[number], string> = { VALOR: 'Um número a cada R$ X em compras', VENDA: 'Um número por compra' };
const ROTULOS_ORIGEM: Record<(typeof ORIGENS_SEMENTE)[number], string> = { LOTERIA: 'Resultado da Loteria Federal (recomendado)', FIXA: 'Semente fixada no regulamento' };

/** Sorteios › Sorteios: one draw while its period is counted (the eligible stores are in Sorteios › Rede). */
export function SorteioForm({ registro, aoSalvar }: { registro: Sorteio | null; aoSalvar: () => void }) {
  const salvar = useSalvarSorteio();
  const iniciais: ValoresSorteio = {
    nome: registro?.nome ?? '',
    regulamento: registro?.regulamento ?? '',
    inicio: registro?.inicio ?? '',
    fim: registro?.fim ?? '',
    premios: (registro?.premios ?? []).join('\n'),
    regra: registro?.regra ?? 'VALOR',
    valorPorNumero: registro?.valorPorNumero ? reaisParaTexto(registro.valorPorNumero) : '',
    maximoPorCliente: registro?.maximoPorCliente ? String(registro.maximoPorCliente) : '',
    umPremioPorCliente: registro?.umPremioPorCliente ?? true,
    origemSemente: registro?.origemSemente ?? 'LOTERIA',
    dataLoteria: registro?.dataLoteria ?? '',
    semente: registro?.origemSemente === 'FIXA' ? (registro.semente ?? '') : '',
  };
  const controle = useFormPage({
    schema: sorteioSaveSchema,
    valoresIniciais: iniciais,
    rascunho: registro ? `sorteio-${registro.id}` : 'sorteio-novo',
    paraEnvio: (v): SorteioSave => ({
      id: registro?.id,
      nome: v.nome,
      regulamento: v.regulamento,
      inicio: v.inicio,
      fim: v.fim,
      premios: v.premios.split('\n').map((p) => p.trim()).filter(Boolean),
      filiais: registro?.filiais ?? [],
      regra: v.regra as SorteioSave['regra'],
      valorPorNumero: v.regra === 'VALOR' && v.valorPorNumero.trim() ? (lerReais(v.valorPorNumero) ?? Number.NaN) : null,
      maximoPorCliente: lerInteiro(v.maximoPorCliente),
      umPremioPorCliente: v.umPremioPorCliente,
      origemSemente: v.origemSemente as SorteioSave['origemSemente'],
      dataLoteria: v.origemSemente === 'LOTERIA' ? v.dataLoteria || null : null,
      semente: v.origemSemente === 'FIXA' ? v.semente.trim() || null : null,
    }),
  });
  const { form } = controle;
  const erro = (campo: keyof ValoresSorteio) => (typeof form.errors[campo] === 'string' ? (form.errors[campo] as string) : null);
  return (
    <FormPage<ValoresSorteio, SorteioDados, unknown> controle={controle} salvar={salvar.mutateAsync} aoSalvar={aoSalvar} mensagemSucesso={registro ? 'Sorteio atualizado.' : 'Sorteio cadastrado.'}>
      <TextInput label="Nome do sorteio" required {...form.getInputProps('nome')} />
      <Textarea label="Regulamento" required autosize minRows={4} maxRows={12} {...form.getInputProps('regulamento')} />
      <Group grow align="flex-start">
        <CampoData label="Início do período" required value={form.values.inicio} onChange={(d) => form.setFieldValue('inicio', d ?? '')} error={form.errors.inicio} />
        <CampoData label="Fim do período" required value={form.values.fim} onChange={(d) => form.setFieldValue('fim', d ?? '')} error={form.errors.fim} />
      </Group>
      <Textarea label="Prêmios" description="Um por linha, na ordem do 1º ao último (sem numerar: a ordem já diz)" required autosize minRows={3} {...form.getInputProps('premios')} />
      <Select label="Como o cliente ganha números da sorte" data={REGRAS_NUMEROS.map((r) => ({ value: r, label: ROTULOS_REGRA[r] }))} allowDeselect={false} {...form.getInputProps('regra')} />
      <Group grow align="flex-start">
        {form.values.regra === 'VALOR' && <CampoDinheiro label="Valor por número (R$)" value={form.values.valorPorNumero} aoMudar={(t) => form.setFieldValue('valorPorNumero', t)} error={erro('valorPorNumero')} />}
        <TextInput label="Máximo de números por cliente" description="Em branco: sem limite" inputMode="numeric" {...form.getInputProps('maximoPorCliente')} />
      </Group>
      <Switch label="Cada cliente ganha no máximo um prêmio" {...form.getInputProps('umPremioPorCliente', { type: 'checkbox' })} />
      <Select label="Semente do sorteio" data={ORIGENS_SEMENTE.map((o) => ({ value: o, label: ROTULOS_ORIGEM[o] }))} allowDeselect={false} {...form.getInputProps('origemSemente')} />
      {form.values.origemSemente === 'LOTERIA' ? (
        <CampoData label="Data da extração da Loteria Federal" required description="Depois do fim do período e de hoje em diante: a lista é congelada antes da extração, e o resultado digitado depois dela" value={form.values.dataLoteria} onChange={(d) => form.setFieldValue('dataLoteria', d ?? '')} error={form.errors.dataLoteria} />
      ) : (
        <TextInput label="Semente" description="Pública desde já: fica no regulamento" {...form.getInputProps('semente')} />
      )}
    </FormPage>
  );
}
