import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Pagina } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { renderizarApp } from '../../test/renderizar-app';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { falha, responder, rotasPadrao, servidorFalso, usuarioAdmin, usuarioGerente, type RequisicaoFalsa } from '../../test/servidor-falso';
import type { EmailSaida } from './api';

const URL_LISTA = 'POST sistema/email/filtrar/0/20';

const RESET: EmailSaida = {
  id: 11,
  empresaId: 7,
  para: 'ana@bompreco.com.br',
  assunto: 'Bonifica — redefinição de senha',
  corpo: 'Olá, Ana.\n\nUse o link abaixo em até 1 hora:\n\nhttps://bonifica.exemplo/auth/alterar-senha?token=[oculto]\n\nSe não foi você, ignore esta mensagem.',
  status: 'PENDENTE',
  tentativas: 0,
  erro: null,
  criadoEm: '2026-03-05T15:04:05.000Z',
  enviadoEm: null,
};
const ENVIADO: EmailSaida = {
  ...RESET,
  id: 10,
  para: 'joao@bompreco.com.br',
  assunto: 'Bem-vindo ao Bonifica',
  status: 'ENVIADO',
  tentativas: 1,
  criadoEm: '2026-03-04T12:00:00.000Z',
  enviadoEm: '2026-03-04T12:00:02.000Z',
};
const FALHOU: EmailSaida = { ...RESET, id: 9, para: 'carla@bompreco.com.br', status: 'FALHOU', tentativas: 3, erro: 'Conexão recusada' };

function paginaDe(content: EmailSaida[]): Pagina<EmailSaida> {
  return { content, totalElements: content.length, totalPages: 1, number: 0, size: 20 };
}

const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

function servidor(extra: Record<string, unknown> = {}, usuarioLogado = usuarioAdmin) {
  return servidorFalso({ ...rotasPadrao(usuarioLogado), [URL_LISTA]: paginaDe([RESET, ENVIADO, FALHOU]), ...extra });
}

/**
 * The page alone, lazy-loaded as the router loads it, under the providers and dialogs of /app but
 * without the shell, so the test sees only this page's requests. Kept here rather than imported
 * from cadastros' helper because features do not import one another (ARCHITECTURE §3).
 */
function abrir(url = '/app/sistema/emails') {
  return renderizarPagina('/app/sistema/emails', () => import('./emails-page'), url);
}
const linhaDe = (texto: string) => screen.getByText(texto).closest('tr')!;

