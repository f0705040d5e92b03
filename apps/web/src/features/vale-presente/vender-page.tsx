import { useRef, useState } from 'react';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconGift, IconPrinter } from '@tabler/icons-react';
import { VALIDADE_MAXIMA_DIAS, VALIDADE_PADRAO_DIAS, VALOR_MAXIMO_VALE, VALOR_MINIMO_VALE, formatarData, numeroCartaoValido, type ValeVendido } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { CampoDinheiro } from '../../components/campo-dinheiro';
import { notificar } from '../../components/notificar';
import { formatarBRL } from '../../lib/format';
import { lerReais } from '../../lib/reais';
import { codigoFormatado, imprimirVale, venderVale } from '../../lib/vale-presente';

const VALIDADES = [
  { value: '180', label: '6 meses' },
  { value: String(VALIDADE_PADRAO_DIAS), label: '1 ano (padrão)' },
  { value: '730', label: '2 anos' },
  { value: '1095', label: '3 anos' },
  { value: String(VALIDADE_MAXIMA_DIAS), label: '5 anos' },
];
const mensagem = (e: unknown) => (e instanceof Error ? e.message : 'Não foi possível concluir.');

/** The card just sold: code and PIN shown this once, and the receipt to print and hand over. */
function ValeVendidoCard({ vale, aoNovo }: { vale: ValeVendido; aoNovo: () => void }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label="Vale-presente vendido">
      <Stack gap="md">
        <Group gap="xs">
          <IconGift size={24} color="var(--mantine-color-teal-7)" />
          <Text fw={700} fz="lg">
            Vale-presente de {formatarBRL(vale.valor)} vendido
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <div>
            <Text size="sm" c="dimmed">
              {vale.cartaoId !== null ? 'Código (número do cartão)' : 'Código'}
            </Text>
            <Text fz="xl" fw={700} ff="monospace" data-testid="codigo-vale">
              {codigoFormatado(vale.codigo)}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Senha (PIN)
            </Text>
            <Text fz="xl" fw={700} ff="monospace" data-testid="pin-vale">
              {vale.pin ?? 'já entregue no primeiro comprovante'}
            </Text>
          </div>
        </SimpleGrid>
        <Text size="sm">
          Válido até <strong>{formatarData(vale.validoAte)}</strong>
          {vale.beneficiarioNome ? ` · Para: ${vale.beneficiarioNome}` : ''}
        </Text>
        <Alert color="yellow" variant="light">
          A senha aparece só agora e no comprovante: imprima e entregue ao cliente{vale.cartaoId !== null ? ' junto com o cartão' : ''}. Ela não é guardada no sistema.
        </Alert>
        <Group>
          <Button leftSection={<IconPrinter size={18} />} onClick={() => void imprimirVale(vale.id, vale.pin).catch((e: unknown) => notificar.erro(mensagem(e)))}>
            Imprimir comprovante
          </Button>
          <Button variant="default" onClick={aoNovo}>
            Vender outro
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Cartões › Vender vale-presente: the counter sells a card, for the buyer or as a gift (docs/areas/vale-presente.md). */
export function Component() {
  const [valorTexto, setValorTexto] = useState('');
  const [validade, setValidade] = useState(String(VALIDADE_PADRAO_DIAS));
  const [para, setPara] = useState('');
  const [recado, setRecado] = useState('');
  // null: the code is drawn by the server; a string: the number of the physical card handed over.
  const [cartao, setCartao] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [vendido, setVendido] = useState<ValeVendido | null>(null);
  // One key per attempt: a double click or a retry after a lost reply sells one card.
  const chave = useRef<string | null>(null);

  const vender = async () => {
    const valor = lerReais(valorTexto);
    if (valor === null || valor < VALOR_MINIMO_VALE || valor > VALOR_MAXIMO_VALE) {
      setErro(`Informe um valor entre ${formatarBRL(VALOR_MINIMO_VALE)} e ${formatarBRL(VALOR_MAXIMO_VALE)}.`);
      return;
    }
    const numeroCartao = cartao === null ? null : cartao.replace(/\D/g, '');
    if (numeroCartao !== null && !numeroCartaoValido(numeroCartao)) {
      setErro('Número do cartão inválido: confira os 16 dígitos impressos no cartão.');
      return;
    }
    setErro(null);
    setEnviando(true);
    chave.current ??= crypto.randomUUID();
    try {
      setVendido(await venderVale({ valor, validadeDias: Number(validade), beneficiarioNome: para.trim() || null, mensagem: recado.trim() || null, cartao: numeroCartao }, chave.current));
      chave.current = null;
    } catch (e) {
      chave.current = null;
      setErro(mensagem(e));
    } finally {
      setEnviando(false);
    }
  };

  const novo = () => {
    setVendido(null);
    setValorTexto('');
    setPara('');
    setRecado('');
    setCartao(null);
  };

  return (
    <Stack gap="lg" maw={720}>
      <CabecalhoPagina titulo="Vender vale-presente" descricao="O cliente paga o valor no caixa; o vale vale como dinheiro em compras futuras, no todo ou em parte, até a validade." />
      {vendido ? (
        <ValeVendidoCard vale={vendido} aoNovo={novo} />
      ) : (
        <Card withBorder padding="lg" component="form" onSubmit={(e) => (e.preventDefault(), void vender())}>
          <Stack gap="md">
            <CampoDinheiro label="Valor do vale" size="lg" value={valorTexto} aoMudar={setValorTexto} maximo={VALOR_MAXIMO_VALE} description={`De ${formatarBRL(VALOR_MINIMO_VALE)} a ${formatarBRL(VALOR_MAXIMO_VALE)}`} required />
            <Switch
              label="Usar um cartão físico"
              description="O vale fica num cartão disponível (emitido e sem cliente): o número do cartão vira o código do vale."
              checked={cartao !== null}
              onChange={(e) => setCartao(e.currentTarget.checked ? '' : null)}
            />
            {cartao !== null && (
              <TextInput
                label="Número do cartão"
                description="Digite ou passe o cartão no leitor."
                placeholder="0000 0000 0000 0000"
                inputMode="numeric"
                autoComplete="off"
                maxLength={24}
                value={cartao}
                onChange={(e) => setCartao(e.currentTarget.value)}
                // A scanner ends the number with Enter: that must not sell the card before the rest is filled in.
                onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
                required
                data-autofocus
              />
            )}
            <Select label="Validade" data={VALIDADES} value={validade} onChange={(v) => setValidade(v ?? String(VALIDADE_PADRAO_DIAS))} allowDeselect={false} />
            <TextInput label="Para (opcional)" placeholder="Nome de quem vai ganhar" value={para} onChange={(e) => setPara(e.currentTarget.value)} maxLength={120} />
            <TextInput label="Mensagem no comprovante (opcional)" placeholder="Feliz aniversário!" value={recado} onChange={(e) => setRecado(e.currentTarget.value)} maxLength={200} />
            {erro && (
              <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>
                {erro}
              </Alert>
            )}
            <Button type="submit" size="lg" loading={enviando} leftSection={<IconGift size={20} />}>
              Vender vale-presente
            </Button>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
