import { useMemo } from 'react';
import { Alert, Grid, Select } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { clientePlanoSaveSchema, fimDoPeriodo, hojeISO, ROTULOS_PERIODICIDADE, type ClientePlano } from '@bonifica/contracts';
import { CampoData } from '../../components/campo-data';
import { FormPage, useFormPage } from '../../components/form-page';
import { SelecaoCliente } from '../../components/selecao-cliente';
import { useContratarPlano, usePlanos } from './api';
import { beneficios } from './rotulos';
import { formatarBRL, formatarData } from '../../lib/format';

type ValoresContrato = { clienteId: string | null; planoId: string | null; inicio: string };

/** Contract a plan for a customer: search the customer, pick an active plan, the first day. */
export function ContratarForm({ aoSalvar }: { aoSalvar: (c: ClientePlano) => void }) {
  const contratar = useContratarPlano();
  const planos = usePlanos();

  const controle = useFormPage({
    schema: clientePlanoSaveSchema,
    valoresIniciais: { clienteId: null, planoId: null, inicio: hojeISO() } as ValoresContrato,
    paraEnvio: (v) => ({
      clienteId: v.clienteId ? Number(v.clienteId) : (undefined as unknown as number),
      planoId: v.planoId ? Number(v.planoId) : (undefined as unknown as number),
      inicio: v.inicio || undefined,
    }),
  });
  const { form } = controle;
  const valores = form.getValues();

  const ativos = useMemo(() => (planos.data ?? []).filter((p) => p.ativo), [planos.data]);
  const escolhido = ativos.find((p) => String(p.id) === valores.planoId) ?? null;
  const fim = escolhido && /^\d{4}-\d{2}-\d{2}$/.test(valores.inicio) ? fimDoPeriodo(valores.inicio, escolhido.periodicidade) : null;

  return (
    <FormPage controle={controle} salvar={(d) => contratar.mutateAsync(d)} aoSalvar={(c) => aoSalvar(c)} mensagemSucesso="Plano contratado." rotuloSalvar="Contratar">
      <Grid>
        <Grid.Col span={12}>
          <SelecaoCliente label="Cliente" withAsterisk {...form.getInputProps('clienteId')} key={form.key('clienteId')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Select
            label="Plano"
            withAsterisk
            placeholder={planos.isPending ? 'Carregando planos...' : 'Escolha o plano'}
            data={ativos.map((p) => ({ value: String(p.id), label: `${p.nome} · ${formatarBRL(p.preco)} ${ROTULOS_PERIODICIDADE[p.periodicidade].toLowerCase()}` }))}
            nothingFoundMessage="Nenhum plano ativo no catálogo."
            {...form.getInputProps('planoId')}
            key={form.key('planoId')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <CampoData label="Início" withAsterisk {...form.getInputProps('inicio')} key={form.key('inicio')} />
        </Grid.Col>
        {escolhido && (
          <Grid.Col span={12}>
            <Alert variant="light" icon={<IconInfoCircle size={18} />}>
              {beneficios(escolhido)} enquanto vigente. Preço congelado em {formatarBRL(escolhido.preco)}
              {fim ? `; primeiro período até ${formatarData(fim)}.` : '.'}
            </Alert>
          </Grid.Col>
        )}
      </Grid>
    </FormPage>
  );
}
