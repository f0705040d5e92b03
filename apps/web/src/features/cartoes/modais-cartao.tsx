import { useState } from 'react';
import { Alert, Button, Checkbox, Group, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { z } from 'zod';
import {
  bloquearCartaoSchema,
  emitirCartoesSchema,
  formatarNumeroCartao,
  MAXIMO_EMISSAO,
  numeracaoCartaoSchema,
  numeroCartaoSchema,
  type CartaoResumo,
} from '@bonifica/contracts';
import { notificar } from '../../components/notificar';
import { SelecaoCliente } from '../../components/selecao-cliente';
import {
  useBloquearCartao,
  useDesbloquearCartao,
  useEmitirCartoes,
  useNumeracao,
  useSalvarNumeracao,
  useSubstituirCartao,
  useVincularCartao,
} from './api';
import { useFiliaisRede } from '../../components/use-filiais-rede';

/** What the modals say when the server refuses: its own message (409 rules, 400 details). */
const mensagemDe = (e: unknown) => (e instanceof Error ? e.message : 'Não foi possível concluir.');

type PropsModal = { aoConcluir: () => void };

/** Runs the call; on success shows what it returns as the toast and closes the modal, on failure shows the server's message. */
async function concluir(aoConcluir: () => void, acao: () => Promise<string>): Promise<void> {
  try {
    notificar.sucesso(await acao());
    aoConcluir();
  } catch (e) {
    notificar.erro(mensagemDe(e));
  }
}

/** Issue a batch; the prefix may still be chosen while the company has no card. */
export function EmitirLote({ aoConcluir }: PropsModal) {
  const numeracao = useNumeracao(true);
  const filiais = useFiliaisRede();
  const emitir = useEmitirCartoes();
  const form = useForm({ initialValues: { quantidade: 10 as number | string, filialId: null as string | null, adicionarFila: true }, validate: zod4Resolver(emitirCartoesSchema.extend({ filialId: z.any() })) });
  const enviar = form.onSubmit((v) =>
    concluir(aoConcluir, async () => {
      const r = await emitir.mutateAsync({ quantidade: Number(v.quantidade), adicionarFila: v.adicionarFila, ...(v.filialId ? { filialId: Number(v.filialId) } : {}) });
      return `${r.quantidade} cartões emitidos: ${formatarNumeroCartao(r.primeiro)} a ${formatarNumeroCartao(r.ultimo)}.`;
    }),
  );
  return (
    <form onSubmit={enviar} noValidate>
      <Stack>
        {numeracao.data && (
          <Text size="sm" c="dimmed">
            Próximo número: <b>{formatarNumeroCartao(numeracao.data.proximoNumero)}</b> (prefixo {numeracao.data.prefixo}).
          </Text>
        )}
        {numeracao.data?.alteravel && <PrefixoCartoes prefixo={numeracao.data.prefixo} />}
        <NumberInput label="Quantidade" description={`De 1 a ${MAXIMO_EMISSAO} cartões por lote`} min={1} max={MAXIMO_EMISSAO} allowDecimal={false} withAsterisk {...form.getInputProps('quantidade')} />
        <Select
          label="Filial"
          placeholder="A sua filial"
          clearable
          data={(filiais.data ?? []).map((f) => ({ value: String(f.id), label: f.shortName }))}
          {...form.getInputProps('filialId')}
        />
        <Checkbox label="Adicionar à fila de impressão" {...form.getInputProps('adicionarFila', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={emitir.isPending}>
            Emitir cartões
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PrefixoCartoes({ prefixo }: { prefixo: string }) {
  const salvar = useSalvarNumeracao();
  const form = useForm({ initialValues: { prefixo }, validate: zod4Resolver(numeracaoCartaoSchema) });
  return (
    <Alert color="blue" title="Prefixo dos cartões">
      <Text size="sm" mb="xs">
        Pode ser trocado só antes do primeiro cartão. Use 6 dígitos (não começando por 0 ou 9).
      </Text>
      <Group align="flex-start">
        <TextInput aria-label="Prefixo" maxLength={6} inputMode="numeric" {...form.getInputProps('prefixo')} />
        <Button
          variant="light"
          loading={salvar.isPending}
          onClick={() =>
            form.onSubmit((v) =>
              concluir(
                () => {},
                async () => {
                  await salvar.mutateAsync(v.prefixo);
                  return 'Prefixo salvo.';
                },
              ),
            )()
          }
        >
          Salvar prefixo
        </Button>
      </Group>
    </Alert>
  );
}

/** Link an available card to a customer found by name, CPF or phone. */
export function VincularCartao({ cartao, aoConcluir }: PropsModal & { cartao: CartaoResumo }) {
  const [clienteId, setClienteId] = useState<string | null>(null);
  const vincular = useVincularCartao();
  const [erro, setErro] = useState<string | null>(null);
  const enviar = async () => {
    if (!clienteId) return setErro('Escolha o cliente.');
    try {
      await vincular.mutateAsync({ cartaoId: cartao.id, clienteId: Number(clienteId) });
      notificar.sucesso('Cartão vinculado.');
      aoConcluir();
    } catch (e) {
      setErro(mensagemDe(e));
    }
  };
  return (
    <Stack>
      <Text size="sm">
        Cartão <b>{formatarNumeroCartao(cartao.numero)}</b>
      </Text>
      <SelecaoCliente
        label="Cliente"
        withAsterisk
        value={clienteId}
        onChange={(v) => {
          setClienteId(v);
          setErro(null);
        }}
        error={erro}
      />
      <Group justify="flex-end">
        <Button onClick={() => void enviar()} loading={vincular.isPending}>
          Vincular
        </Button>
      </Group>
    </Stack>
  );
}

/** Block (reason required) or unblock (reason optional). */
export function BloquearCartao({ cartao, aoConcluir }: PropsModal & { cartao: CartaoResumo }) {
  const desbloqueio = cartao.status === 'BLOQUEADO';
  const bloquear = useBloquearCartao();
  const desbloquear = useDesbloquearCartao();
  const form = useForm({ initialValues: { motivo: '' }, validate: desbloqueio ? undefined : zod4Resolver(bloquearCartaoSchema) });
  const enviar = form.onSubmit(({ motivo }) =>
    concluir(aoConcluir, async () => {
      if (desbloqueio) await desbloquear.mutateAsync({ id: cartao.id, motivo: motivo.trim() || undefined });
      else await bloquear.mutateAsync({ id: cartao.id, motivo });
      return desbloqueio ? 'Cartão desbloqueado.' : 'Cartão bloqueado.';
    }),
  );
  return (
    <form onSubmit={enviar} noValidate>
      <Stack>
        <Text size="sm">
          {desbloqueio ? 'Desbloquear' : 'Bloquear'} o cartão <b>{formatarNumeroCartao(cartao.numero)}</b>
          {cartao.clienteNome ? ` de ${cartao.clienteNome}` : ''}?{' '}
          {desbloqueio ? 'Ele volta a valer no caixa.' : 'Ele deixa de ser aceito no caixa até ser desbloqueado.'}
        </Text>
        <Textarea label="Motivo" withAsterisk={!desbloqueio} autosize minRows={2} maxLength={200} {...form.getInputProps('motivo')} />
        <Group justify="flex-end">
          <Button type="submit" color={desbloqueio ? undefined : 'red'} loading={bloquear.isPending || desbloquear.isPending}>
            {desbloqueio ? 'Desbloquear' : 'Bloquear'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const substituicaoSchema = z.object({
  motivo: bloquearCartaoSchema.shape.motivo,
  novoNumero: z.union([z.literal(''), numeroCartaoSchema]),
  adicionarFila: z.boolean(),
});

/** Replace: a given available card, or a new number issued now; the balance stays with the customer. */
export function SubstituirCartao({ cartao, aoConcluir }: PropsModal & { cartao: CartaoResumo }) {
  const substituir = useSubstituirCartao();
  const form = useForm({ initialValues: { motivo: '', novoNumero: '', adicionarFila: true }, validate: zod4Resolver(substituicaoSchema) });
  const enviar = form.onSubmit((v) =>
    concluir(aoConcluir, async () => {
      const novo = await substituir.mutateAsync({ cartaoId: cartao.id, motivo: v.motivo, adicionarFila: v.adicionarFila, ...(v.novoNumero ? { novoNumero: v.novoNumero } : {}) });
      return `Cartão substituído. Novo cartão: ${formatarNumeroCartao(novo.numero)}.`;
    }),
  );
  return (
    <form onSubmit={enviar} noValidate>
      <Stack>
        <Text size="sm">
          O cartão <b>{formatarNumeroCartao(cartao.numero)}</b> de {cartao.clienteNome} deixa de valer para sempre. Os saldos continuam do cliente.
        </Text>
        <Textarea label="Motivo" withAsterisk autosize minRows={2} maxLength={200} placeholder="Perda, roubo, cartão danificado..." {...form.getInputProps('motivo')} />
        <TextInput label="Número do cartão novo" description="Deixe em branco para emitir um número novo." inputMode="numeric" maxLength={19} {...form.getInputProps('novoNumero')} />
        <Checkbox label="Adicionar o novo cartão à fila de impressão" {...form.getInputProps('adicionarFila', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={substituir.isPending}>
            Substituir
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
