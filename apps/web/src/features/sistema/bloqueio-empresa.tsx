import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { motivoBloqueioSchema, type EmpresaAdmin } from '@bonifica/contracts';
import { notificar } from '../../components/notificar';
import { useBloqueioEmpresa } from './api-admin';

type Props = { empresa: EmpresaAdmin | null; aoFechar: () => void };

/**
 * Block or unblock a company with a mandatory reason. The reason box is the confirmation itself:
 * the action names the company and what happens to its users before the red button.
 */
export function BloqueioEmpresa({ empresa, aoFechar }: Props) {
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [erroServidor, setErroServidor] = useState<string | null>(null);
  const mudar = useBloqueioEmpresa();
  const bloquear = empresa?.ativa ?? true;

  const fechar = () => {
    setMotivo('');
    setErro(null);
    setErroServidor(null);
    aoFechar();
  };

  const confirmar = async () => {
    if (!empresa) return;
    const r = motivoBloqueioSchema.safeParse(motivo);
    if (!r.success) {
      setErro(r.error.issues[0]?.message ?? 'Informe o motivo.');
      return;
    }
    try {
      await mudar.mutateAsync({ empresaId: empresa.id, bloquear, motivo: r.data });
      notificar.sucesso(bloquear ? `${empresa.shortName} foi bloqueada.` : `${empresa.shortName} foi desbloqueada.`);
      fechar();
    } catch (e) {
      setErroServidor((e as Error).message);
    }
  };

  return (
    <Modal opened={empresa !== null} onClose={fechar} title={bloquear ? 'Bloquear empresa' : 'Desbloquear empresa'} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {empresa && (
        <Stack gap="md">
          <Text size="sm">
            {bloquear
              ? `Os usuários de ${empresa.shortName} deixarão de entrar no sistema e as sessões abertas serão encerradas. Clientes e saldos não são alterados.`
              : `Os usuários de ${empresa.shortName} voltarão a entrar no sistema.`}
          </Text>
          {erroServidor && (
            <Alert color="red" variant="light">
              {erroServidor}
            </Alert>
          )}
          <Textarea
            label="Motivo"
            required
            autosize
            minRows={2}
            maxLength={500}
            data-autofocus
            value={motivo}
            error={erro}
            onChange={(e) => {
              setMotivo(e.currentTarget.value);
              setErro(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={fechar}>
              Não
            </Button>
            <Button color={bloquear ? 'red' : undefined} loading={mudar.isPending} onClick={() => void confirmar()}>
              {bloquear ? 'Sim, bloquear' : 'Sim, desbloquear'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
