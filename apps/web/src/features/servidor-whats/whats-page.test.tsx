import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Instancia, RitmoInstancia, StatusWhats } from '@bonifica/contracts';
import { renderizarPagina } from '../../test/renderizar-pagina';
import { falha, responder, rotasPadrao, servidorFalso, usuarioGerente } from '../../test/servidor-falso';

const BASE: Instancia = {
  id: 5,
  empresaId: 7,
  empresaNome: 'Bom Preço',
  servidorId: 1,
  servidorNome: 'Sandbox',
  servidorTipo: 'sandbox',
  nome: 'bonifica-7-abc',
  estado: 'CONECTANDO',
  numero: null,
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
  codigoPareamento: 'ABCD-1234',
  pareadaEm: null,
  ultimoEnvioEm: null,
  ultimoAckEm: null,
  parouDeEntregar: false,
  pausada: false,
  ativa: true,
  transferencia: null,
};

const status = (i: Partial<Instancia>[] = [{}], tipo: StatusWhats['tipo'] = 'DEDICADO'): StatusWhats => ({ tipo, podeGerenciar: tipo === 'DEDICADO', instancias: i.map((x) => ({ ...BASE, ...x })) });

const abrir = () => renderizarPagina('/app/servidor/whats', () => import('./whats-page'));