describe('Sistema › Caixa de saída de e-mails', () => {
  // The first lazy import transforms the whole page; done once here so no test pays it in its waits.
  beforeAll(() => import('./emails-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela());

  it('explica a falta de SMTP e lista criado em (DD/MM/YYYY HH:mm:ss), para, assunto, status e tentativas', async () => {
    const s = servidor();
    abrir();

    expect(await screen.findByText('ana@bompreco.com.br')).toBeInTheDocument();
    expect(
      screen.getByText('Sem SMTP configurado, os e-mails ficam aqui com status Pendente e não se perdem. Configure SMTP_URL para enviá-los.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Caixa de saída de e-mails' })).toBeInTheDocument();

    const ana = linhaDe('ana@bompreco.com.br');
    // 15:04:05 UTC is 12:04:05 in the default company zone (UTC−3).
    expect(within(ana).getByText('05/03/2026 12:04:05')).toBeInTheDocument();
    expect(within(ana).getByText('Bonifica — redefinição de senha')).toBeInTheDocument();
    expect(within(ana).getByText('Pendente')).toBeInTheDocument();
    expect(within(ana).getByText('0')).toBeInTheDocument();

    const joao = linhaDe('joao@bompreco.com.br');
    expect(within(joao).getByText('Enviado')).toBeInTheDocument();
    expect(within(joao).getByText('04/03/2026 09:00:00')).toBeInTheDocument();
    // A sent message has nothing to re-send.
    expect(within(joao).queryByRole('button', { name: /^Reenviar/ })).not.toBeInTheDocument();

    const carla = linhaDe('carla@bompreco.com.br');
    expect(within(carla).getByText('Falhou')).toBeInTheDocument();
    expect(within(carla).getByText('3')).toBeInTheDocument();
    expect(within(carla).getByRole('button', { name: 'Reenviar e-mail para carla@bompreco.com.br' })).toBeInTheDocument();

    expect(corpo(s.chamadas(URL_LISTA)[0])).toEqual({});
  });

  it('filtra por status e busca: o corpo da requisição leva os filtros e a URL os guarda', async () => {
    const s = servidor();
    const { usuario, router } = abrir();
    await screen.findByText('ana@bompreco.com.br');

    await usuario.click(screen.getByRole('combobox', { name: 'Status' }));
    await usuario.click(await screen.findByRole('option', { name: 'Falhou' }));
    await waitFor(() => expect(corpo(s.chamadas(URL_LISTA).at(-1))).toEqual({ status: 'FALHOU' }));
    expect(router.state.location.search).toContain('status=FALHOU');

    await usuario.type(screen.getByRole('searchbox', { name: 'Busca' }), 'carla{Enter}');
    await waitFor(() => expect(corpo(s.chamadas(URL_LISTA).at(-1))).toEqual({ status: 'FALHOU', busca: 'carla' }));
  });

  it('um status inválido vindo da URL não vai para a API', async () => {
    const s = servidor();
    abrir('/app/sistema/emails?status=QUALQUER');
    await screen.findByText('ana@bompreco.com.br');
    expect(corpo(s.chamadas(URL_LISTA)[0])).toEqual({});
  });

  it('Ver abre o corpo inteiro, com as quebras de linha; o link de nova senha vem oculto, como texto, e a tela diz por quê', async () => {
    servidor();
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Ver e-mail para ana@bompreco.com.br' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Bonifica — redefinição de senha' });

    const texto = within(dialogo).getByTestId('corpo-email');
    expect(texto.textContent).toBe(RESET.corpo);
    expect(texto).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(within(dialogo).queryByRole('link')).toBeNull();
    expect(within(dialogo).getByText(/O link de nova senha fica oculto aqui/)).toBeInTheDocument();
    expect(within(dialogo).getByText('05/03/2026 12:04:05')).toBeInTheDocument();
  });

  it('Ver mostra os outros endereços do corpo como links', async () => {
    const corpo = 'Confirme o seu e-mail em https://bonifica.exemplo/p/confirmar?c=abc123.\n\nObrigado.';
    servidor({ [URL_LISTA]: paginaDe([{ ...RESET, corpo }, ENVIADO, FALHOU]) });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Ver e-mail para ana@bompreco.com.br' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Bonifica — redefinição de senha' });
    expect(within(dialogo).getByTestId('corpo-email').textContent).toBe(corpo);
    const link = within(dialogo).getByRole('link', { name: 'https://bonifica.exemplo/p/confirmar?c=abc123' });
    expect(link).toHaveAttribute('href', 'https://bonifica.exemplo/p/confirmar?c=abc123');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(dialogo).queryByText(/O link de nova senha fica oculto aqui/)).toBeNull();
  });

  it('Ver mostra o último erro de um envio que falhou', async () => {
    servidor();
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Ver e-mail para carla@bompreco.com.br' }));
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByText('Conexão recusada')).toBeInTheDocument();
  });

  it('Reenviar pede Confirmação: Não não chama; Sim reenvia, avisa e recarrega a lista', async () => {
    const s = servidor({ 'POST sistema/email/reenviar/11': true });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Reenviar e-mail para ana@bompreco.com.br' }));
    expect(await screen.findByText('Deseja reenviar o e-mail "Bonifica — redefinição de senha" para ana@bompreco.com.br?')).toBeInTheDocument();
    expect(screen.getByText('Confirmação')).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Não' }));
    expect(s.chamadas('POST sistema/email/reenviar/11')).toHaveLength(0);

    const listasAntes = s.chamadas(URL_LISTA).length;
    await usuario.click(screen.getByRole('button', { name: 'Reenviar e-mail para ana@bompreco.com.br' }));
    await usuario.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('E-mail enviado para ana@bompreco.com.br.')).toBeInTheDocument();
    expect(screen.getByText('Sucesso')).toBeInTheDocument();
    expect(s.chamadas('POST sistema/email/reenviar/11')).toHaveLength(1);
    await waitFor(() => expect(s.chamadas(URL_LISTA).length).toBeGreaterThan(listasAntes));
  });

  it('Reenviar sem SMTP mostra a mensagem da API como erro', async () => {
    const mensagem = 'Não foi possível enviar agora: a mensagem continua na caixa de saída.';
    const s = servidor({ 'POST sistema/email/reenviar/9': responder(() => falha(503, mensagem)) });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Reenviar e-mail para carla@bompreco.com.br' }));
    await usuario.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(mensagem)).toBeInTheDocument();
    expect(screen.getByText('Erro')).toBeInTheDocument();
    expect(s.chamadas('POST sistema/email/reenviar/9')).toHaveLength(1);
  });

  it('lista vazia mostra o estado vazio', async () => {
    servidor({ [URL_LISTA]: paginaDe([]) });
    abrir();
    expect(await screen.findByText(/Nenhum registro/)).toBeInTheDocument();
  });

  it('abre pela rota real /app/sistema/emails para o administrador do sistema', async () => {
    servidor();
    renderizarApp('/app/sistema/emails');
    expect(await screen.findByText('ana@bompreco.com.br')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Caixa de saída de e-mails' })).toBeInTheDocument();
  });

  it('usuário de empresa sem ROLE_ADMIN recebe acesso negado e não consulta a caixa', async () => {
    const s = servidor({}, usuarioGerente);
    const { caminho } = renderizarApp('/app/sistema/emails');
    await screen.findByRole('heading', { name: 'Acesso negado' });
    expect(caminho()).toBe('/app/acesso-negado');
    expect(s.chamadas(URL_LISTA)).toHaveLength(0);
  });
});
