import { useRef, useState } from 'react';
import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { resgateParceiroSchema, type RedeCredenciada, type ResultadoResgateParceiro, type UnidadeCredenciada } from '@bonifica/contracts';
import { CampoDinheiro } from '../../components/campo-dinheiro';
import { notificar } from '../../components/notificar';
import { SelecaoCliente } from '../../components/selecao-cliente';
import { formatarBRL, formatarInteiro } from '../../lib/format';
import { lerReais } from '../../lib/reais';
import { novaChave, useLancarResgate, useSaldosCliente } from './resgates-api';

const ROTULO = { CASHBACK: 'Cashback', PONTOS: 'Pontos' } as const;

type Props = { parceiro: RedeCredenciada; aoTerminar: (r: ResultadoResgateParceiro | null) => void };

/**
 * "Lançar resgate": the manager types in what the partner reported — the customer, the balance, the
 * amount and the partner's document number. The customer's usable balance and the partner's limit
 * show before sending; the server checks them again under lock.
 */
export function ResgateForm({ parceiro, aoTerminar }: Props) {
  const [clienteId, setClienteId] = useState<string | null>(null);
  const [unidade, setUnidade] = useState<UnidadeCredenciada>(parceiro.unidades[0] ?? 'CASHBACK');
  const [reais, setReais] = useState('');
  const [pontos, setPontos] = useState<number | string>('');
  const [documento, setDocumento] = useState('');
  const [observacao, setObservacao] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const chave = useRef(novaChave());
  // A field's message goes away as soon as the user changes that field.
  const limpar = (campo: string) => setErros((e) => (e[campo] ? { ...e, [campo]: '' } : e));
  const lancar = useLancarResgate(parceiro.id);
  const saldos = useSaldosCliente(clienteId ? Number(clienteId) : null);
  const conta = saldos.data?.find((s) => s.unidade === unidade);
  const disponivel = conta && !conta.bloqueada ? conta.disponivel : 0;

  const enviar = async () => {
    const valor = unidade === 'CASHBACK' ? lerReais(reais) : pontos === '' ? undefined : Number(pontos);
    const corpo = { redeCredenciadaId: parceiro.id, clienteId: clienteId ? Number(clienteId) : undefined, unidade, valor, documento, ...(observacao.trim() ? { observacao } : {}) };
    const v = resgateParceiroSchema.safeParse(corpo);
    const novos: Record<string, string> = {};
    if (!v.success) for (const i of v.error.issues) novos[String(i.path[0])] ??= i.message;
    if (typeof valor === 'number' && conta && valor > disponivel && !novos.valor) novos.valor = 'Valor acima do saldo disponível do cliente.';
    setErros(novos);
    if (!v.success || Object.keys(novos).length > 0) return;
    try {
      const r = await lancar.mutateAsync({ corpo: v.data, chave: chave.current });
      chave.current = novaChave();
      const resta = r.resgate.unidade === 'CASHBACK' ? formatarBRL(r.saldoDisponivel) : `${formatarInteiro(r.saldoDisponivel)} pontos`;
      notificar.sucesso(`Resgate lançado. Saldo disponível do cliente: ${resta}.`);
      aoTerminar(r);
    } catch (e) {
      notificar.erro(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Stack gap="sm">
      <SelecaoCliente
        label="Cliente"
        description="Busque por nome, CPF/CNPJ, celular ou nº do cartão."
        placeholder="Nome, CPF/CNPJ, celular ou cartão"
        withAsterisk
        value={clienteId}
        onChange={(v) => { setClienteId(v); limpar('clienteId'); }}
        error={erros.clienteId || undefined}
      />
      {parceiro.unidades.length > 1 && (
        <SegmentedControl aria-label="Saldo usado" value={unidade} onChange={(v) => { setUnidade(v as UnidadeCredenciada); limpar('valor'); }} data={parceiro.unidades.map((u) => ({ value: u, label: ROTULO[u] }))} />
      )}
      {clienteId && conta && (
        <Alert color={conta.bloqueada ? 'red' : 'teal'} variant="light" title={conta.bloqueada ? 'Conta bloqueada' : 'Saldo disponível para uso agora'}>
          {conta.bloqueada
            ? `A conta de ${ROTULO[unidade].toLowerCase()} deste cliente está bloqueada: o saldo não pode ser usado no parceiro.`
            : unidade === 'CASHBACK'
              ? formatarBRL(disponivel)
              : `${formatarInteiro(disponivel)} pontos`}
          {!conta.bloqueada && conta.emCarencia > 0 && (
            <Text size="xs" c="dimmed">
              Em carência: {unidade === 'CASHBACK' ? formatarBRL(conta.emCarencia) : `${formatarInteiro(conta.emCarencia)} pontos`}
            </Text>
          )}
        </Alert>
      )}
      {clienteId && saldos.isSuccess && !conta && <Alert color="gray">Este cliente não tem saldo de {ROTULO[unidade].toLowerCase()}.</Alert>}
      {unidade === 'CASHBACK' ? (
        <CampoDinheiro
          label="Valor do resgate"
          withAsterisk
          value={reais}
          aoMudar={(v) => { setReais(v); limpar('valor'); }}
          error={erros.valor || null}
          description={parceiro.resgateMaximo === null ? 'Sem limite por venda neste parceiro.' : `Máximo por venda neste parceiro: ${formatarBRL(parceiro.resgateMaximo)}.`}
        />
      ) : (
        <NumberInput label="Pontos resgatados" withAsterisk allowDecimal={false} min={1} thousandSeparator="." decimalSeparator="," value={pontos} onChange={(v) => { setPontos(v); limpar('valor'); }} error={erros.valor || undefined} />
      )}
      <TextInput label="Nº do documento do parceiro" description="Cupom, nota ou pedido informado pelo parceiro." withAsterisk maxLength={60} value={documento} onChange={(e) => { setDocumento(e.currentTarget.value); limpar('documento'); }} error={erros.documento || undefined} />
      <TextInput label="Observação" maxLength={200} value={observacao} onChange={(e) => setObservacao(e.currentTarget.value)} error={erros.observacao} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => aoTerminar(null)}>
          Cancelar
        </Button>
        <Button onClick={() => void enviar()} loading={lancar.isPending}>
          Lançar resgate
        </Button>
      </Group>
    </Stack>
  );
}
