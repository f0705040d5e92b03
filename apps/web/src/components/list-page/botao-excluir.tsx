import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { confirmarEExecutar } from '../confirmar';

/**
 * The "Excluir" action of a list row: a red trash icon named after the row, which asks for
 * confirmation, runs the deletion and says how it went (one look and one behaviour on every list).
 */
export function BotaoExcluir({ nome, mensagem, excluir, sucesso }: { nome: string; mensagem: string; excluir: () => Promise<unknown>; sucesso: string }) {
  return (
    <Tooltip label="Excluir">
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Excluir ${nome}`}
        onClick={() => void confirmarEExecutar({ mensagem, destrutiva: true, acao: excluir, sucesso })}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
