import { useState } from 'react';
import { Alert, Button, Checkbox, Code, CopyButton, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { ESCOPOS_TOKEN, ROTULOS_ESCOPO, tokenApiNovoSchema, type EscopoToken, type TokenApiCriado } from '@bonifica/contracts';
import { CampoData } from '../../components/campo-data';
import { notificar } from '../../components/notificar';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { useCriarTokenApi } from './api';

type Props = { aoFechar: () => void };

/** New token: the form, then its secret — shown once, with a copy button and a warning. */
export function NovoTokenForm({ aoFechar }: Props) {
  const filiais = useFiliaisRede();
  const criar = useCriarTokenApi();
  const [nome, setNome] = useState('');
  const [filialId, setFilialId] = useState<string | null>(null);
  const [escopos, setEscopos] = useState<EscopoToken[]>(['vendas:lancar', 'clientes:consultar']);
  const [expiraEm, setExpiraEm] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const [criado, setCriado] = useState<TokenApiCriado | null>(null);

  async function enviar() {
    const dados = { nome, filialId: filialId ? Number(filialId) : null, escopos, expiraEm: expiraEm || null };
    const v = tokenApiNovoSchema.safeParse(dados);
    if (!v.success) {
      setErros(Object.fromEntries(v.error.issues.map((i) => [String(i.path[0] ?? 'nome'), i.message])));
      return;
    }
    setErros({});
    try {
      setCriado(await criar.mutateAsync(dados));
    } catch (e) {
      notificar.erro((e as Error).message);
    }
  }

  if (criado) {
    return (
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Copie o token agora">
          Este é o único momento em que o token aparece. Guarde-o num lugar seguro e configure no PDV ou ERP. Se perder, revogue e crie outro.
        </Alert>
        <Text size="sm" fw={500}>
          {criado.nome}
        </Text>
        <Code block data-testid="segredo-token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {criado.segredo}
        </Code>
        <Group justify="space-between">
          <CopyButton value={criado.segredo}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                {copied ? 'Copiado' : 'Copiar token'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={aoFechar}>Concluir</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <TextInput label="Nome" placeholder="Ex.: PDV loja 1, ERP" withAsterisk value={nome} onChange={(e) => setNome(e.currentTarget.value)} error={erros.nome} maxLength={80} data-autofocus />
      <Select
        label="Filial"
        description="Com uma filial, o token só lança e cancela vendas dela."
        placeholder="Toda a rede"
        clearable
        data={(filiais.data ?? []).map((f) => ({ value: String(f.id), label: f.shortName }))}
        value={filialId}
        onChange={setFilialId}
        error={erros.filialId}
      />
      <Checkbox.Group label="Escopos" withAsterisk value={escopos} onChange={(v) => setEscopos(v as EscopoToken[])} error={erros.escopos}>
        <Stack gap={6} mt={6}>
          {ESCOPOS_TOKEN.map((e) => (
            <Checkbox key={e} value={e} label={`${ROTULOS_ESCOPO[e]} (${e})`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <CampoData label="Válido até" description="Vazio: sem validade. Vale até o fim do dia (Brasília)." value={expiraEm} onChange={(v) => setExpiraEm(v ?? '')} clearable error={erros.expiraEm} />
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={aoFechar}>
          Cancelar
        </Button>
        <Button onClick={enviar} loading={criar.isPending}>
          Criar token
        </Button>
      </Group>
    </Stack>
  );
}
