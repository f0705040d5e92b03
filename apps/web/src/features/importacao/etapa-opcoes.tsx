import { Alert, Radio, Select, Stack } from '@mantine/core';
import type { PoliticaDuplicados, TipoImportacao, UnidadeSaldoInicial } from '@bonifica/contracts';

export type Opcoes = { duplicados: PoliticaDuplicados; unidadeSaldo: UnidadeSaldoInicial };

const UNIDADES = [
  { value: 'CASHBACK', label: 'Cashback (R$)' },
  { value: 'PONTOS', label: 'Pontos' },
  { value: 'PREPAGO', label: 'Pré-pago (R$)' },
];

/** Step 3: what to do with people already registered, and where opening balances go. */
export function EtapaOpcoes({ tipo, opcoes, aoMudar, temSaldo }: { tipo: TipoImportacao; opcoes: Opcoes; aoMudar: (o: Opcoes) => void; temSaldo: boolean }) {
  const chave = tipo === 'CLIENTE' ? 'o mesmo CPF/CNPJ' : 'o mesmo celular ou e-mail';
  return (
    <Stack maw={640}>
      <Radio.Group
        label="Quem já está cadastrado"
        description={`Uma linha com ${chave} de um cadastro existente.`}
        value={opcoes.duplicados}
        onChange={(v) => aoMudar({ ...opcoes, duplicados: v as PoliticaDuplicados })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="IGNORAR" label="Ignorar a linha: o cadastro existente fica como está" />
          <Radio value="MESCLAR" label="Mesclar: preencher só os campos vazios do cadastro existente" />
        </Stack>
      </Radio.Group>
      {temSaldo && (
        <>
          <Select
            label="Conta do saldo inicial"
            data={UNIDADES}
            value={opcoes.unidadeSaldo}
            onChange={(v) => v && aoMudar({ ...opcoes, unidadeSaldo: v as UnidadeSaldoInicial })}
            allowDeselect={false}
            maw={280}
          />
          <Alert variant="light" color="yellow">
            O saldo vira um lançamento de saldo inicial no extrato, apenas para clientes novos: quem já existe mantém o saldo que tem.
          </Alert>
        </>
      )}
    </Stack>
  );
}
