import { useState, type FormEvent } from 'react';
import { Alert, Button, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconUserPlus } from '@tabler/icons-react';
import type { Cliente } from '@bonifica/contracts';
import { notificar } from '../../components/notificar';
import { cadastrarClienteRapido } from './api';
import { mensagemDe } from './mensagem';

export type DadosCadastro = { nome: string; documento: string; celular: string };

/** Sign-up with only the essentials, prefilled from what was searched (issue 3 §6). */
export function CadastroRapido({ inicial, aoCadastrar }: { inicial: DadosCadastro; aoCadastrar: (c: Cliente) => void }) {
  const [dados, setDados] = useState(inicial);
  const [salvando, setSalvando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);

  const salvar = async (e: FormEvent) => {
    e.preventDefault();
    if (salvando) return;
    if (dados.documento.trim() === '' && dados.celular.trim() === '') {
      setErro('Informe o CPF ou o celular do cliente.');
      return;
    }
    setSalvando(true);
    setErro(null);
    try {
      const novo = await cadastrarClienteRapido({ nome: dados.nome, documento: dados.documento.trim() || null, celular: dados.celular.trim() || null });
      notificar.sucesso('Cliente cadastrado.');
      aoCadastrar(novo);
    } catch (err) {
      setErro(mensagemDe(err));
    } finally {
      setSalvando(false);
    }
  };

  return (
    <form onSubmit={(e) => void salvar(e)} aria-label="Cadastro rápido">
      <Stack gap="sm" mt="md">
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Nenhum cliente encontrado">
          Confira o que foi digitado ou faça o cadastro rápido abaixo.
        </Alert>
        <Title order={2} fz="h4">
          Cadastro rápido
        </Title>
        <TextInput label="Nome" size="md" required value={dados.nome} onChange={(e) => setDados({ ...dados, nome: e.currentTarget.value })} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="CPF" size="md" inputMode="numeric" value={dados.documento} onChange={(e) => setDados({ ...dados, documento: e.currentTarget.value })} />
          <TextInput label="Celular" size="md" inputMode="tel" value={dados.celular} onChange={(e) => setDados({ ...dados, celular: e.currentTarget.value })} />
        </SimpleGrid>
        {erro && (
          <Alert color="red" role="alert">
            {erro}
          </Alert>
        )}
        <Button type="submit" size="lg" leftSection={<IconUserPlus size={20} />} loading={salvando}>
          Cadastrar e selecionar
        </Button>
      </Stack>
    </form>
  );
}