describe('/app/servidor/whats', () => {
  beforeAll(() => import('./whats-page'), 30_000);

  it('pareando: mostra o QR, o código e o botão do sandbox, que chama a rota de simulação', async () => {
    const s = servidorFalso({
      ...rotasPadrao(usuarioGerente),
      'GET servidorwhatsapp/status': status(),
      'GET servidorwhatsapp/estatisticas/utilizacao': [],
      'POST servidorwhatsapp/sandbox/lerqr/5': { ...BASE, estado: 'CONECTADA', qrCode: null },
    });
    const { usuario } = abrir();
    expect(await screen.findByRole('img', { name: 'QR code para parear o WhatsApp' }, { timeout: 5000 })).toHaveAttribute('src', BASE.qrCode);
    expect(screen.getByText('Aguardando leitura do QR code')).toBeInTheDocument();
    expect(screen.getByText('ABCD-1234')).toBeInTheDocument();
    await usuario.click(screen.getByRole('button', { name: 'Simular leitura do QR (sandbox)' }));
    await waitFor(() => expect(s.chamadas('POST servidorwhatsapp/sandbox/lerqr/5')).toHaveLength(1));
  });

  it('conectada que parou de entregar: mostra último envio, último ack e o aviso', async () => {
    servidorFalso({
      ...rotasPadrao(usuarioGerente),
      'GET servidorwhatsapp/status': status([
        { estado: 'CONECTADA', qrCode: null, numero: '5511987654321', ultimoEnvioEm: '2026-03-05T15:00:00.000Z', ultimoAckEm: '2026-03-05T14:00:00.000Z', parouDeEntregar: true },
      ]),
      'GET servidorwhatsapp/estatisticas/utilizacao': [{ dia: '2026-03-05', enviadas: 3, entregues: 2, lidas: 1, falhas: 1 }],
    });
    abrir();
    expect(await screen.findByText('Conectada, mas sem confirmação de entrega', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('(11) 98765-4321')).toBeInTheDocument();
    expect(screen.getByText('05/03/2026 11:00:00')).toBeInTheDocument();
    expect(screen.getByText('05/03/2026 12:00:00')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desconectar' })).toBeInTheDocument();
    expect(await screen.findByText('05/03/2026')).toBeInTheDocument();
  });

  it('número compartilhado: só leitura, sem botões de gestão', async () => {
    servidorFalso({
      ...rotasPadrao(usuarioGerente),
      'GET servidorwhatsapp/status': status([{ empresaId: null, estado: 'CONECTADA', qrCode: null }], 'COMPARTILHADO'),
      'GET servidorwhatsapp/estatisticas/utilizacao': [],
    });
    abrir();
    expect(await screen.findByText('Número compartilhado da plataforma', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reiniciar' })).not.toBeInTheDocument();
  });

  it('dedicado sem instância: cria', async () => {
    const s = servidorFalso({
      ...rotasPadrao(usuarioGerente),
      'GET servidorwhatsapp/status': status([]),
      'GET servidorwhatsapp/estatisticas/utilizacao': [],
      'POST servidorwhatsapp/nova/instancia': BASE,
    });
    const { usuario } = abrir();
    await usuario.click(await screen.findByRole('button', { name: 'Criar instância' }, { timeout: 5000 }));
    await waitFor(() => expect(s.chamadas('POST servidorwhatsapp/nova/instancia')).toHaveLength(1));
  });

  describe('ritmo de envio', () => {
    const RITMO: RitmoInstancia = {
      instanciaId: 5,
      salvo: { porMinuto: null, porDia: null, silencioInicio: null, silencioFim: null },
      vigente: { porMinuto: 20, porDia: 1000, silencioInicio: '21:00', silencioFim: '08:00' },
      padrao: { porMinuto: 20, porDia: 1000, silencioInicio: '21:00', silencioFim: '08:00' },
      podeEditar: true,
      hoje: { limiteDoDia: 40, diaDoAquecimento: 1, enviadosHoje: 12, emSilencio: true, fimDoSilencio: '2026-03-06T11:00:00.000Z', proximaVaga: '2026-03-06T11:00:00.000Z', fuso: 'America/Sao_Paulo' },
    };
    const conectada = () => status([{ estado: 'CONECTADA', qrCode: null }]);

    it('mostra o que vale hoje (aquecimento, enviadas, silêncio, próxima vaga) e salva o formulário', async () => {
      const s = servidorFalso({
        ...rotasPadrao(usuarioGerente),
        'GET servidorwhatsapp/status': conectada(),
        'GET servidorwhatsapp/estatisticas/utilizacao': [],
        'GET servidorwhatsapp/ritmo/5': RITMO,
        'POST servidorwhatsapp/ritmo/5': { ...RITMO, salvo: { porMinuto: 6, porDia: 300, silencioInicio: '21:00', silencioFim: '08:00' }, vigente: { porMinuto: 6, porDia: 300, silencioInicio: '21:00', silencioFim: '08:00' } },
      });
      const { usuario } = abrir();
      const secao = await screen.findByRole('region', { name: 'Ritmo de envio' }, { timeout: 5000 });
      expect(await within(secao).findByText('Em horário de silêncio')).toBeInTheDocument();
      expect(within(secao).getByText(/Nenhuma mensagem sai até 06\/03\/2026 08:00:00/)).toBeInTheDocument();
      expect(within(secao).getByText('40 mensagens')).toBeInTheDocument();
      expect(within(secao).getByText('Aquecimento do número: dia 2')).toBeInTheDocument();
      expect(within(secao).getByText('12 de 40')).toBeInTheDocument();
      const porMinuto = within(secao).getByRole('textbox', { name: 'Mensagens por minuto' });
      await usuario.clear(porMinuto);
      await usuario.type(porMinuto, '6');
      const porDia = within(secao).getByRole('textbox', { name: 'Mensagens por dia' });
      await usuario.clear(porDia);
      await usuario.type(porDia, '300');
      await usuario.click(within(secao).getByRole('button', { name: 'Salvar ritmo' }));
      await waitFor(() => expect(s.chamadas('POST servidorwhatsapp/ritmo/5')).toHaveLength(1));
      expect(JSON.parse(s.chamadas('POST servidorwhatsapp/ritmo/5')[0]!.corpo!)).toEqual({ porMinuto: 6, porDia: 300, silencioInicio: '21:00', silencioFim: '08:00' });
      expect(await screen.findByText('Ritmo de envio salvo.')).toBeInTheDocument();
    });

    it('valida antes de enviar e mostra a mensagem do servidor quando ele recusa', async () => {
      const s = servidorFalso({
        ...rotasPadrao(usuarioGerente),
        'GET servidorwhatsapp/status': conectada(),
        'GET servidorwhatsapp/estatisticas/utilizacao': [],
        'GET servidorwhatsapp/ritmo/5': { ...RITMO, hoje: { ...RITMO.hoje, emSilencio: false, fimDoSilencio: null } },
        'POST servidorwhatsapp/ritmo/5': responder(() => falha(400, 'Mensagens por dia: no máximo 5.000, para o número não ser bloqueado.')),
      });
      const { usuario } = abrir();
      const secao = await screen.findByRole('region', { name: 'Ritmo de envio' }, { timeout: 5000 });
      const porMinuto = await within(secao).findByRole('textbox', { name: 'Mensagens por minuto' });
      await usuario.clear(porMinuto);
      await usuario.click(within(secao).getByRole('button', { name: 'Salvar ritmo' }));
      expect(await within(secao).findByText('Informe quantas mensagens por minuto.')).toBeInTheDocument();
      expect(s.chamadas('POST servidorwhatsapp/ritmo/5')).toHaveLength(0);
      await usuario.type(porMinuto, '10');
      await usuario.click(within(secao).getByRole('button', { name: 'Voltar ao padrão' }));
      expect(await screen.findByText('Mensagens por dia: no máximo 5.000, para o número não ser bloqueado.')).toBeInTheDocument();
      expect(JSON.parse(s.chamadas('POST servidorwhatsapp/ritmo/5')[0]!.corpo!)).toEqual({ porMinuto: null, porDia: null, silencioInicio: null, silencioFim: null });
    });

    it('número compartilhado: só leitura', async () => {
      servidorFalso({
        ...rotasPadrao(usuarioGerente),
        'GET servidorwhatsapp/status': status([{ empresaId: null, estado: 'CONECTADA', qrCode: null }], 'COMPARTILHADO'),
        'GET servidorwhatsapp/estatisticas/utilizacao': [],
        'GET servidorwhatsapp/ritmo/5': { ...RITMO, podeEditar: false },
      });
      abrir();
      expect(await screen.findByText(/O número compartilhado é ajustado pela plataforma/, {}, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Salvar ritmo' })).not.toBeInTheDocument();
    });
  });
});
