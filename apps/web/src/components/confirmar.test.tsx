import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ProvedorModais } from '../app/provedor-modais';
import { confirmar } from './confirmar';
import { notificar } from './notificar';

function montar() {
  render(
    <MantineProvider env="test">
      <ProvedorModais>
        <div />
      </ProvedorModais>
    </MantineProvider>,
  );
  return userEvent.setup();
}

describe('confirmar', () => {
  it('pergunta com título "Confirmação" e botões Sim/Não; Sim resolve true', async () => {
    const usuario = montar();
    const resposta = confirmar({ mensagem: 'Excluir o cupom?' });
    expect(await screen.findByText('Confirmação')).toBeInTheDocument();
    expect(screen.getByText('Excluir o cupom?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Não' })).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Sim' }));
    await expect(resposta).resolves.toBe(true);
  });

  it('Enter responde Não, salvo nos fluxos de teclado do balcão (enterConfirma), onde responde Sim', async () => {
    const usuario = montar();
    const balcao = confirmar({ mensagem: 'Resgatar a caneca?', enterConfirma: true });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sim' })).toHaveFocus());
    await usuario.keyboard('{Enter}');
    await expect(balcao).resolves.toBe(true);
    for (const opcoes of [{ mensagem: 'Enviar a campanha a todos?' }, { mensagem: 'Excluir o prêmio?', destrutiva: true }]) {
      const resposta = confirmar(opcoes);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Não' })).toHaveFocus());
      await usuario.keyboard('{Enter}');
      await expect(resposta).resolves.toBe(false);
    }
  });

  it('Não resolve false', async () => {
    const usuario = montar();
    const resposta = confirmar({ mensagem: 'Cancelar a fatura?', destrutiva: true });
    await usuario.click(await screen.findByRole('button', { name: 'Não' }));
    await expect(resposta).resolves.toBe(false);
  });
});

describe('notificar', () => {
  it.each([
    ['erro', 'Erro'],
    ['alerta', 'Alerta'],
    ['sucesso', 'Sucesso'],
    ['informacao', 'Informação'],
  ] as const)('%s usa o título "%s"', async (tipo, titulo) => {
    montar();
    notificar[tipo]('Mensagem de teste');
    await waitFor(() => expect(screen.getByText(titulo)).toBeInTheDocument());
    expect(screen.getByText('Mensagem de teste')).toBeInTheDocument();
  });
});
