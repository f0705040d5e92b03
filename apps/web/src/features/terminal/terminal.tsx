import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert, Badge, Button, Card, Group, Kbd, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconPrinter, IconReceipt, IconSearch, IconUserPlus } from '@tabler/icons-react';
import {
  PERMISSOES,
  ROTULOS_STATUS_CLIENTE,
  formatarBRL,
  formatarDataHora,
  formatarTelefone,
  type ClienteResumo,
  type ResultadoVenda,
} from '@bonifica/contracts';
import { useUsuarioLogado } from '../../app/session/usuario';
import { confirmar } from '../../components/confirmar';
import { notificar } from '../../components/notificar';
import { can } from '../../lib/access';
import { ApiError } from '../../lib/api';
import { buscarClientesTerminal, buscarSaldos, cadastrarClienteRapido, cancelarVenda, lancarVenda, type SaldosTerminal } from './api';
import classes from './terminal.module.css';
import { lerReais, mascararCpfParcial, maximoResgate, preencherCadastro, reaisParaTexto } from './valores';

const PODE_CANCELAR = [PERMISSOES.empresa, PERMISSOES.empresaAdmin];

function mensagemDe(e: unknown): string {
  return e instanceof Error ? e.message : 'Não foi possível concluir. Tente de novo.';
}

type Recibo = ResultadoVenda & { valor: number; cliente: ClienteResumo; data: Date; cancelada: boolean };

/**
 * The counter terminal (issue 3 §6): identify the customer (card, CPF, phone or name + Enter),
 * see balances, post a sale with optional cashback redemption, print the 80 mm receipt.
 * Keyboard-first: Enter searches and posts, arrows pick, F2 posts, Esc starts a new sale.
 */
