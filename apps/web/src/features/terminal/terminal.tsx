import { useCallback, useEffect, useRef, useState } from 'react';
import { Card, Grid, Kbd, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { PODE_BLOQUEAR_CONTAS, PODE_CANCELAR_VENDAS, type ClienteResumo, type IdentificacaoVenda, type TransacaoResumo } from '@bonifica/contracts';
import { useUsuarioLogado } from '../../app/session/usuario';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { chaveComprovante } from '../../components/comprovante';
import { confirmar } from '../../components/confirmar';
import { notificar } from '../../components/notificar';
import { can } from '../../lib/access';
import { buscarSaldos, cancelarVenda, chavesTerminal, type SaldosTerminal } from './api';
import { BuscaCliente } from './busca-cliente';
import { CartaoCliente } from './cartao-cliente';
import { HistoricoCliente } from './historico-cliente';
import { mensagemDe } from './mensagem';
import { PainelVenda } from './painel-venda';
import { PremiosCliente } from './premios-cliente';
import { ResultadoVendaCard, type VendaFeita } from './resultado-venda';
import { useLancamento } from './use-lancamento';
import type { PagamentoComVale } from '../../lib/vale-presente';
import { avisoContasBloqueadas } from './valores';
import { formatarBRL } from '../../lib/format';

type Selecionado = { cliente: ClienteResumo; como: IdentificacaoVenda; cartao?: string };

/**
 * The counter terminal (issue 3 §6): identify the customer (card, CPF, phone or name + Enter),
 * see balances, post a sale with optional cashback redemption, print the 80 mm receipt, redeem a
 * prize the balance reaches, see the last sales and the statement. Keyboard-first: Enter searches and posts, arrows pick, F2 posts,
 * Esc starts a new sale. Each block is its own component; this one holds the sale in progress.
 */
export function Terminal() {
  const usuario = useUsuarioLogado();
  const podeCancelar = can(usuario, PODE_CANCELAR_VENDAS);
  const podeDesbloquear = can(usuario, PODE_BLOQUEAR_CONTAS);
  const queryClient = useQueryClient();

  const buscaRef = useRef<HTMLInputElement>(null);
  const valorRef = useRef<HTMLInputElement>(null);
  const lancarRef = useRef<(() => void) | null>(null);

  /** Bumped on each new sale: remounts the search and the sale panel empty. */
  const [rodada, setRodada] = useState(0);
  const [selecionado, setSelecionado] = useState<Selecionado | null>(null);
  const [saldos, setSaldos] = useState<SaldosTerminal | null>(null);
  const [erroSaldos, setErroSaldos] = useState<string | null>(null);
  const [venda, setVenda] = useState<VendaFeita | null>(null);
  const [cancelando, setCancelando] = useState(false);
  const { lancar, postando, novaTentativa } = useLancamento();
  /** The sale just posted, seen synchronously: a stale handler must never post a second one. */
  const vendaRef = useRef<VendaFeita | null>(null);
  vendaRef.current = venda;

  const clienteId = selecionado?.cliente.id ?? null;
  const bloqueadas = saldos?.bloqueadas ?? [];
  const avisoBloqueio = avisoContasBloqueadas(bloqueadas, podeDesbloquear);

  const atualizarSaldos = useCallback(async (id: number) => {
    try {
      setSaldos(await buscarSaldos(id));
      setErroSaldos(null);
    } catch (e) {
      setErroSaldos(mensagemDe(e));
      setSaldos((s) => s ?? { cashback: 0, cashbackTotal: 0, pontos: 0, pontosTotal: 0, bloqueadas: [] });
    }
  }, []);

  const selecionar = useCallback(
    (cliente: ClienteResumo, como: IdentificacaoVenda, cartao?: string) => {
      setSelecionado({ cliente, como, cartao });
      setSaldos(null);
      setErroSaldos(null);
      novaTentativa();
      void atualizarSaldos(cliente.id);
    },
    [atualizarSaldos, novaTentativa],
  );

  const aoLancar = async (valor: number, resgate: number, cupom: string | null, vale?: PagamentoComVale): Promise<string | null> => {
    if (!selecionado || vendaRef.current) return null;
    try {
      const r = await lancar({
        clienteId: selecionado.cliente.id,
        valor,
        resgate,
        identificacao: selecionado.como,
        ...(selecionado.cartao ? { cartao: selecionado.cartao } : {}),
        ...(cupom ? { cupom } : {}),
        ...(vale ? { vale } : {}),
      });
      if (!r) return null;
      vendaRef.current = { ...r, valor, cancelada: false };
      setVenda(vendaRef.current);
      void queryClient.invalidateQueries({ queryKey: chavesTerminal.cliente(selecionado.cliente.id) });
      void atualizarSaldos(selecionado.cliente.id);
      return null;
    } catch (e) {
      return mensagemDe(e);
    }
  };

  const novaVenda = useCallback(() => {
    vendaRef.current = null;
    setVenda(null);
    setSelecionado(null);
    setSaldos(null);
    setErroSaldos(null);
    novaTentativa();
    setRodada((n) => n + 1);
  }, [novaTentativa]);

  // Focus after the panels remounted (their key changes): a timer could still see the old input.
  useEffect(() => {
    if (clienteId !== null) valorRef.current?.focus();
  }, [clienteId]);
  useEffect(() => {
    if (rodada > 0) buscaRef.current?.focus();
  }, [rodada]);

  /** Cancels one sale of the customer after Confirmação; management only (the server checks too). */
  const cancelar = async (id: number, valor: number, valePago?: number) => {
    if (!selecionado || cancelando) return;
    const vale = valePago ? ` Os ${formatarBRL(valePago)} pagos com vale-presente voltam ao vale.` : '';
    const ok = await confirmar({
      mensagem: `Cancelar a venda nº ${id} de ${formatarBRL(valor)} de ${selecionado.cliente.nome}? O cashback usado volta ao cliente; o cashback e os pontos que ela gerou são estornados.${vale}`,
      destrutiva: true,
    });
    if (!ok) return;
    setCancelando(true);
    try {
      const r = await cancelarVenda(id);
      notificar.sucesso('Venda cancelada.');
      if (venda?.transacaoId === id) setVenda({ ...venda, cancelada: true, saldos: r.saldos });
      void queryClient.invalidateQueries({ queryKey: chavesTerminal.cliente(selecionado.cliente.id) });
      void queryClient.invalidateQueries({ queryKey: chaveComprovante(id) });
      await atualizarSaldos(selecionado.cliente.id);
    } catch (e) {
      notificar.erro(mensagemDe(e));
    } finally {
      setCancelando(false);
    }
  };

  // F2 posts from anywhere; Esc after a sale starts the next one (not while a dialog is open).
  useEffect(() => {
    const tecla = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'F2') {
        e.preventDefault();
        lancarRef.current?.();
      } else if (e.key === 'Escape' && venda && !document.querySelector('[role="dialog"]')) {
        e.preventDefault();
        novaVenda();
      }
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  }, [venda, novaVenda]);

  return (
    <Stack gap="md">
      <CabecalhoPagina
        titulo="Terminal de atendimento"
        acoes={
          <Text c="dimmed" size="sm" visibleFrom="sm">
            <Kbd>Enter</Kbd> busca · <Kbd>F2</Kbd> lança · <Kbd>Esc</Kbd> nova venda
          </Text>
        }
      />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <Stack gap="md">
            <BuscaCliente key={rodada} campoRef={buscaRef} bloqueada={postando || venda !== null} aoSelecionar={selecionar} />
            {selecionado && <CartaoCliente cliente={selecionado.cliente} saldos={saldos} erroSaldos={erroSaldos} aviso={avisoBloqueio} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
          <Stack gap="md">
            {venda ? (
              <ResultadoVendaCard
                venda={venda}
                podeCancelar={podeCancelar}
                cancelando={cancelando}
                aoNovaVenda={novaVenda}
                aoCancelar={() => void cancelar(venda.transacaoId, venda.valor, venda.valePago)}
              />
            ) : (
              <PainelVenda
                key={`${rodada}-${clienteId ?? 0}`}
                habilitado={selecionado !== null}
                cashbackDisponivel={saldos?.cashback ?? null}
                cashbackBloqueado={bloqueadas.includes('CASHBACK') ? (podeDesbloquear ? 'Conta de cashback bloqueada.' : 'Conta de cashback bloqueada: chame o gerente.') : null}
                postando={postando}
                valorRef={valorRef}
                lancarRef={lancarRef}
                aoMudar={novaTentativa}
                aoLancar={aoLancar}
                clienteId={clienteId}
              />
            )}
            {/* The "Prêmios" step beside the sale: what the customer's balance reaches (docs/areas/premios.md). */}
            {selecionado && !venda && (
              <PremiosCliente
                key={selecionado.cliente.id}
                clienteId={selecionado.cliente.id}
                clienteNome={selecionado.cliente.nome}
                aoResgatar={() => {
                  void queryClient.invalidateQueries({ queryKey: chavesTerminal.cliente(selecionado.cliente.id) });
                  void atualizarSaldos(selecionado.cliente.id);
                }}
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          {clienteId !== null ? (
            <HistoricoCliente clienteId={clienteId} podeCancelar={podeCancelar} aoCancelar={(v: TransacaoResumo) => void cancelar(v.id, v.valor)} />
          ) : (
            // Holds the column on wide screens, so the page does not jump when a customer is chosen.
            <Card padding="md" withBorder visibleFrom="lg" c="dimmed">
              <Text size="sm">As últimas vendas e o extrato do cliente aparecem aqui.</Text>
            </Card>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
