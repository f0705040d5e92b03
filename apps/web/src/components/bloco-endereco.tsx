import { useRef, useState, type ReactNode } from 'react';
import { Grid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { somenteDigitos, type CamposEnderecoLidos, type Endereco } from '@bonifica/contracts';
import { api } from '../lib/api';
import { CampoCep, mascararCep } from './campo-cep';
import { CampoUf } from './campo-uf';

/** The address fields a form must have to use the block (customer, branch). */
export type CamposEndereco = {
  cep: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string | null;
};

/** The form's address values from a record read back (empty where null, the CEP masked). */
export function valoresEndereco(r: CamposEnderecoLidos | null | undefined): CamposEndereco {
  return {
    cep: mascararCep(r?.cep ?? ''),
    logradouro: r?.logradouro ?? '',
    numero: r?.numero ?? '',
    complemento: r?.complemento ?? '',
    bairro: r?.bairro ?? '',
    cidade: r?.cidade ?? '',
    uf: r?.uf ?? null,
  };
}

export async function buscarEnderecoPorCep(cep: string): Promise<Endereco | null> {
  return (await api.get<Endereco>(`endereco/cep/${cep}`)).result;
}

type Props<V extends CamposEndereco> = {
  form: UseFormReturnType<V>;
  /** What stands beside the CEP on wide screens (the branch's time zone); nothing leaves the row to the CEP. */
  aoLadoDoCep?: ReactNode;
  /** Read-only forms keep the state fixed. */
  ufLimpavel?: boolean;
};

/**
 * The address block of every form (customer and branch): CEP looked up at the 8th digit (it fills
 * street, district, city and state and moves on to the number; a CEP not found says why under the
 * field), then the rest of the address.
 */
export function BlocoEndereco<V extends CamposEndereco>({ form, aoLadoDoCep, ufLimpavel }: Props<V>) {
  const [buscando, setBuscando] = useState(false);
  const numeroRef = useRef<HTMLInputElement>(null);
  // The form's own type is generic here; these are the address fields every V has.
  const f = form as unknown as UseFormReturnType<CamposEndereco>;

  async function buscar(digitado: string) {
    const cep = somenteDigitos(digitado);
    if (cep.length !== 8) {
      f.setFieldError('cep', 'CEP inválido. Informe os 8 dígitos.');
      return;
    }
    setBuscando(true);
    try {
      const e = await buscarEnderecoPorCep(cep);
      if (e) {
        f.setValues({ logradouro: e.street ?? '', bairro: e.neighborhoord ?? '', cidade: e.city?.name ?? '', uf: e.city?.state.acronym ?? null });
        f.clearFieldError('cep');
        numeroRef.current?.focus();
      }
    } catch (erro) {
      f.setFieldError('cep', erro instanceof Error ? erro.message : 'CEP não encontrado.');
    } finally {
      setBuscando(false);
    }
  }

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <CampoCep inputProps={f.getInputProps('cep')} valor={f.getValues().cep} aoMudar={(cep) => f.setFieldValue('cep', cep)} buscar={(cep) => void buscar(cep)} buscando={buscando} />
      </Grid.Col>
      {aoLadoDoCep && <Grid.Col span={{ base: 12, sm: 6 }}>{aoLadoDoCep}</Grid.Col>}
      <Grid.Col span={{ base: 12, sm: 9 }}>
        <TextInput label="Logradouro" autoComplete="off" {...f.getInputProps('logradouro')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 3 }}>
        <TextInput label="Número" autoComplete="off" ref={numeroRef} {...f.getInputProps('numero')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Complemento" autoComplete="off" {...f.getInputProps('complemento')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Bairro" autoComplete="off" {...f.getInputProps('bairro')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <TextInput label="Cidade" autoComplete="off" {...f.getInputProps('cidade')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <CampoUf clearable={ufLimpavel} {...f.getInputProps('uf')} />
      </Grid.Col>
    </Grid>
  );
}
