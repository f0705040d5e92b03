import { Grid, NumberInput, Select, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { PERIODICIDADES, planoSaveSchema, ROTULOS_PERIODICIDADE, type Periodicidade, type Plano } from '@bonifica/contracts';
import { FormPage, useFormPage } from '../../components/form-page';
import { useSalvarPlano } from './api';

/** Number inputs hold '' while empty; the wire wants null (no benefit) or the number. */
type Numero = number | '';

type ValoresPlano = {
  nome: string;
  descricao: string;
  preco: Numero;
  periodicidade: Periodicidade;
  cashbackPercentual: Numero;
  pontosPorReal: Numero;
  ativo: boolean;
};

const paraNumero = (v: Numero | string) => (v === '' || v === undefined ? null : Number(v));

const OPCOES_PERIODICIDADE = PERIODICIDADES.map((p) => ({ value: p, label: ROTULOS_PERIODICIDADE[p] }));

/** Money and percent inputs the Brazilian way: 1.234,56. */
const DECIMAL_BR = { decimalSeparator: ',', thousandSeparator: '.', decimalScale: 2, hideControls: true } as const;

export function PlanoForm({ registro, aoSalvar }: { registro: Plano | null; aoSalvar: () => void }) {
  const salvar = useSalvarPlano();
  const controle = useFormPage({
    schema: planoSaveSchema,
    valoresIniciais: {
      nome: registro?.nome ?? '',
      descricao: registro?.descricao ?? '',
      preco: registro?.preco ?? '',
      periodicidade: registro?.periodicidade ?? 'MENSAL',
      cashbackPercentual: registro?.cashbackPercentual ?? '',
      pontosPorReal: registro?.pontosPorReal ?? '',
      ativo: registro?.ativo ?? true,
    } satisfies ValoresPlano as ValoresPlano,
    rascunho: registro ? `plano-${registro.id}` : 'plano-novo',
    paraEnvio: (v) => ({
      id: registro?.id,
      nome: v.nome,
      descricao: v.descricao,
      // An empty price goes as undefined so the schema's "Informe o preço." lands under the field.
      preco: paraNumero(v.preco) ?? (undefined as unknown as number),
      periodicidade: v.periodicidade,
      cashbackPercentual: paraNumero(v.cashbackPercentual),
      pontosPorReal: paraNumero(v.pontosPorReal),
      ativo: v.ativo,
    }),
  });
  const { form } = controle;

  return (
    <FormPage controle={controle} salvar={(d) => salvar.mutateAsync(d)} aoSalvar={aoSalvar} mensagemSucesso="Plano salvo.">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput label="Nome" withAsterisk maxLength={80} {...form.getInputProps('nome')} key={form.key('nome')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select label="Periodicidade" withAsterisk data={OPCOES_PERIODICIDADE} allowDeselect={false} {...form.getInputProps('periodicidade')} key={form.key('periodicidade')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label="Descrição" autosize minRows={2} maxLength={500} {...form.getInputProps('descricao')} key={form.key('descricao')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberInput label="Preço por período" withAsterisk prefix="R$ " fixedDecimalScale min={0} {...DECIMAL_BR} {...form.getInputProps('preco')} key={form.key('preco')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberInput label="Cashback do plano" suffix=" %" min={0} max={100} {...DECIMAL_BR} {...form.getInputProps('cashbackPercentual')} key={form.key('cashbackPercentual')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberInput label="Pontos por real" min={0} max={1000} allowDecimal={false} hideControls {...form.getInputProps('pontosPorReal')} key={form.key('pontosPorReal')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Text size="xs" c="dimmed">
            Enquanto o contrato estiver vigente, o cashback e os pontos do plano substituem os da regra do programa. Deixe em branco o benefício que segue a regra. A
            compra mínima e o teto de cashback por venda continuam os da empresa.
          </Text>
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch
            label="Ativo (aceita novas contratações)"
            description="Desativar não encerra os contratos existentes."
            {...form.getInputProps('ativo', { type: 'checkbox' })}
            key={form.key('ativo')}
          />
        </Grid.Col>
      </Grid>
    </FormPage>
  );
}
