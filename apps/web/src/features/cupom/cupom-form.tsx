import { Group, MultiSelect, NumberInput, Select, SimpleGrid, Switch, Text, TextInput, Textarea } from '@mantine/core';
import {
  ALFABETOS_CUPOM_LISTA,
  BENEFICIOS_CUPOM,
  beneficioPercentual,
  cupomSaveSchema,
  ROTULOS_BENEFICIO_CUPOM,
  type AlfabetoCupom,
  type BeneficioCupom,
  type Cupom,
  type CupomCopia,
  type CupomDados,
  type CupomSave,
  type TipoCupom,
} from '@bonifica/contracts';
import { CampoData } from '../../components/campo-data';
import { CampoDinheiro } from '../../components/campo-dinheiro';
import { FormPage, useFormPage } from '../../components/form-page';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { lerReais, reaisParaTexto } from '../../lib/reais';
import { useSalvarCupom } from './api';
import { lerInteiro } from '../../lib/inteiro';

type Valores = {
  nome: string;
  beneficio: BeneficioCupom;
  percentual: string;
  valor: string;
  compraMinima: string;
  usosPorCliente: string;
  usosTotal: string;
  dataVencimento: string;
  vencimentoDiaSemana: string[];
  palavraChave: string;
  whatsAppLote: string;
  filiais: string[];
  alfabeto: AlfabetoCupom;
  prefixo: string;
  tamanho: number;
  quantidade: number;
  ativo: boolean;
};

const DIAS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'].map((label, i) => ({ value: String(i), label }));
const BENEFICIOS = BENEFICIOS_CUPOM.map((b) => ({ value: b, label: ROTULOS_BENEFICIO_CUPOM[b] }));
const ALFABETOS: Record<AlfabetoCupom, string> = { ALFANUMERICO: 'Letras e números', LETRAS: 'Só letras', NUMERICO: 'Só números' };
const numeroOuNulo = (t: string) => (t.trim() === '' ? null : Number(t.replace(',', '.')));

