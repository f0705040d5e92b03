import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ClienteResumo, EnvioAutomatica, MensagemAutomatica, ModeloMensagem, Pagina } from '@bonifica/contracts';
import { prepararAmbienteTabela } from '../../components/list-page/ambiente-teste';
import { falha, responder, rotasPadrao, servidorFalso, type RequisicaoFalsa } from '../../test/servidor-falso';
import { renderizarPagina } from '../../test/renderizar-pagina';

const LISTA_MODELOS = 'POST mensagem/modelo/filterpaginated/0/20';
const pagina = <T,>(content: T[], size = 20): Pagina<T> => ({ content, totalElements: content.length, totalPages: 1, number: 0, size });
const corpo = (r: RequisicaoFalsa | undefined) => JSON.parse(r?.corpo ?? '{}') as Record<string, unknown>;

const MODELO: ModeloMensagem = {
  id: 3,
  nome: 'Aniversário',
  canal: 'WHATSAPP',
  assunto: null,
  texto: 'Parabéns, {primeiro_nome}! Use {cupom}.',
  arquivoId: null,
  arquivoNome: null,
  arquivoTipo: null,
  ativo: true,
  criadoEm: '2026-01-01T12:00:00.000Z',
  atualizadoEm: '2026-01-01T12:00:00.000Z',
};
const CLIENTE = { id: 41, nome: 'Maria José da Silva', documento: null } as unknown as ClienteResumo;

