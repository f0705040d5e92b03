import { useState } from 'react';
import { Alert, Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { estornoSchema, type LinhaExtrato, type UnidadeConta } from '@bonifica/contracts';
import { confirmar } from '../../../components/confirmar';
import { notificar } from '../../../components/notificar';
import { formatarMovimento } from '../../../lib/format';
import { useEstornarLancamento } from '../ficha-api';
import { RodapeModal } from '../../../components/rodape-modal';

/** "Estornar" on a free posting of the statement (account/lancamento/estornar): a reason, then Confirmação. */
export function EstornoLancamento({ clienteId, unidade, linha }: { clienteId: number; unidade: UnidadeConta; linha: LinhaExtrato }) {
  const [aberto, setAberto] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [tentou, setTentou] = useState(false);
  const [falha, setFalha] = useState<string | null>(null);
  const estornar = useEstornarLancamento(clienteId);
  const leitura = estornoSchema.safeParse({ motivo });
  const erro = tentou && !leitura.success ? (leitura.error.issues[0]?.message ?? null) : null;
  const fechar = () => {
    setAberto(false);
    setMotivo('');
    setTentou(false);
    setFalha(null);
  };

  async function enviar() {
    setTentou(true);
    setFalha(null);
    if (!leitura.success) return;
    const ok = await confirmar({ mensagem: `Estornar o lançamento "${linha.descricao}" (${formatarMovimento(unidade, linha.valor)})? Um lançamento contrário será criado; o original continua no extrato.`, destrutiva: true });
    if (!ok) return;
    try {
      await estornar.mutateAsync({ lancamentoId: linha.lancamentoId, motivo: leitura.data.motivo });
      notificar.sucesso('Lançamento estornado.');
      fechar();
    } catch (e) {
      setFalha((e as Error).message);
    }
  }

  return (
    <>
      <Button size="compact-xs" variant="subtle" color="red" onClick={() => setAberto(true)} aria-label={`Estornar ${linha.descricao}`}>
        Estornar
      </Button>
      <Modal opened={aberto} onClose={fechar} title="Estornar lançamento" centered>
        <Stack gap="sm">
          <Text size="sm">
            {linha.descricao}: <strong>{formatarMovimento(unidade, linha.valor)}</strong>
          </Text>
          <Textarea label="Motivo do estorno" required maxLength={200} autosize minRows={2} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} error={erro} data-autofocus />
          {falha && (
            <Alert color="red" variant="light" title="Estorno não feito">
              {falha}
            </Alert>
          )}
          <RodapeModal rotulo="Estornar" cor="red" aoConfirmar={enviar} aoCancelar={fechar} enviando={estornar.isPending} />
        </Stack>
      </Modal>
    </>
  );
}
