import { useState } from 'react';
import { Button, FileButton, Group, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { LIMITE_CSV_BLOQUEIO, type ResultadoImportarBloqueio } from '@bonifica/contracts';
import { notificar } from '../../components/notificar';
import { SelecaoCliente } from '../../components/selecao-cliente';
import { useBloquear, useImportarBloqueios } from './api';

type Modo = 'cliente' | 'avulso' | 'arquivo';

/** Block a customer, a loose mobile/e-mail, or a small CSV list; the reason is always asked. */
export function BloqueioForm({ aoConcluir }: { aoConcluir: () => void }) {
  const [modo, setModo] = useState<Modo>('cliente');
  const [clienteId, setClienteId] = useState<string | null>(null);
  const [celular, setCelular] = useState('');
  const [email, setEmail] = useState('');
  const [motivo, setMotivo] = useState('');
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [resultado, setResultado] = useState<ResultadoImportarBloqueio | null>(null);
  const bloquear = useBloquear();
  const importar = useImportarBloqueios();

  async function enviar() {
    setErro(null);
    try {
      if (modo === 'arquivo') {
        if (!arquivo) return setErro('Escolha o arquivo CSV.');
        if (arquivo.size > LIMITE_CSV_BLOQUEIO) return setErro('Arquivo grande demais para enviar aqui (máximo 1 MB): use a importação de contatos.');
        const r = await importar.mutateAsync({ csv: await arquivo.text(), motivo });
        setResultado(r);
        notificar.sucesso(`${r.incluidos} incluídos na lista de bloqueio.`);
        return;
      }
      await bloquear.mutateAsync(modo === 'cliente' ? { clienteId: clienteId ? Number(clienteId) : undefined, motivo } : { celular: celular || null, email: email || null, motivo });
      notificar.sucesso('Incluído na lista de bloqueio.');
      aoConcluir();
    } catch (e) {
      setErro((e as Error).message);
    }
  }

  return (
    <Stack>
      <SegmentedControl
        value={modo}
        onChange={(v) => setModo(v as Modo)}
        data={[
          { value: 'cliente', label: 'Cliente' },
          { value: 'avulso', label: 'Celular ou e-mail' },
          { value: 'arquivo', label: 'Arquivo CSV' },
        ]}
      />
      {modo === 'cliente' && <SelecaoCliente label="Cliente" value={clienteId} onChange={setClienteId} comboboxProps={{ withinPortal: true }} />}
      {modo === 'avulso' && (
        <>
          <TextInput label="Celular" placeholder="(11) 98888-7777" value={celular} onChange={(e) => setCelular(e.currentTarget.value)} />
          <TextInput label="E-mail" placeholder="nome@exemplo.com.br" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        </>
      )}
      {modo === 'arquivo' && (
        <Stack gap={4}>
          <Text size="sm">Um celular ou e-mail por linha (primeira coluna); até 1 MB.</Text>
          <FileButton onChange={setArquivo} accept=".csv,text/csv,text/plain">
            {(props) => (
              <Button variant="default" {...props}>
                {arquivo ? arquivo.name : 'Escolher arquivo'}
              </Button>
            )}
          </FileButton>
        </Stack>
      )}
      <Textarea label="Motivo" required value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} maxLength={200} autosize minRows={2} />
      {erro && (
        <Text c="red" size="sm" role="alert">
          {erro}
        </Text>
      )}
      {resultado && (
        <Text size="sm" role="status">
          {`${resultado.lidas} linhas lidas: ${resultado.incluidos} incluídos, ${resultado.jaBloqueados} já estavam bloqueados, ${resultado.invalidas.length} inválidas`}
          {resultado.invalidas.length > 0 && ` (linhas ${resultado.invalidas.map((i) => i.linha).join(', ')})`}.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={aoConcluir}>
          Fechar
        </Button>
        <Button onClick={() => void enviar()} loading={bloquear.isPending || importar.isPending}>
          {modo === 'arquivo' ? 'Importar' : 'Bloquear'}
        </Button>
      </Group>
    </Stack>
  );
}
