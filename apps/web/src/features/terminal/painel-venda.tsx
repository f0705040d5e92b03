import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CupomAplicado } from '@bonifica/contracts';
import { CampoDinheiro } from '../../components/campo-dinheiro';
import { CampoCupom } from './campo-cupom';
import classes from './terminal.module.css';
import { lerReais, maximoResgate, reaisParaTexto } from './valores';
import { formatarBRL } from '../../lib/format';
import type { PagamentoComVale } from '../../lib/vale-presente';
import { CamposValeNaVenda, lerValeDigitado, type ValeDigitado } from './vale-na-venda';

type Props = {
  habilitado: boolean;
  /** Cashback available to spend now. */
  cashbackDisponivel: number | null;
  /** Why cashback cannot be used at all (the customer's cashback account is blocked); null when it can. */
  cashbackBloqueado?: string | null;
  postando: boolean;
  valorRef: RefObject<HTMLInputElement | null>;
  /** Set by the panel so that F2 anywhere on the page posts what is typed here. */
  lancarRef: RefObject<(() => void) | null>;
  aoMudar: () => void;
  /** Posts; resolves with the server's message when it refused. */
  aoLancar: (valor: number, resgate: number, cupom: string | null, vale?: PagamentoComVale) => Promise<string | null>;
  /** The customer, for the coupon's preview. */
  clienteId?: number | null;
};

/** Amount of the purchase and cashback used as payment; Enter or F2 posts. */
export function PainelVenda({ habilitado, cashbackDisponivel, cashbackBloqueado = null, postando, valorRef, lancarRef, aoMudar, aoLancar, clienteId = null }: Props) {
  const [valorTexto, setValorTexto] = useState('');
  const [resgateTexto, setResgateTexto] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [cupom, setCupom] = useState('');
  const [previa, setPrevia] = useState<CupomAplicado | null>(null);
  const [vale, setVale] = useState<ValeDigitado | null>(null);

  const valor = lerReais(valorTexto);
  // With a coupon checked, cashback and the gift card pay at most what is left after its discount.
  const comDesconto = previa ? previa.valorAPagar : valor;
  const maximo = maximoResgate(cashbackDisponivel ?? 0, comDesconto);
  const resgate = resgateTexto.trim() === '' ? 0 : lerReais(resgateTexto);
  const pronto = habilitado && cashbackDisponivel !== null;
  const aPagar = comDesconto !== null && comDesconto > 0 ? Math.max(0, Math.round((comDesconto - (resgate ?? 0)) * 100) / 100) : null;

  const lancar = async () => {
    if (!pronto || postando) return;
    if (valor === null || valor <= 0) {
      setErro('Informe o valor da compra (ex.: 123,45).');
      valorRef.current?.focus();
      return;
    }
    if (resgate === null || resgate < 0) {
      setErro('Valor de cashback inválido.');
      return;
    }
    if (resgate > maximo) {
      setErro(`O cashback usado pode ser no máximo ${formatarBRL(maximo)}.`);
      return;
    }
    // A coupon typed but not checked yet: the server checks the card's part against the discount.
    const comVale = lerValeDigitado(vale, Math.round(((comDesconto ?? valor) - resgate) * 100) / 100);
    if (comVale.erro) {
      setErro(comVale.erro);
      return;
    }
    setErro(null);
    setErro(await aoLancar(valor, resgate, cupom.trim() || null, comVale.vale));
  };
  lancarRef.current = () => void lancar();
  // Gone with the panel: F2 on the receipt must not post the old values again.
  useEffect(
    () => () => {
      lancarRef.current = null;
    },
    [lancarRef],
  );

  const enterLanca = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void lancar();
    }
  };

  const mudar = (definir: (t: string) => void, texto: string) => {
    aoMudar();
    definir(texto);
  };

  return (
    <Card padding="lg" withBorder component="section" aria-label="Venda">
      <Stack gap="md">
        <CampoDinheiro
          ref={valorRef}
          className={classes.campoGrande}
          label="Valor da compra"
          size="lg"
          value={valorTexto}
          disabled={!habilitado || postando}
          aoMudar={(t) => {
            setPrevia(null);
            mudar(setValorTexto, t);
          }}
          onKeyDown={enterLanca}
        />
        <CampoCupom codigo={cupom} aoMudar={(t) => mudar(setCupom, t)} valor={valor} clienteId={clienteId} desabilitado={!pronto || postando} previa={previa} aoConferir={setPrevia} />
        <CampoDinheiro
          className={classes.campoGrande}
          label="Usar cashback"
          // Before the amount is typed the limit is the balance, not "Até R$ 0,00".
          description={
            cashbackBloqueado ?? (pronto ? (valor !== null && valor > 0 ? `Até ${formatarBRL(maximo)}` : `Saldo disponível: ${formatarBRL(cashbackDisponivel ?? 0)}`) : undefined)
          }
          size="lg"
          value={resgateTexto}
          maximo={valor !== null && valor > 0 ? maximo : (cashbackDisponivel ?? 0)}
          disabled={!pronto || postando || cashbackBloqueado !== null || (cashbackDisponivel ?? 0) <= 0}
          aoMudar={(t) => mudar(setResgateTexto, t)}
          onKeyDown={enterLanca}
          rightSectionWidth={100}
          rightSection={
            <Button size="xs" variant="light" disabled={!pronto || postando || cashbackBloqueado !== null || maximo <= 0} onClick={() => mudar(setResgateTexto, reaisParaTexto(maximo))}>
              Máximo
            </Button>
          }
        />
        <CamposValeNaVenda vale={vale} aoMudar={(v) => (aoMudar(), setVale(v))} desabilitado={!pronto || postando} aPagar={aPagar} />
        {erro && (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>
            {erro}
          </Alert>
        )}
        <Button size="xl" onClick={() => void lancar()} loading={postando} disabled={!pronto}>
          Lançar venda (F2)
        </Button>
        {!habilitado && (
          <Text c="dimmed" size="sm">
            Identifique o cliente para lançar a venda.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