export function Terminal() {
  const usuario = useUsuarioLogado();
  const podeCancelar = can(usuario, PODE_CANCELAR);

  const buscaRef = useRef<HTMLInputElement>(null);
  const valorRef = useRef<HTMLInputElement>(null);
  const nomeCadastroRef = useRef<HTMLInputElement>(null);

  const [busca, setBusca] = useState('');
  const [buscando, setBuscando] = useState(false);
  const [resultados, setResultados] = useState<ClienteResumo[] | null>(null);
  const [ativo, setAtivo] = useState(0);
  const [erroBusca, setErroBusca] = useState<string | null>(null);

  const [cadastro, setCadastro] = useState<{ nome: string; documento: string; celular: string } | null>(null);
  const [cadastrando, setCadastrando] = useState(false);
  const [erroCadastro, setErroCadastro] = useState<string | null>(null);

  const [cliente, setCliente] = useState<ClienteResumo | null>(null);
  const [saldos, setSaldos] = useState<SaldosTerminal | null>(null);
  const [erroSaldos, setErroSaldos] = useState<string | null>(null);

  const [valorTexto, setValorTexto] = useState('');
  const [resgateTexto, setResgateTexto] = useState('');
  const [erroVenda, setErroVenda] = useState<string | null>(null);
  const [postando, setPostando] = useState(false);
  const [recibo, setRecibo] = useState<Recibo | null>(null);
  const [cancelando, setCancelando] = useState(false);

  // Synchronous guards: state updates are not seen by a second Enter in the same tick, refs are.
  const postandoRef = useRef(false);
  /** One key per sale attempt: kept across retries of the same values, renewed when they change. */
  const chaveRef = useRef<string | null>(null);

  const valor = lerReais(valorTexto);
  const maximo = maximoResgate(saldos?.cashback ?? 0, valor);
  const resgate = resgateTexto.trim() === '' ? 0 : lerReais(resgateTexto);

  const novaTentativa = () => {
    chaveRef.current = null;
  };

  const selecionar = useCallback(async (c: ClienteResumo) => {
    setCliente(c);
    setResultados(null);
    setCadastro(null);
    setErroBusca(null);
    setSaldos(null);
    setErroSaldos(null);
    setValorTexto('');
    setResgateTexto('');
    setErroVenda(null);
    chaveRef.current = null;
    window.setTimeout(() => valorRef.current?.focus(), 0);
    try {
      setSaldos(await buscarSaldos(c.id));
    } catch (e) {
      setErroSaldos(mensagemDe(e));
      setSaldos({ cashback: 0, pontos: 0 });
    }
  }, []);

  const pesquisar = async () => {
    const termo = busca.trim();
    if (termo === '' || buscando) return;
    setBuscando(true);
    setErroBusca(null);
    setCadastro(null);
    try {
      const lista = await buscarClientesTerminal(termo);
      if (lista.length === 1) {
        await selecionar(lista[0]!);
      } else {
        setResultados(lista);
        setAtivo(0);
        if (lista.length === 0) setCadastro(preencherCadastro(termo));
      }
    } catch (e) {
      setErroBusca(mensagemDe(e));
    } finally {
      setBuscando(false);
    }
  };

  const teclaBusca = (e: KeyboardEvent<HTMLInputElement>) => {
    const lista = resultados && resultados.length > 1 ? resultados : null;
    if (lista && e.key === 'ArrowDown') {
      e.preventDefault();
      setAtivo((i) => (i + 1) % lista.length);
    } else if (lista && e.key === 'ArrowUp') {
      e.preventDefault();
      setAtivo((i) => (i - 1 + lista.length) % lista.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (lista && lista[ativo]) void selecionar(lista[ativo]);
      else void pesquisar();
    }
  };

  const trocarBusca = (texto: string) => {
    setBusca(texto);
    setResultados(null);
    setCadastro(null);
    setErroBusca(null);
  };

  const salvarCadastro = async (e: FormEvent) => {
    e.preventDefault();
    if (!cadastro || cadastrando) return;
    if (cadastro.documento.trim() === '' && cadastro.celular.trim() === '') {
      setErroCadastro('Informe o CPF ou o celular do cliente.');
      return;
    }
    setCadastrando(true);
    setErroCadastro(null);
    try {
      const novo = await cadastrarClienteRapido({
        nome: cadastro.nome,
        documento: cadastro.documento.trim() || null,
        celular: cadastro.celular.trim() || null,
      });
      notificar.sucesso('Cliente cadastrado.');
      setBusca(novo.nome);
      await selecionar(novo);
    } catch (err) {
      setErroCadastro(mensagemDe(err));
    } finally {
      setCadastrando(false);
    }
  };

  const lancar = async () => {
    if (!cliente || !saldos || postandoRef.current || recibo) return;
    if (valor === null || valor <= 0) {
      setErroVenda('Informe o valor da compra (ex.: 123,45).');
      valorRef.current?.focus();
      return;
    }
    if (resgate === null || resgate < 0) {
      setErroVenda('Valor de cashback inválido.');
      return;
    }
    if (resgate > maximo) {
      setErroVenda(`O cashback usado pode ser no máximo ${formatarBRL(maximo)}.`);
      return;
    }
    postandoRef.current = true;
    setPostando(true);
    setErroVenda(null);
    chaveRef.current ??= crypto.randomUUID();
    try {
      const r = await lancarVenda({ clienteId: cliente.id, valor, resgate }, chaveRef.current);
      chaveRef.current = null;
      setRecibo({ ...r, valor, cliente, data: new Date(), cancelada: false });
      setSaldos({ cashback: r.saldos.CASHBACK, pontos: r.saldos.PONTOS });
    } catch (e) {
      // A failure the server decided (4xx) will not change on retry: a new attempt gets a new key.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) chaveRef.current = null;
      setErroVenda(mensagemDe(e));
    } finally {
      postandoRef.current = false;
      setPostando(false);
    }
  };

  const novaVenda = useCallback(() => {
    setRecibo(null);
    setCliente(null);
    setSaldos(null);
    setBusca('');
    setResultados(null);
    setCadastro(null);
    setValorTexto('');
    setResgateTexto('');
    setErroVenda(null);
    chaveRef.current = null;
    window.setTimeout(() => buscaRef.current?.focus(), 0);
  }, []);

  const cancelarUltima = async () => {
    if (!recibo || cancelando) return;
    const ok = await confirmar({ mensagem: `Cancelar a venda de ${formatarBRL(recibo.valor)} de ${recibo.cliente.nome}? O cashback e os pontos voltam ao que eram.`, destrutiva: true });
    if (!ok) return;
    setCancelando(true);
    try {
      const r = await cancelarVenda(recibo.transacaoId);
      setRecibo({ ...recibo, cancelada: true, saldos: r.saldos });
      setSaldos({ cashback: r.saldos.CASHBACK, pontos: r.saldos.PONTOS });
      notificar.sucesso('Venda cancelada.');
    } catch (e) {
      notificar.erro(mensagemDe(e));
    } finally {
      setCancelando(false);
    }
  };

  // F2 posts from anywhere; Esc after a sale starts the next one.
  const lancarRef = useRef(lancar);
  lancarRef.current = lancar;
  useEffect(() => {
    const tecla = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'F2') {
        e.preventDefault();
        void lancarRef.current();
      } else if (e.key === 'Escape' && recibo && !document.querySelector('[role="dialog"]')) {
        e.preventDefault();
        novaVenda();
      }
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  }, [recibo, novaVenda]);

  const enterLanca = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void lancar();
    }
  };

  const limitarResgate = (texto: string) => {
    novaTentativa();
    const v = lerReais(texto);
    setResgateTexto(v !== null && v > maximo ? reaisParaTexto(maximo) : texto);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" className={classes.naoImprimir}>
        <Title order={1} fz="h2">
          Terminal de atendimento
        </Title>
        <Text c="dimmed" size="sm">
          <Kbd>Enter</Kbd> busca · <Kbd>F2</Kbd> lança · <Kbd>Esc</Kbd> nova venda
        </Text>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        <Stack gap="md" className={classes.naoImprimir}>
          <Card padding="lg" withBorder>
            <TextInput
              ref={buscaRef}
              label="Cliente"
              description="Passe o cartão ou digite CPF, celular ou nome e tecle Enter"
              placeholder="Cartão, CPF, celular ou nome"
              size="lg"
              autoFocus
              autoComplete="off"
              value={busca}
              onChange={(e) => trocarBusca(e.currentTarget.value)}
              onKeyDown={teclaBusca}
              disabled={postando || recibo !== null}
              leftSection={<IconSearch size={20} />}
              rightSectionWidth={110}
              rightSection={
                <Button size="sm" onClick={() => void pesquisar()} loading={buscando} disabled={recibo !== null}>
                  Buscar
                </Button>
              }
              error={erroBusca}
            />

            {resultados && resultados.length > 1 && (
              <Stack gap={6} mt="md" role="listbox" aria-label="Clientes encontrados">
                <Text size="sm" c="dimmed">
                  {resultados.length} clientes encontrados — use ↑ ↓ e Enter
                </Text>
                {resultados.map((c, i) => (
                  <button
                    key={c.id}
                    type="button"
                    role="option"
                    aria-selected={i === ativo}
                    data-ativo={i === ativo}
                    className={classes.resultado}
                    onClick={() => void selecionar(c)}
                  >
                    <Text fw={600}>{c.nome}</Text>
                    <Text size="sm" c="dimmed">
                      {[mascararCpfParcial(c.documento), formatarTelefone(c.celular)].filter(Boolean).join(' · ') || 'Sem CPF e celular'}
                    </Text>
                  </button>
                ))}
              </Stack>
            )}

            {resultados && resultados.length === 0 && cadastro && (
              <form onSubmit={(e) => void salvarCadastro(e)} aria-label="Cadastro rápido">
                <Stack gap="sm" mt="md">
                  <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Nenhum cliente encontrado">
                    Confira o que foi digitado ou faça o cadastro rápido abaixo.
                  </Alert>
                  <Title order={2} fz="h4">
                    Cadastro rápido
                  </Title>
                  <TextInput
                    ref={nomeCadastroRef}
                    label="Nome"
                    size="md"
                    required
                    value={cadastro.nome}
                    onChange={(e) => setCadastro({ ...cadastro, nome: e.currentTarget.value })}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput
                      label="CPF"
                      size="md"
                      inputMode="numeric"
                      value={cadastro.documento}
                      onChange={(e) => setCadastro({ ...cadastro, documento: e.currentTarget.value })}
                    />
                    <TextInput
                      label="Celular"
                      size="md"
                      inputMode="tel"
                      value={cadastro.celular}
                      onChange={(e) => setCadastro({ ...cadastro, celular: e.currentTarget.value })}
                    />
                  </SimpleGrid>
                  {erroCadastro && (
                    <Alert color="red" role="alert">
                      {erroCadastro}
                    </Alert>
                  )}
                  <Button type="submit" size="lg" leftSection={<IconUserPlus size={20} />} loading={cadastrando}>
                    Cadastrar e selecionar
                  </Button>
                </Stack>
              </form>
            )}
          </Card>

          {cliente && (
            <Card padding="lg" withBorder aria-label="Cliente selecionado" component="section">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Text fz="xl" fw={700} data-testid="terminal-cliente-nome">
                    {cliente.nome}
                  </Text>
                  <Text c="dimmed">
                    {[cliente.documento ? `CPF ${mascararCpfParcial(cliente.documento)}` : null, formatarTelefone(cliente.celular)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </div>
                <Badge size="lg" color={cliente.status === 'ATIVO' ? 'teal' : 'red'} variant="light">
                  {ROTULOS_STATUS_CLIENTE[cliente.status]}
                </Badge>
              </Group>
              <SimpleGrid cols={2} mt="md">
                <div>
                  <Text size="sm" c="dimmed">
                    Cashback
                  </Text>
                  <Text className={classes.saldo} c="teal.8" data-testid="saldo-cashback">
                    {saldos ? formatarBRL(saldos.cashback) : '…'}
                  </Text>
                </div>
                <div>
                  <Text size="sm" c="dimmed">
                    Pontos
                  </Text>
                  <Text className={classes.saldo} data-testid="saldo-pontos">
                    {saldos ? saldos.pontos.toLocaleString('pt-BR') : '…'}
                  </Text>
                </div>
              </SimpleGrid>
              {erroSaldos && (
                <Text c="red" size="sm" mt="xs">
                  {erroSaldos}
                </Text>
              )}
            </Card>
          )}
        </Stack>

        <Stack gap="md">
          {recibo ? (
            <Card padding="lg" withBorder className={classes.recibo} aria-label="Comprovante" component="section">
              <Stack gap={4} className={classes.textoRecibo}>
                <Group gap="xs" justify="center">
                  <IconReceipt size={20} className={classes.naoImprimir} />
                  <Text fw={700} ta="center">
                    {recibo.cancelada ? 'VENDA CANCELADA' : 'Venda registrada'}
                  </Text>
                </Group>
                {usuario?.companyName && (
                  <Text ta="center" size="sm">
                    {usuario.companyName}
                  </Text>
                )}
                <Text ta="center" size="sm">
                  Venda nº {recibo.transacaoId} · {formatarDataHora(recibo.data)}
                </Text>
                <Text ta="center" size="sm">
                  {recibo.cliente.nome}
                </Text>
                <div className={classes.tracejado} />
                <LinhaRecibo rotulo="Valor da compra" valor={formatarBRL(recibo.valor)} />
                <LinhaRecibo rotulo="Cashback usado" valor={formatarBRL(recibo.resgate)} />
                <LinhaRecibo rotulo="A pagar" valor={formatarBRL(recibo.valor - recibo.resgate)} />
                <LinhaRecibo rotulo="Cashback ganho" valor={formatarBRL(recibo.cashback)} destaque testId="recibo-cashback" />
                <LinhaRecibo rotulo="Pontos ganhos" valor={recibo.pontos.toLocaleString('pt-BR')} />
                <div className={classes.tracejado} />
                <LinhaRecibo rotulo="Saldo de cashback" valor={formatarBRL(recibo.saldos.CASHBACK)} destaque testId="recibo-saldo-cashback" />
                <LinhaRecibo rotulo="Saldo de pontos" valor={recibo.saldos.PONTOS.toLocaleString('pt-BR')} />
              </Stack>
              <Stack gap="sm" mt="lg" className={classes.naoImprimir}>
                <Button size="lg" onClick={novaVenda} data-autofocus autoFocus>
                  Nova venda (Esc)
                </Button>
                <Button size="lg" variant="default" leftSection={<IconPrinter size={20} />} onClick={() => window.print()}>
                  Imprimir comprovante
                </Button>
                {podeCancelar && !recibo.cancelada && (
                  <Button size="md" variant="subtle" color="red" loading={cancelando} onClick={() => void cancelarUltima()}>
                    Cancelar última venda
                  </Button>
                )}
              </Stack>
            </Card>
          ) : (
            <Card padding="lg" withBorder component="section" aria-label="Venda" className={classes.naoImprimir}>
              <Stack gap="md">
                <TextInput
                  ref={valorRef}
                  className={classes.campoGrande}
                  label="Valor da compra"
                  placeholder="0,00"
                  size="lg"
                  inputMode="decimal"
                  autoComplete="off"
                  leftSection="R$"
                  value={valorTexto}
                  disabled={!cliente || postando}
                  onChange={(e) => {
                    novaTentativa();
                    setValorTexto(e.currentTarget.value);
                  }}
                  onKeyDown={enterLanca}
                  onBlur={() => {
                    if (valor !== null) setValorTexto(reaisParaTexto(valor));
                  }}
                />
                <TextInput
                  className={classes.campoGrande}
                  label="Usar cashback"
                  description={cliente && saldos ? `Até ${formatarBRL(maximo)}` : undefined}
                  placeholder="0,00"
                  size="lg"
                  inputMode="decimal"
                  autoComplete="off"
                  leftSection="R$"
                  value={resgateTexto}
                  disabled={!cliente || postando || (saldos?.cashback ?? 0) <= 0}
                  onChange={(e) => limitarResgate(e.currentTarget.value)}
                  onKeyDown={enterLanca}
                  rightSectionWidth={100}
                  rightSection={
                    <Button
                      size="xs"
                      variant="light"
                      disabled={!cliente || postando || maximo <= 0}
                      onClick={() => {
                        novaTentativa();
                        setResgateTexto(reaisParaTexto(maximo));
                      }}
                    >
                      Máximo
                    </Button>
                  }
                />
                {erroVenda && (
                  <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>
                    {erroVenda}
                  </Alert>
                )}
                <Button size="xl" onClick={() => void lancar()} loading={postando} disabled={!cliente || !saldos}>
                  Lançar venda (F2)
                </Button>
                {!cliente && (
                  <Text c="dimmed" size="sm">
                    Identifique o cliente para lançar a venda.
                  </Text>
                )}
              </Stack>
            </Card>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

function LinhaRecibo({ rotulo, valor, destaque = false, testId }: { rotulo: string; valor: string; destaque?: boolean; testId?: string }) {
  return (
    <div className={classes.linhaRecibo}>
      <Text fw={destaque ? 700 : 400}>{rotulo}</Text>
      <Text fw={destaque ? 700 : 400} data-testid={testId}>
        {valor}
      </Text>
    </div>
  );
}