describe('Mensagens › Modelos de mensagem', () => {
  beforeAll(() => import('./modelos-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela());

  it('insere variável por botão, conta caracteres, pré-visualiza com um cliente real e salva', { timeout: 30_000 }, async () => {
    const s = servidorFalso({
      ...rotasPadrao(),
      [LISTA_MODELOS]: pagina([MODELO]),
      'POST client/filterpaginated/0/10': pagina([CLIENTE], 10),
      'POST mensagem/modelo/previsualizar': responder((r) => {
        const b = corpo(r);
        return { corpo: { hasError: false, messageError: null, results: null, result: { texto: String(b.texto).replace('{primeiro_nome}', 'Maria').replace('{saldo_cashback}', 'R$ 1.234,56'), assunto: null, clienteNome: 'Maria José da Silva' } } };
      }),
      'POST mensagem/modelo/save': { ...MODELO, id: 9, nome: 'Saldo' },
    });
    const { usuario } = renderizarPagina('/app/mensagens/modelo', () => import('./modelos-page'));
    expect(await screen.findByText('Aniversário', {}, { timeout: 5000 })).toBeInTheDocument();

    await usuario.click(screen.getAllByRole('button', { name: 'Novo modelo' })[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Novo modelo' });
    await usuario.type(within(drawer).getByLabelText(/^Nome/), 'Saldo');
    const texto = within(drawer).getByLabelText(/^Texto/);
    await usuario.type(texto, 'Oi ');
    await usuario.click(within(drawer).getByRole('button', { name: '{primeiro_nome}' }));
    await usuario.type(texto, ', saldo ');
    await usuario.click(within(drawer).getByRole('button', { name: '{saldo_cashback}' }));
    expect(texto).toHaveValue('Oi {primeiro_nome}, saldo {saldo_cashback}');
    expect(within(drawer).getByText('42 / 4.096 caracteres')).toBeInTheDocument();

    await usuario.type(within(drawer).getByRole('combobox', { name: 'Cliente para a pré-visualização' }), 'Maria');
    await usuario.click(await screen.findByRole('option', { name: 'Maria José da Silva' }));
    expect(await within(drawer).findByText('Oi Maria, saldo R$ 1.234,56')).toBeInTheDocument();
    expect(corpo(s.chamadas('POST mensagem/modelo/previsualizar').at(-1))).toMatchObject({ clienteId: 41, texto: 'Oi {primeiro_nome}, saldo {saldo_cashback}' });

    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(s.chamadas('POST mensagem/modelo/save')).toHaveLength(1));
    expect(corpo(s.chamadas('POST mensagem/modelo/save')[0])).toEqual({ nome: 'Saldo', canal: 'WHATSAPP', assunto: null, texto: 'Oi {primeiro_nome}, saldo {saldo_cashback}', arquivoId: null, ativo: true });
  });

  it('anexa um PDF: o seletor aceita PDF, a pré-visualização mostra o documento e o id vai no salvar', { timeout: 30_000 }, async () => {
    const s = servidorFalso({
      ...rotasPadrao(),
      [LISTA_MODELOS]: pagina([]),
      'POST client/filterpaginated/0/10': pagina([CLIENTE], 10),
      'POST mensagem/modelo/previsualizar': { texto: 'Segue o regulamento', assunto: null, clienteNome: 'Maria José da Silva' },
      'POST arquivo/upload': { id: 77, nome: 'regulamento.pdf', tipo: 'application/pdf', tamanho: 1200, sha256: 'x', empresaId: 1, criadoEm: '', url: '/arquivo/77' },
      'POST mensagem/modelo/save': { ...MODELO, id: 9 },
    });
    const { usuario } = renderizarPagina('/app/mensagens/modelo', () => import('./modelos-page'));
    await usuario.click((await screen.findAllByRole('button', { name: 'Novo modelo' }))[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Novo modelo' });
    await usuario.type(within(drawer).getByLabelText(/^Nome/), 'Regulamento');
    await usuario.type(within(drawer).getByLabelText(/^Texto/), 'Segue o regulamento');
    const input = drawer.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toContain('application/pdf');
    await usuario.upload(input, new File(['%PDF-1.4'], 'regulamento.pdf', { type: 'application/pdf' }));
    expect(await within(drawer).findByText('regulamento.pdf')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /Trocar anexo/ })).toBeInTheDocument();
    await usuario.type(within(drawer).getByRole('combobox', { name: 'Cliente para a pré-visualização' }), 'Maria');
    await usuario.click(await screen.findByRole('option', { name: 'Maria José da Silva' }));
    const cartao = await within(drawer).findByTestId('previa-anexo-pdf');
    expect(cartao).toHaveTextContent('regulamento.pdf');
    expect(cartao).toHaveTextContent('Documento PDF');
    expect(within(cartao).getByRole('link', { name: 'baixar' })).toHaveAttribute('href', '/arquivo/77');
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(s.chamadas('POST mensagem/modelo/save')).toHaveLength(1));
    expect(corpo(s.chamadas('POST mensagem/modelo/save')[0])).toMatchObject({ nome: 'Regulamento', arquivoId: 77 });
  });

  it('variável desconhecida aparece em português e não vai ao servidor', { timeout: 30_000 }, async () => {
    const s = servidorFalso({ ...rotasPadrao(), [LISTA_MODELOS]: pagina([]), 'POST mensagem/modelo/save': MODELO });
    const { usuario } = renderizarPagina('/app/mensagens/modelo', () => import('./modelos-page'));
    await usuario.click((await screen.findAllByRole('button', { name: 'Novo modelo' }))[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Novo modelo' });
    await usuario.type(within(drawer).getByLabelText(/^Nome/), 'Errado');
    await usuario.type(within(drawer).getByLabelText(/^Texto/), 'Oi {{saldo}');
    await usuario.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect((await within(drawer).findAllByText(/Variável desconhecida: \{saldo\}/)).length).toBeGreaterThan(0);
    expect(s.chamadas('POST mensagem/modelo/save')).toHaveLength(0);
  });
});

const AUTOMATICAS: MensagemAutomatica[] = (['BOAS_VINDAS', 'CASHBACK_GANHO', 'SALDO_VENCENDO', 'ANIVERSARIO', 'INATIVO'] as const).map((g) => ({
  gatilho: g,
  ativo: g === 'ANIVERSARIO',
  modeloId: g === 'ANIVERSARIO' ? 3 : null,
  modeloNome: g === 'ANIVERSARIO' ? 'Aniversário' : null,
  canal: 'WHATSAPP',
  dias: g === 'SALDO_VENCENDO' ? 7 : g === 'INATIVO' ? 60 : null,
  horario: '10:00',
  cupom: g === 'ANIVERSARIO' ? 'NIVER10' : null,
  link: null,
  ultimaRodada: null,
}));

describe('Mensagens › Mensagens automáticas', () => {
  beforeAll(() => import('./automaticas-page'), 30_000);
  beforeEach(() => prepararAmbienteTabela());

  it('cada gatilho com liga/desliga, modelo e N; salvar, enviar agora com confirmação, teste e registro', { timeout: 30_000 }, async () => {
    const envio: EnvioAutomatica = {
      id: 1,
      gatilho: 'ANIVERSARIO',
      clienteId: 41,
      clienteNome: 'Maria José da Silva',
      canal: 'WHATSAPP',
      para: '5511988887777',
      texto: 'Parabéns, Maria! Use NIVER10.',
      status: 'ENTREGUE',
      erro: null,
      criadoEm: '2026-11-25T13:00:00.000Z',
    };
    const s = servidorFalso({
      ...rotasPadrao(),
      'GET mensagem/automatica': AUTOMATICAS,
      'POST mensagem/modelo/filterpaginated/0/100': pagina([MODELO], 100),
      'POST mensagem/automatica/save': AUTOMATICAS[4],
      'POST mensagem/automatica/enviar/msg/agora': [{ gatilho: 'ANIVERSARIO', enfileiradas: 12, loteId: 5 }],
      'POST mensagem/automatica/msgteste': responder((r) =>
        String(corpo(r).para).length < 10 ? falha(400, 'Número de teste inválido: informe DDD e número.') : { corpo: { hasError: false, messageError: null, results: null, result: { para: '5511988887777', texto: 'Parabéns' } } },
      ),
      'POST filtrar/msgautomatica/0/20': pagina([envio]),
    });
    const { usuario } = renderizarPagina('/app/mensagens/automatica', () => import('./automaticas-page'));
    const inativo = await screen.findByRole('region', { name: 'Cliente inativo' });
    const aniversario = screen.getByRole('region', { name: 'Aniversário' });
    expect(within(aniversario).getByText('Marketing')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Cashback ganho' })).getByText('Transacional')).toBeInTheDocument();

    // Turning on without a template: the contract's message, nothing sent.
    await usuario.click(within(inativo).getByRole('switch', { name: 'Ligar Cliente inativo' }));
    await usuario.click(within(inativo).getByRole('button', { name: 'Salvar' }));
    expect(await within(inativo).findByText('Escolha o modelo antes de ligar a mensagem.')).toBeInTheDocument();
    expect(s.chamadas('POST mensagem/automatica/save')).toHaveLength(0);
    await usuario.click(within(inativo).getByRole('combobox', { name: 'Modelo' }));
    await usuario.click(await screen.findByRole('option', { name: 'Aniversário' }));
    const dias = within(inativo).getByLabelText('Dias sem comprar');
    await usuario.clear(dias);
    await usuario.type(dias, '45');
    await usuario.click(within(inativo).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(s.chamadas('POST mensagem/automatica/save')).toHaveLength(1));
    expect(corpo(s.chamadas('POST mensagem/automatica/save')[0])).toMatchObject({ gatilho: 'INATIVO', ativo: true, modeloId: 3, dias: 45, canal: 'WHATSAPP' });

    // "Enviar agora" asks first.
    await usuario.click(within(aniversario).getByRole('button', { name: 'Enviar agora' }));
    const confirmacao = await screen.findByRole('dialog', { name: 'Confirmação' });
    expect(s.chamadas('POST mensagem/automatica/enviar/msg/agora')).toHaveLength(0);
    await usuario.click(within(confirmacao).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('12 mensagens enfileiradas.')).toBeInTheDocument();
    expect(corpo(s.chamadas('POST mensagem/automatica/enviar/msg/agora')[0])).toEqual({ gatilho: 'ANIVERSARIO' });

    // Test message: the server's refusal shows on the field.
    await usuario.click(within(aniversario).getByRole('button', { name: 'Enviar teste' }));
    const modal = await screen.findByRole('dialog', { name: 'Enviar teste: Aniversário' });
    await usuario.type(within(modal).getByLabelText('WhatsApp de teste'), '123');
    await usuario.click(within(modal).getByRole('button', { name: 'Enviar teste' }));
    expect(await within(modal).findByText('Número de teste inválido: informe DDD e número.')).toBeInTheDocument();
    await usuario.type(within(modal).getByLabelText('WhatsApp de teste'), '11988887777');
    await usuario.click(within(modal).getByRole('button', { name: 'Enviar teste' }));
    expect(await screen.findByText('Mensagem de teste enfileirada para 5511988887777.')).toBeInTheDocument();

    await usuario.click(screen.getByRole('tab', { name: 'Registro de envios' }));
    const linha = (await screen.findByText('Maria José da Silva')).closest('tr')!;
    expect(within(linha).getByText('Entregue')).toBeInTheDocument();
    expect(within(linha).getByText('25/11/2026 10:00:00')).toBeInTheDocument();
  });
});
