import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { Sorteio, SorteioSave } from '@bonifica/contracts';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { notificar } from '../../components/notificar';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { useSalvarSorteio, useSorteio } from './api';
import { SeletorSorteio, useSorteioEscolhido } from './seletor-sorteio';

/** The draw as its save call takes it, with another list of stores. */
const comFiliais = (s: Sorteio, filiais: number[]): SorteioSave => ({
  id: s.id,
  nome: s.nome,
  regulamento: s.regulamento,
  inicio: s.inicio,
  fim: s.fim,
  premios: s.premios,
  filiais,
  regra: s.regra,
  valorPorNumero: s.valorPorNumero,
  maximoPorCliente: s.maximoPorCliente,
  umPremioPorCliente: s.umPremioPorCliente,
  origemSemente: s.origemSemente,
  dataLoteria: s.dataLoteria,
  semente: s.origemSemente === 'FIXA' ? s.semente : null,
});

/** Sorteios › Rede: which stores of the network count for a draw (sales there give lucky numbers). */
export function Component() {
  const [id] = useSorteioEscolhido();
  const sorteio = useSorteio(id);
  const lojas = useFiliaisRede();
  const salvar = useSalvarSorteio();
  const [todas, setTodas] = useState(true);
  const [escolhidas, setEscolhidas] = useState<string[]>([]);
  useEffect(() => {
    if (!sorteio.data) return;
    setTodas(sorteio.data.filiais.length === 0);
    setEscolhidas(sorteio.data.filiais.map(String));
  }, [sorteio.data]);
  const s = sorteio.data;
  const travado = !!s && s.status !== 'RASCUNHO';
  const gravar = async () => {
    if (!s) return;
    if (!todas && escolhidas.length === 0) return notificar.erro('Escolha pelo menos uma loja, ou marque a rede toda.');
    try {
      await salvar.mutateAsync(comFiliais(s, todas ? [] : escolhidas.map(Number)));
      notificar.sucesso('Lojas do sorteio atualizadas.');
    } catch (e) {
      notificar.erro(e instanceof Error ? e.message : 'Não foi possível salvar.');
    }
  };
  return (
    <Stack gap="lg">
      <CabecalhoPagina titulo="Rede do sorteio" descricao="As lojas cujas compras dão números da sorte. Sem escolha: a rede toda." />
      <SeletorSorteio />
      {s && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            {travado && <Alert color="orange">A lista deste sorteio já foi congelada: as lojas não podem mais mudar.</Alert>}
            <Switch label="A rede toda (todas as lojas, inclusive as que entrarem depois)" checked={todas} disabled={travado} onChange={(e) => setTodas(e.currentTarget.checked)} />
            {!todas && (
              <Checkbox.Group value={escolhidas} onChange={setEscolhidas} label="Lojas participantes">
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs">
                  {(lojas.data ?? []).map((l) => (
                    <Checkbox key={l.id} value={String(l.id)} label={l.shortName} disabled={travado} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
            <Text size="sm" c="dimmed">
              {todas ? 'Compras em qualquer loja da rede contam.' : `${escolhidas.length} loja(s) escolhida(s).`}
            </Text>
            {!travado && (
              <Button onClick={() => void gravar()} loading={salvar.isPending} w="fit-content">
                Salvar lojas
              </Button>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
