import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { TAMANHO_MAXIMO_IMPORTACAO_MB, type MetadadosImportacao, type TipoImportacao } from '@bonifica/contracts';
import { useEnviarArquivo } from './api';

const BYTES_MAXIMOS = TAMANHO_MAXIMO_IMPORTACAO_MB * 1024 * 1024;

/** Step 1: choose the CSV; the server reads it once and answers what it found. */
export function EtapaArquivo({ tipo, aoEnviar }: { tipo: TipoImportacao; aoEnviar: (m: MetadadosImportacao) => void }) {
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const enviar = useEnviarArquivo(tipo);

  const escolher = (f: File | null) => {
    setArquivo(f);
    setErro(f && f.size > BYTES_MAXIMOS ? `O arquivo passa do limite de ${TAMANHO_MAXIMO_IMPORTACAO_MB} MB.` : null);
  };
  const mandar = () => {
    if (!arquivo) {
      setErro('Escolha o arquivo CSV.');
      return;
    }
    enviar.mutate(arquivo, { onSuccess: aoEnviar, onError: (e) => setErro(e.message) });
  };

  return (
    <Stack>
      <FileInput
        label="Arquivo CSV"
        description={tipo === 'CLIENTE' ? 'Planilha de clientes salva como CSV.' : 'Planilha de contatos salva como CSV.'}
        placeholder="Escolher arquivo…"
        accept=".csv,.txt,text/csv"
        leftSection={<IconFileSpreadsheet size={18} />}
        value={arquivo}
        onChange={escolher}
        error={erro}
        clearable
        maw={520}
      />
      <Alert variant="light" color="blue" title="Como preparar o arquivo">
        <List size="sm" spacing={2}>
          <List.Item>Primeira linha com os nomes das colunas (ex.: Nome, CPF, Celular, E-mail).</List.Item>
          <List.Item>Separado por ponto e vírgula (Excel) ou vírgula; acentos em UTF-8 ou no padrão do Excel.</List.Item>
          <List.Item>Datas como dd/mm/aaaa; valores como 1.234,56. Até {TAMANHO_MAXIMO_IMPORTACAO_MB} MB.</List.Item>
        </List>
        <Text size="sm" mt="xs">
          Nada é gravado nesta etapa: primeiro você confere as colunas.
        </Text>
      </Alert>
      <Group>
        <Button leftSection={<IconUpload size={16} />} onClick={mandar} loading={enviar.isPending} disabled={!!arquivo && !!erro && arquivo.size > BYTES_MAXIMOS}>
          Enviar arquivo
        </Button>
      </Group>
    </Stack>
  );
}
