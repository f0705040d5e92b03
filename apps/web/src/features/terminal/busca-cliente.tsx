import { useState, type KeyboardEvent, type RefObject } from 'react';
import { Alert, Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { IconCreditCardOff, IconSearch } from '@tabler/icons-react';
import { mascararDocumentoParcial, somenteDigitos, type ClienteResumo, type IdentificacaoVenda } from '@bonifica/contracts';
import { buscarClientesTerminal } from './api';
import { CadastroRapido, type DadosCadastro } from './cadastro-rapido';
import { mensagemDe } from './mensagem';
import classes from './terminal.module.css';
import { identificacaoDaBusca, pareceCartao, preencherCadastro } from './valores';
import { formatarTelefone } from '../../lib/format';

type Props = {
  campoRef: RefObject<HTMLInputElement | null>;
  bloqueada: boolean;
  /** `cartao`: the digits of the card the customer was found by. */
  aoSelecionar: (c: ClienteResumo, como: IdentificacaoVenda, cartao?: string) => void;
};

/**
 * Finds the customer by card (the scanner types 16 digits and Enter), CPF, phone or name. One
 * match is selected at once; several are listed for the arrows; none opens the quick sign-up —
 * except for a card, which is never a phone or a name: an unknown card says so.
 */
export function BuscaCliente({ campoRef, bloqueada, aoSelecionar }: Props) {
  const [busca, setBusca] = useState('');
  const [buscando, setBuscando] = useState(false);
  const [resultados, setResultados] = useState<ClienteResumo[] | null>(null);
  const [ativo, setAtivo] = useState(0);
  const [erro, setErro] = useState<string | null>(null);
  const [cadastro, setCadastro] = useState<DadosCadastro | null>(null);
  const [cartaoDesconhecido, setCartaoDesconhecido] = useState(false);

  const limpar = () => {
    setResultados(null);
    setCadastro(null);
    setErro(null);
    setCartaoDesconhecido(false);
  };

  const escolher = (c: ClienteResumo) => {
    limpar();
    aoSelecionar(c, identificacaoDaBusca(busca), pareceCartao(busca) ? somenteDigitos(busca) : undefined);
  };

  const pesquisar = async () => {
    const termo = busca.trim();
    if (termo === '' || buscando) return;
    setBuscando(true);
    limpar();
    try {
      const lista = await buscarClientesTerminal(pareceCartao(termo) ? termo.replace(/\s/g, '') : termo);
      if (lista.length === 1) {
        escolher(lista[0]!);
      } else {
        setResultados(lista);
        setAtivo(0);
        if (lista.length === 0 && pareceCartao(termo)) setCartaoDesconhecido(true);
        else if (lista.length === 0) setCadastro(preencherCadastro(termo));
      }
    } catch (e) {
      setErro(mensagemDe(e));
    } finally {
      setBuscando(false);
    }
  };

  const tecla = (e: KeyboardEvent<HTMLInputElement>) => {
    const lista = resultados && resultados.length > 1 ? resultados : null;
    if (lista && e.key === 'ArrowDown') {
      e.preventDefault();
      setAtivo((i) => (i + 1) % lista.length);
    } else if (lista && e.key === 'ArrowUp') {
      e.preventDefault();
      setAtivo((i) => (i - 1 + lista.length) % lista.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (lista && lista[ativo]) escolher(lista[ativo]);
      else void pesquisar();
    }
  };

  return (
    <Card padding="lg" withBorder>
      <TextInput
        ref={campoRef}
        label="Cliente"
        description="Passe o cartão ou digite CPF, celular ou nome e tecle Enter"
        placeholder="CPF, celular ou nome"
        size="lg"
        autoFocus
        autoComplete="off"
        value={busca}
        onChange={(e) => {
          setBusca(e.currentTarget.value);
          limpar();
        }}
        onKeyDown={tecla}
        disabled={bloqueada}
        leftSection={<IconSearch size={20} />}
        rightSectionWidth={92}
        rightSection={
          <Button size="xs" onClick={() => void pesquisar()} loading={buscando} disabled={bloqueada}>
            Buscar
          </Button>
        }
        error={erro}
      />

      {resultados && resultados.length > 1 && (
        <Stack gap={6} mt="md" role="listbox" aria-label="Clientes encontrados">
          <Text size="sm" c="dimmed">
            {resultados.length} clientes encontrados — use ↑ ↓ e Enter
          </Text>
          {resultados.map((c, i) => (
            <button key={c.id} type="button" role="option" aria-selected={i === ativo} data-ativo={i === ativo} className={classes.resultado} onClick={() => escolher(c)}>
              <Text fw={600}>{c.nome}</Text>
              <Text size="sm" c="dimmed">
                {[mascararDocumentoParcial(c.documento), formatarTelefone(c.celular)].filter(Boolean).join(' · ') || 'Sem CPF e celular'}
              </Text>
            </button>
          ))}
        </Stack>
      )}

      {cartaoDesconhecido && (
        <Alert mt="md" color="orange" icon={<IconCreditCardOff size={18} />} title="Cartão não encontrado" role="alert">
          Nenhum cliente tem este cartão ativo. Busque pelo CPF ou pelo celular.
        </Alert>
      )}

      {cadastro && <CadastroRapido key={busca} inicial={cadastro} aoCadastrar={(c) => escolher(c)} />}
    </Card>
  );
}
