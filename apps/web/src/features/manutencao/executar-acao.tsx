import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PALAVRA_CONFIRMACAO_MANUTENCAO, type DefinicaoManutencao } from '@bonifica/contracts';
import { notificar } from '../../components/notificar';
import { useEmpresasManutencao, useExecutarManutencao } from './api';

type Props = { acao: DefinicaoManutencao | null; aoFechar: () => void; aoIniciar: (id: string) => void };

/**
 * Starting an action: the company it runs on, and — for a destructive one — the confirmation typed
 * word for word (docs/areas/manutencao.md): for what cannot be undone, a typed word instead of a click on Sim.
 */
export function ExecutarAcao({ acao, aoFechar, aoIniciar }: Props) {
  const empresas = useEmpresasManutencao();
  const executar = useExecutarManutencao();
  const [empresaId, setEmpresaId] = useState<string | null>(null);
  const [palavra, setPalavra] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  useEffect(() => {
    setEmpresaId(null);
    setPalavra('');
    setErro(null);
  }, [acao]);
  if (!acao) return null;

  const faltaEmpresa = acao.empresa === 'OBRIGATORIA' && !empresaId;
  const faltaConfirmacao = acao.destrutiva && palavra.trim().toUpperCase() !== PALAVRA_CONFIRMACAO_MANUTENCAO;

  const enviar = async () => {
    setErro(null);
    try {
      const r = await executar.mutateAsync({
        acao: acao.acao,
        ...(acao.empresa !== 'NENHUMA' && empresaId ? { empresaId: Number(empresaId) } : {}),
        ...(acao.destrutiva ? { confirmar: true } : {}),
      });
      notificar.sucesso('Ação iniciada. Acompanhe o progresso e o log.');
      aoIniciar(r.id);
    } catch (e) {
      setErro(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Modal opened onClose={aoFechar} title={acao.titulo} centered size="lg">
      <Stack gap="md">
        <Text size="sm">{acao.descricao}</Text>
        {acao.empresa !== 'NENHUMA' && (
          <Select
            label="Empresa"
            placeholder={acao.empresa === 'OPCIONAL' ? 'Todas as empresas' : 'Escolha a empresa'}
            required={acao.empresa === 'OBRIGATORIA'}
            clearable={acao.empresa === 'OPCIONAL'}
            searchable
            nothingFoundMessage="Nenhuma empresa encontrada"
            data={(empresas.data ?? []).map((e) => ({ value: String(e.id), label: e.ativa ? e.nome : `${e.nome} (bloqueada)` }))}
            value={empresaId}
            onChange={setEmpresaId}
            error={empresas.isError ? 'Não foi possível carregar as empresas.' : undefined}
          />
        )}
        {acao.destrutiva && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Ação destrutiva">
            <Stack gap="xs">
              <Text size="sm">
                Esta ação apaga ou reescreve dados guardados. Para confirmar, digite <b>{PALAVRA_CONFIRMACAO_MANUTENCAO}</b> abaixo.
              </Text>
              <TextInput
                aria-label="Confirmação"
                placeholder={PALAVRA_CONFIRMACAO_MANUTENCAO}
                value={palavra}
                onChange={(e) => setPalavra(e.currentTarget.value)}
                autoComplete="off"
              />
            </Stack>
          </Alert>
        )}
        {erro && (
          <Alert color="red" variant="light">
            {erro}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={aoFechar}>
            Cancelar
          </Button>
          <Button color={acao.destrutiva ? 'red' : undefined} disabled={faltaEmpresa || faltaConfirmacao} loading={executar.isPending} onClick={() => void enviar()}>
            Executar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
