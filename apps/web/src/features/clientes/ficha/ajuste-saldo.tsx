import { useState } from 'react';
import { Alert, Button, Modal, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { ROTULOS_UNIDADE } from '@bonifica/contracts';
import { CampoDinheiro } from '../../../components/campo-dinheiro';
import { confirmar } from '../../../components/confirmar';
import { notificar } from '../../../components/notificar';
import { formatarValorConta } from '../../../lib/format';
import { useAjustarSaldo } from '../ficha-api';
import { descreverAjuste, lerAjuste, UNIDADES_AJUSTE, type TextosAjuste, type UnidadeAjuste } from './ajuste-textos';
import { RodapeModal } from '../../../components/rodape-modal';

const INICIAL: TextosAjuste = { sentido: 'CREDITO', unidade: 'CASHBACK', valor: '', motivo: '' };

/** "Ajustar saldo": a manual credit or debit with its reason (account/lancamento/ajuste), asked twice. */
export function AjusteSaldo({ clienteId, nomeCliente }: { clienteId: number; nomeCliente: string }) {
  const [aberto, setAberto] = useState(false);
  const [t, setT] = useState<TextosAjuste>(INICIAL);
  const [tentou, setTentou] = useState(false);
  const [falha, setFalha] = useState<string | null>(null);
  const ajustar = useAjustarSaldo(clienteId);
  const leitura = lerAjuste(clienteId, t);
  const erros = tentou && !leitura.ok ? leitura.erros : {};
  // The value is read before the state update: React clears the event's currentTarget after the handler.
  const mudar = (campo: 'valor' | 'motivo', valor: string) => setT((x) => ({ ...x, [campo]: valor }));
  const fechar = () => {
    setAberto(false);
    setT(INICIAL);
    setTentou(false);
    setFalha(null);
  };

  async function enviar() {
    setTentou(true);
    setFalha(null);
    if (!leitura.ok) return;
    const ok = await confirmar({ mensagem: `${descreverAjuste(leitura.ajuste)} para ${nomeCliente}? Motivo: "${leitura.ajuste.motivo}".`, destrutiva: leitura.ajuste.valor < 0 });
    if (!ok) return;
    try {
      const r = await ajustar.mutateAsync(leitura.ajuste);
      notificar.sucesso(`Ajuste lançado. Saldo agora: ${formatarValorConta(leitura.ajuste.unidade, r.saldo)}.`);
      fechar();
    } catch (e) {
      setFalha((e as Error).message);
    }
  }

  return (
    <>
      <Button variant="light" leftSection={<IconAdjustments size={16} />} onClick={() => setAberto(true)}>
        Ajustar saldo
      </Button>
      <Modal opened={aberto} onClose={fechar} title="Ajustar saldo" centered>
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            aria-label="Crédito ou débito"
            value={t.sentido}
            onChange={(v) => setT((x) => ({ ...x, sentido: v as TextosAjuste['sentido'] }))}
            data={[
              { value: 'CREDITO', label: 'Crédito' },
              { value: 'DEBITO', label: 'Débito' },
            ]}
          />
          <SegmentedControl
            fullWidth
            aria-label="Conta"
            value={t.unidade}
            onChange={(v) => setT((x) => ({ ...x, unidade: v as UnidadeAjuste, valor: '' }))}
            data={UNIDADES_AJUSTE.map((u) => ({ value: u, label: ROTULOS_UNIDADE[u] }))}
          />
          {t.unidade === 'CASHBACK' ? (
            <CampoDinheiro label="Valor" required value={t.valor} aoMudar={(valor) => mudar('valor', valor)} error={erros.valor} data-autofocus />
          ) : (
            <TextInput label="Pontos" required inputMode="numeric" value={t.valor} onChange={(e) => mudar('valor', e.currentTarget.value.replace(/\D/g, ''))} error={erros.valor} data-autofocus />
          )}
          <Textarea label="Motivo" required description="Fica no extrato do cliente e na auditoria." maxLength={200} autosize minRows={2} value={t.motivo} onChange={(e) => mudar('motivo', e.currentTarget.value)} error={erros.motivo} />
          {falha && (
            <Alert color="red" variant="light" title="Ajuste não lançado">
              {falha}
            </Alert>
          )}
          <RodapeModal rotulo="Lançar ajuste" aoConfirmar={enviar} aoCancelar={fechar} enviando={ajustar.isPending} />
        </Stack>
      </Modal>
    </>
  );
}
