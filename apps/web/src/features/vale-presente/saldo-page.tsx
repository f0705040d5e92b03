import { useState } from 'react';
import { Alert, Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { DIGITOS_PIN, formatarData, type SaldoVale } from '@bonifica/contracts';
import { BadgeSituacaoVale } from '../../components/badges-situacao';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { formatarBRL } from '../../lib/format';
import { codigoFormatado, consultarSaldoVale } from '../../lib/vale-presente';

/** Cartões › Saldo do vale-presente: code (typed or scanned) and PIN; wrong PINs lock the card for a while. */
export function Component() {
  const [codigo, setCodigo] = useState('');
  const [pin, setPin] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [saldo, setSaldo] = useState<SaldoVale | null>(null);
  const [consultando, setConsultando] = useState(false);

  const consultar = async () => {
    setSaldo(null);
    // Our own words instead of the browser's bubble (which follows the browser's language, not the product's).
    if (!codigo.trim()) return setErro('Informe o código do vale ou o número do cartão.');
    if (!pin) return setErro('Informe a senha (PIN) do vale.');
    setConsultando(true);
    try {
      setSaldo(await consultarSaldoVale(codigo, pin));
      setErro(null);
    } catch (e) {
      setErro(e instanceof Error ? e.message : 'Não foi possível consultar.');
    } finally {
      setConsultando(false);
      setPin('');
    }
  };

  return (
    <Stack gap="lg" maw={720}>
      <CabecalhoPagina titulo="Saldo do vale-presente" descricao="Digite ou leia o código e peça ao cliente a senha (PIN) do comprovante." />
      <Card withBorder padding="lg" component="form" noValidate onSubmit={(e) => (e.preventDefault(), void consultar())}>
        <Stack gap="md">
          <TextInput label="Código do vale" description="Ou o número do cartão do vale" placeholder="0000 0000 0000 0000" inputMode="numeric" autoComplete="off" value={codigo} onChange={(e) => (setCodigo(e.currentTarget.value), setSaldo(null), setErro(null))} maxLength={24} required />
          <PasswordInput label="Senha (PIN)" inputMode="numeric" autoComplete="off" value={pin} onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, ''))} maxLength={DIGITOS_PIN} required />
          {erro && (
            <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />}>
              {erro}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={consultando} leftSection={<IconSearch size={18} />}>
              Consultar saldo
            </Button>
          </Group>
        </Stack>
      </Card>
      {saldo && (
        <Card withBorder padding="lg" component="section" aria-label="Saldo do vale-presente">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <div>
              <Text size="sm" c="dimmed">
                Saldo
              </Text>
              <Text fz="xl" fw={700} data-testid="saldo-vale">
                {formatarBRL(saldo.saldo)}
              </Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                Válido até
              </Text>
              <Text fz="lg" fw={700}>
                {formatarData(saldo.validoAte)}
              </Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                Situação
              </Text>
              <BadgeSituacaoVale situacao={saldo.situacao} size="lg" />
            </div>
          </SimpleGrid>
          <Text size="sm" c="dimmed" mt="sm">
            Vale {codigoFormatado(saldo.codigo)}
          </Text>
        </Card>
      )}
    </Stack>
  );
}
