import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBulb, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import type { RegraProgramaWire } from '@bonifica/contracts';
import { CampoDinheiro } from '../../components/campo-dinheiro';
import { confirmar } from '../../components/confirmar';
import { notificar } from '../../components/notificar';
import { lerReais } from '../../lib/reais';
import { useRemoverRegraFilial, useSalvarRegra } from './api';
import { exemploDaRegra, lerTextosRegra, textosDaRegra, type CampoRegra, type TextosRegra } from './regra-textos';

type Props = {
  regra: RegraProgramaWire;
  /** "Empresa" or the branch's name, for the messages. */
  nomeEscopo: string;
  /** Injected by the tests; the example is computed for a sale made now. */
  agora?: () => Date;
};

const somenteDigitos = (t: string) => t.replace(/\D/g, '');

/** The rule of one scope (the company, or one branch) with its live example. */
export function RegraForm({ regra, nomeEscopo, agora = () => new Date() }: Props) {
  const [textos, setTextos] = useState<TextosRegra>(() => textosDaRegra(regra));
  const [valorExemplo, setValorExemplo] = useState('100,00');
  const [tentou, setTentou] = useState(false);
  const salvar = useSalvarRegra();
  const remover = useRemoverRegraFilial();
  const leitura = lerTextosRegra(textos);
  const erro = (c: CampoRegra) => (tentou || textos[c] !== textosDaRegra(regra)[c]) && !leitura.ok ? (leitura.erros[c] ?? null) : null;
  const mudar = (c: CampoRegra) => (v: string) => setTextos((t) => ({ ...t, [c]: v }));
  const ehFilial = regra.filialId !== null;
  const exemploCentavos = Math.round((lerReais(valorExemplo) ?? 0) * 100);

  async function gravar() {
    setTentou(true);
    if (!leitura.ok) return;
    try {
      await salvar.mutateAsync({ filialId: regra.filialId, regra: leitura.regra });
      notificar.sucesso(ehFilial ? `Regra própria de ${nomeEscopo} salva. Vale para as próximas vendas dessa filial.` : 'Regra do programa salva. Vale para as próximas vendas; as já feitas não mudam.');
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  }

  async function removerPropria() {
    if (regra.filialId === null) return;
    const ok = await confirmar({ mensagem: `Remover a regra própria de ${nomeEscopo}? As próximas vendas dessa filial seguirão a regra da empresa; as já feitas não mudam.`, destrutiva: true });
    if (!ok) return;
    try {
      await remover.mutateAsync(regra.filialId);
      notificar.sucesso(`${nomeEscopo} volta a seguir a regra da empresa.`);
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  }

  return (
    <Stack gap="md">
      {ehFilial && !regra.propria && (
        <Alert icon={<IconInfoCircle size={18} />} color="blue" variant="light">
          {nomeEscopo} segue a regra da empresa (valores abaixo). Salvar cria uma regra própria, que prevalece sobre a da empresa nas vendas dessa filial.
        </Alert>
      )}
      {!ehFilial && !regra.configurada && (
        <Alert icon={<IconInfoCircle size={18} />} color="yellow" variant="light">
          O programa ainda não tem regra: as vendas não acumulam cashback nem pontos até você salvar uma.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Cashback (%)" description="Do valor pago em dinheiro; 0 desliga o cashback." inputMode="decimal" rightSection="%" value={textos.cashbackPercentual} onChange={(e) => mudar('cashbackPercentual')(e.currentTarget.value)} error={erro('cashbackPercentual')} />
        <TextInput label="Pontos por real" description="Por real inteiro pago; 0 desliga os pontos." inputMode="numeric" value={textos.pontosPorReal} onChange={(e) => mudar('pontosPorReal')(somenteDigitos(e.currentTarget.value))} error={erro('pontosPorReal')} />
        <CampoDinheiro label="Compra mínima" description="Abaixo deste valor a compra não acumula." value={textos.compraMinima} aoMudar={mudar('compraMinima')} error={erro('compraMinima')} />
        <CampoDinheiro label="Máximo de cashback por venda" description="Vazio: sem limite." placeholder="sem limite" value={textos.maximoCashbackPorVenda} aoMudar={mudar('maximoCashbackPorVenda')} error={erro('maximoCashbackPorVenda')} />
        <TextInput label="Validade dos créditos (dias)" description="Vazio: os créditos não vencem." placeholder="não vence" inputMode="numeric" rightSection="dias" rightSectionWidth={48} value={textos.validadeDias} onChange={(e) => mudar('validadeDias')(somenteDigitos(e.currentTarget.value))} error={erro('validadeDias')} />
        <TextInput label="Carência (dias)" description="Dias após a compra até o crédito poder ser usado." inputMode="numeric" rightSection="dias" rightSectionWidth={48} value={textos.carenciaDias} onChange={(e) => mudar('carenciaDias')(somenteDigitos(e.currentTarget.value))} error={erro('carenciaDias')} />
      </SimpleGrid>

      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-teal-light)">
        <Group gap="xs" mb="xs">
          <IconBulb size={18} />
          <Title order={4}>Exemplo</Title>
        </Group>
        <Group align="flex-end" gap="md" wrap="wrap">
          <CampoDinheiro label="Valor da compra" w={160} value={valorExemplo} aoMudar={setValorExemplo} maximo={1_000_000} />
          <Text data-testid="exemplo-regra" style={{ flex: 1, minWidth: 220 }} fw={500} aria-live="polite">
            {!leitura.ok ? 'Corrija os campos acima para ver o exemplo.' : exemploCentavos <= 0 ? 'Informe o valor de uma compra.' : exemploDaRegra(leitura.regra, exemploCentavos, agora())}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          Calculado como no servidor: centavos sempre arredondados para baixo. Mudar a regra vale só para as próximas vendas; as já feitas mantêm o cashback e as datas.
        </Text>
      </Paper>

      <Group justify="space-between">
        {ehFilial && regra.propria ? (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} loading={remover.isPending} onClick={() => void removerPropria()}>
            Remover regra própria
          </Button>
        ) : (
          <span />
        )}
        <Button loading={salvar.isPending} onClick={() => void gravar()}>
          {ehFilial && !regra.propria ? 'Criar regra própria' : 'Salvar regra'}
        </Button>
      </Group>
    </Stack>
  );
}
