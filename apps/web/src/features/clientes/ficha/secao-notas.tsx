import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { NOTA_CLIENTE_MAXIMO, notaClienteSchema } from '@bonifica/contracts';
import { notificar } from '../../../components/notificar';
import { formatarDataHora } from '../../../lib/format';
import { useAdicionarNota, useNotas } from '../ficha-api';
import { EstadoConsulta, PaginacaoConsulta } from '../../../components/estado-consulta';

/** Staff notes: added, never edited — a wrong note is corrected by a new one. */
export function SecaoNotas({ clienteId, podeEscrever }: { clienteId: number; podeEscrever: boolean }) {
  const [pagina, setPagina] = useState(0);
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const consulta = useNotas(clienteId, pagina);
  const adicionar = useAdicionarNota(clienteId);
  const notas = consulta.data?.content ?? [];

  async function enviar() {
    const validado = notaClienteSchema.safeParse({ texto });
    if (!validado.success) {
      setErro(validado.error.issues[0]?.message ?? 'Nota inválida.');
      return;
    }
    try {
      await adicionar.mutateAsync(validado.data.texto);
      setTexto('');
      setErro(null);
      setPagina(0);
      notificar.sucesso('Nota adicionada.');
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  }

  return (
    <Stack gap="md">
      {podeEscrever && (
        <Stack gap="xs">
          <Textarea
            label="Nova nota"
            description="Notas não podem ser editadas nem apagadas: para corrigir, escreva outra."
            placeholder="Ex.: prefere contato pela manhã."
            autosize
            minRows={2}
            maxRows={6}
            maxLength={NOTA_CLIENTE_MAXIMO}
            value={texto}
            error={erro}
            onChange={(e) => {
              setTexto(e.currentTarget.value);
              setErro(null);
            }}
          />
          <Group justify="flex-end">
            <Button leftSection={<IconNotes size={16} />} loading={adicionar.isPending} onClick={() => void enviar()}>
              Adicionar nota
            </Button>
          </Group>
        </Stack>
      )}
      <EstadoConsulta titulo="Notas" consulta={consulta} vazio={notas.length === 0} mensagemVazia="Nenhuma nota sobre este cliente.">
        <Stack gap="sm">
          {notas.map((n) => (
            <Paper key={n.id} withBorder radius="md" p="sm">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {n.texto}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {n.usuarioNome ?? 'Usuário removido'} · {formatarDataHora(n.criadoEm)}
              </Text>
            </Paper>
          ))}
          <PaginacaoConsulta total={consulta.data?.totalPages ?? 0} pagina={pagina} aoMudar={setPagina} />
        </Stack>
      </EstadoConsulta>
    </Stack>
  );
}
