import { Grid, Select, Textarea } from '@mantine/core';
import { bloqueioContaSchema, ROTULOS_UNIDADE, UNIDADES, type UnidadeConta } from '@bonifica/contracts';
import { FormPage, useFormPage } from '../../components/form-page';
import { SelecaoCliente } from '../../components/selecao-cliente';
import { useBloquearConta } from './api';

type ValoresBloqueio = { clienteId: string | null; unidade: UnidadeConta; motivo: string };

/** Block one account of a customer, with the reason the list and the audit will show. */
export function BloquearForm({ aoSalvar }: { aoSalvar: () => void }) {
  const bloquear = useBloquearConta();
  const controle = useFormPage({
    schema: bloqueioContaSchema,
    valoresIniciais: { clienteId: null, unidade: 'CASHBACK', motivo: '' } as ValoresBloqueio,
    paraEnvio: (v) => ({ clienteId: v.clienteId ? Number(v.clienteId) : (undefined as unknown as number), unidade: v.unidade, motivo: v.motivo }),
  });
  const { form } = controle;
  return (
    <FormPage controle={controle} salvar={(d) => bloquear.mutateAsync(d)} aoSalvar={aoSalvar} mensagemSucesso="Conta bloqueada." rotuloSalvar="Bloquear">
      <Grid>
        <Grid.Col span={12}>
          <SelecaoCliente label="Cliente" withAsterisk {...form.getInputProps('clienteId')} key={form.key('clienteId')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Select
            label="Conta"
            withAsterisk
            allowDeselect={false}
            data={UNIDADES.map((u) => ({ value: u, label: ROTULOS_UNIDADE[u] }))}
            description="Bloqueada, a conta não recebe nem paga em vendas até ser desbloqueada."
            {...form.getInputProps('unidade')}
            key={form.key('unidade')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label="Motivo" withAsterisk autosize minRows={2} maxLength={200} {...form.getInputProps('motivo')} key={form.key('motivo')} />
        </Grid.Col>
      </Grid>
    </FormPage>
  );
}
