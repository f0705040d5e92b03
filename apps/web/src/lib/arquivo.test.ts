import { afterEach, describe, expect, it, vi } from 'vitest';
import { falha, responder, servidorFalso } from '../test/servidor-falso';
import { aoExpirarSessao, ApiError } from './api';
import { abrirPdf, buscarArquivo, salvarArquivo } from './arquivo';
import * as navegador from './navegador';

const PDF = { corpo: '%PDF-1.7', headers: { 'Content-Type': 'application/pdf' } };

afterEach(() => vi.restoreAllMocks());

describe('lib/arquivo: um só caminho para os arquivos da API', () => {
  it('sem corpo vai por GET; com corpo, por POST em JSON; pede o tipo do arquivo e aceita o envelope de erro', async () => {
    const s = servidorFalso({ 'GET client/gerarcontrato/5': responder(() => PDF), 'POST card/print': responder(() => PDF) });
    await buscarArquivo({ caminho: 'client/gerarcontrato/5' }, 'application/pdf');
    await buscarArquivo({ caminho: 'card/print', corpo: { id: 3 } }, 'application/pdf');
    const [get] = s.chamadas('GET client/gerarcontrato/5');
    const [post] = s.chamadas('POST card/print');
    expect(get!.corpo).toBeNull();
    expect(get!.headers.get('Accept')).toBe('application/pdf, application/json');
    expect(post!.corpo).toBe('{"id":3}');
    expect(post!.headers.get('Content-Type')).toBe('application/json');
  });

  it('a mensagem do envelope de uma falha chega à tela; um 401 avisa que a sessão expirou', async () => {
    servidorFalso({
      'POST client/aniversariantes/impressao': responder(() => falha(400, 'A impressão traz até 2.000 aniversariantes: escolha uma filial ou um período menor.')),
      'POST card/print': responder(() => falha(401, 'Sessão expirada.')),
    });
    await expect(buscarArquivo({ caminho: 'client/aniversariantes/impressao', corpo: {} }, 'application/pdf')).rejects.toThrow(/escolha uma filial/);
    const expirou = vi.fn();
    const parar = aoExpirarSessao(expirou);
    const erro = await buscarArquivo({ caminho: 'card/print', corpo: { id: 1 } }, 'application/pdf').catch((e: unknown) => e);
    parar();
    expect(erro).toBeInstanceOf(ApiError);
    expect((erro as ApiError).status).toBe(401);
    expect(expirou).toHaveBeenCalledTimes(1);
  });

  it('o token de lembrar-me renovado na resposta de um arquivo fica guardado para as próximas chamadas', async () => {
    sessionStorage.setItem('remember-me', 'antigo.token');
    const s = servidorFalso({ 'GET client/gerarcontrato/5': responder(() => ({ ...PDF, headers: { ...PDF.headers, 'remember-me': 'novo.token' } })) });
    await buscarArquivo({ caminho: 'client/gerarcontrato/5' }, 'application/pdf');
    expect(s.chamadas('GET client/gerarcontrato/5')[0]!.headers.get('remember-me')).toBe('antigo.token');
    expect(sessionStorage.getItem('remember-me')).toBe('novo.token');
    sessionStorage.removeItem('remember-me');
  });

  it('um JSON de sucesso onde se esperava o arquivo também é falha, com a mensagem padrão', async () => {
    servidorFalso({ 'POST card/print': { ok: true } });
    await expect(buscarArquivo({ caminho: 'card/print', corpo: { id: 1 } }, 'application/pdf')).rejects.toThrow('Erro no servidor! Atualize a página e tente novamente!');
  });

  it('abrirPdf abre a aba no clique e a fecha se o arquivo não vier; salvarArquivo baixa com o nome dado', async () => {
    servidorFalso({ 'POST card/print': responder(() => falha(409, 'Cartão bloqueado não é impresso.')), 'POST card/exportar/clientes/csv': responder(() => ({ corpo: 'a;b', headers: { 'Content-Type': 'text/csv; charset=utf-8' } })) });
    const aba = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(aba as unknown as Window);
    await expect(abrirPdf({ caminho: 'card/print', corpo: { id: 1 } })).rejects.toThrow('Cartão bloqueado não é impresso.');
    expect(aba.close).toHaveBeenCalled();

    const baixar = vi.spyOn(navegador, 'baixarArquivo').mockImplementation(() => {});
    await salvarArquivo({ caminho: 'card/exportar/clientes/csv', corpo: {} }, 'text/csv', 'cartoes-clientes.csv');
    const [nome, conteudo, tipo] = baixar.mock.calls[0]!;
    expect([nome, tipo]).toEqual(['cartoes-clientes.csv', 'text/csv']);
    // The fake server sends every body as JSON: the bytes that arrived are the ones saved.
    expect(await (conteudo as Blob).text()).toBe('"a;b"');
  });
});
