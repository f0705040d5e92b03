import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { WhiteLabel } from '@bonifica/contracts';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { responder, rotasPadrao, servidorFalso, usuarioAdmin, type RequisicaoFalsa } from '../../test/servidor-falso';
import { cssDaCor, paletaDaCor } from '../../app/white-label';
import { paraEnvioConfig, valoresDasConfigs } from './configuracoes-page';

const MARCA: WhiteLabel = {
  nomeSistema: 'Bonifica',
  corPrimaria: null,
  textoLogin: null,
  logoUrl: '/arquivo/imagem/sistema/topoAngular',
  faviconUrl: null,
  emailSuporte: null,
  whatsSuporte: null,
  telefoneSuporte: null,
  urlAjuda: null,
};
const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

describe('Configurações e white label', () => {
  beforeAll(() => Promise.all([import('./configuracoes-page'), import('./white-label-page')]), 30_000);

  it('a paleta põe a cor escolhida no tom 8, o dos botões, e reescreve as variáveis da cor primária', () => {
    const p = paletaDaCor('#c2255c');
    expect(p).toHaveLength(10);
    expect(p[8]).toBe('#c2255c');
    expect(cssDaCor('#c2255c')).toContain('--mantine-primary-color-filled: #c2255c;');
  });

  it('as configurações lidas viram o formulário com os padrões, e um número apagado não é enviado', () => {
    const v = valoresDasConfigs({ nome_sistema: 'Fideliza', suporte_whats: '11988887777' });
    expect(v).toMatchObject({ nomeSistema: 'Fideliza', whatsSuporte: '11988887777', diasExperimental: 14, limiteImagemKb: 256, urlAjuda: '' });
    expect(paraEnvioConfig({ ...v, diasExperimental: '' }).diasExperimental).toBeUndefined();
  });

  it('configurações: valida em português e envia config/save', { timeout: 20_000 }, async () => {
    const s = servidorFalso({
      ...rotasPadrao(usuarioAdmin),
      'GET config/configs': responder(() => ({ corpo: { hasError: false, messageError: null, result: null, results: [{ chave: 'nome_sistema', valor: 'Bonifica' }] } })),
      'POST config/save': {},
    });
    const { usuario } = renderizarPagina('/app/sistema/configuracoes', () => import('./configuracoes-page'));
    const email = await screen.findByRole('textbox', { name: 'E-mail' }, { timeout: 5000 });
    await usuario.type(email, 'sem-arroba');
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('E-mail inválido.')).toBeInTheDocument();
    expect(s.chamadas('POST config/save')).toHaveLength(0);
    await usuario.clear(email);
    await usuario.type(email, 'suporte@fideliza.com.br');
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(corpo(s.chamadas('POST config/save')[0])).toMatchObject({ nomeSistema: 'Bonifica', emailSuporte: 'suporte@fideliza.com.br', diasExperimental: 14 }));
  });

  it('white label: a prévia acompanha o que é digitado; o nome vazio é recusado; salvar envia nome, cor e texto', { timeout: 20_000 }, async () => {
    const s = servidorFalso({ ...rotasPadrao(usuarioAdmin), 'GET config/whitelabel': MARCA, 'POST config/save': {} });
    const { usuario } = renderizarPagina('/app/sistema/white-label', () => import('./white-label-page'));
    const texto = await screen.findByRole('textbox', { name: 'Texto da página de login' }, { timeout: 5000 });
    await usuario.type(texto, 'Bem-vindo à rede');
    expect(within(screen.getByTestId('previa-white-label')).getByText('Bem-vindo à rede')).toBeInTheDocument();
    const nome = screen.getByRole('textbox', { name: /Nome do sistema/ });
    await usuario.clear(nome);
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe o nome do sistema.')).toBeInTheDocument();
    expect(s.chamadas('POST config/save')).toHaveLength(0);
    await usuario.type(nome, 'Fideliza Mais');
    const cor = screen.getByRole('textbox', { name: 'Cor principal' });
    await usuario.clear(cor);
    await usuario.type(cor, '#C2255C');
    await usuario.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(corpo(s.chamadas('POST config/save')[0])).toEqual({ nomeSistema: 'Fideliza Mais', corPrimaria: '#c2255c', textoLogin: 'Bem-vindo à rede' }));
  });
});