/** Cupons: one campaign — its benefit, rules and (printed and batch kinds) the pattern of its codes. A copy (spec §3) opens as a new one. */
export function CupomForm({ tipo, registro, copia, aoSalvar }: { tipo: TipoCupom; registro: Cupom | null; copia?: CupomCopia | null; aoSalvar: () => void }) {
  const salvar = useSalvarCupom();
  const filiais = useFiliaisRede();
  const base = registro ?? copia ?? null;
  const iniciais: Valores = {
    nome: base?.nome ?? '',
    beneficio: base?.beneficio ?? 'PERCENTUAL',
    percentual: base?.percentual ? String(base.percentual).replace('.', ',') : '',
    valor: base?.valor ? reaisParaTexto(base.valor) : '',
    compraMinima: base?.compraMinima ? reaisParaTexto(base.compraMinima) : '',
    usosPorCliente: base?.usosPorCliente ? String(base.usosPorCliente) : '',
    usosTotal: base?.usosTotal ? String(base.usosTotal) : '',
    dataVencimento: base?.dataVencimento ?? '',
    vencimentoDiaSemana: (base?.vencimentoDiaSemana ?? []).map(String),
    palavraChave: base?.palavraChave ?? '',
    whatsAppLote: base?.whatsAppLote ?? '',
    filiais: (base?.filiais ?? []).map(String),
    alfabeto: base?.alfabeto ?? 'ALFANUMERICO',
    prefixo: base?.prefixo ?? '',
    tamanho: base?.tamanho ?? 8,
    quantidade: base?.quantidade ?? (tipo === 'ONLINE' ? 0 : 100),
    ativo: base?.ativo ?? true,
  };
  const controle = useFormPage({
    schema: cupomSaveSchema,
    valoresIniciais: iniciais,
    rascunho: registro ? `cupom-${registro.id}` : `cupom-novo-${tipo}`,
    paraEnvio: (v): CupomSave => {
      const pct = beneficioPercentual(v.beneficio);
      return {
        id: registro?.id,
        nome: v.nome,
        tipo,
        beneficio: v.beneficio,
        percentual: pct ? numeroOuNulo(v.percentual) : null,
        valor: pct ? null : v.valor.trim() === '' ? null : (lerReais(v.valor) ?? Number.NaN),
        compraMinima: v.compraMinima.trim() === '' ? 0 : (lerReais(v.compraMinima) ?? Number.NaN),
        usosPorCliente: lerInteiro(v.usosPorCliente),
        usosTotal: lerInteiro(v.usosTotal),
        dataVencimento: v.dataVencimento || null,
        vencimentoDiaSemana: v.vencimentoDiaSemana.map(Number),
        palavraChave: v.palavraChave.trim() || null,
        whatsAppLote: v.whatsAppLote.trim() || null,
        filiais: v.filiais.map(Number),
        alfabeto: v.alfabeto,
        prefixo: v.prefixo,
        tamanho: v.tamanho,
        quantidade: tipo === 'ONLINE' ? 0 : v.quantidade,
        ativo: v.ativo,
      };
    },
  });
  const { form } = controle;
  const pct = beneficioPercentual(form.values.beneficio);
  const gerados = registro?.codigosGerados ?? 0;
  return (
    <FormPage<Valores, CupomDados, unknown> controle={controle} salvar={salvar.mutateAsync} aoSalvar={aoSalvar} mensagemSucesso={registro ? 'Cupom atualizado.' : 'Cupom cadastrado.'}>
      <TextInput label="Nome do cupom" required {...form.getInputProps('nome')} />
      <Group grow align="flex-start">
        <Select label="Benefício" data={BENEFICIOS} allowDeselect={false} {...form.getInputProps('beneficio')} />
        {pct ? (
          <TextInput label="Percentual (%)" inputMode="decimal" required {...form.getInputProps('percentual')} />
        ) : (
          <CampoDinheiro label="Valor (R$)" required value={form.values.valor} aoMudar={(t) => form.setFieldValue('valor', t)} error={typeof form.errors.valor === 'string' ? form.errors.valor : null} />
        )}
      </Group>
      <Group grow align="flex-start">
        <CampoDinheiro label="Compra mínima (R$)" value={form.values.compraMinima} aoMudar={(t) => form.setFieldValue('compraMinima', t)} error={typeof form.errors.compraMinima === 'string' ? form.errors.compraMinima : null} />
        <TextInput label="Usos por cliente" description="Em branco: sem limite" inputMode="numeric" {...form.getInputProps('usosPorCliente')} />
        <TextInput label="Total de usos" description="Em branco: sem limite" inputMode="numeric" {...form.getInputProps('usosTotal')} />
      </Group>
      <Group grow align="flex-start">
        <CampoData label="Vence em" clearable value={form.values.dataVencimento} onChange={(d) => form.setFieldValue('dataVencimento', d ?? '')} error={form.errors.dataVencimento} />
        <MultiSelect label="Dias da semana em que vale" description="Nenhum: todos os dias" data={DIAS} {...form.getInputProps('vencimentoDiaSemana')} />
      </Group>
      <TextInput label="Palavra-chave" description="Opcional: uma palavra que qualquer cliente digita no caixa" {...form.getInputProps('palavraChave')} />
      <MultiSelect
        label="Lojas onde vale"
        description="Nenhuma escolhida: todas as lojas da rede"
        data={(filiais.data ?? []).map((f) => ({ value: String(f.id), label: f.shortName }))}
        searchable
        {...form.getInputProps('filiais')}
      />
      {tipo !== 'ONLINE' && (
        <>
          <Text size="sm" fw={500}>
            Códigos {gerados > 0 && `(${gerados.toLocaleString('pt-BR')} já gerados: o padrão não muda mais)`}
          </Text>
          {/* Two by two: four fields across a drawer cut "Letras e números" short. */}
          <SimpleGrid cols={2}>
            <Select label="Caracteres" data={ALFABETOS_CUPOM_LISTA.map((a) => ({ value: a, label: ALFABETOS[a] }))} allowDeselect={false} disabled={gerados > 0} {...form.getInputProps('alfabeto')} />
            <TextInput label="Prefixo" disabled={gerados > 0} {...form.getInputProps('prefixo')} />
            <NumberInput label="Tamanho" min={4} max={20} disabled={gerados > 0} {...form.getInputProps('tamanho')} />
            <NumberInput label="Quantidade" min={0} max={200000} thousandSeparator="." decimalSeparator="," {...form.getInputProps('quantidade')} />
          </SimpleGrid>
        </>
      )}
      <Textarea label="Mensagem do WhatsApp" description="{cupom} vira o código de cada cliente e {vencimento} a validade do cupom; também {nome}, {primeiro_nome} e {loja}" autosize minRows={2} {...form.getInputProps('whatsAppLote')} />
      <Switch label="Ativo" {...form.getInputProps('ativo', { type: 'checkbox' })} />
    </FormPage>
  );
}
