import { useState } from 'react';
import { Button, FileInput, Group, Image, MultiSelect, Select, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { PERIODOS_LIMITE, premioSaveSchema, ROTULOS_PERIODO_LIMITE, type Premio, type PremioDados, type PremioSave } from '@bonifica/contracts';
import { CampoData } from '../../components/campo-data';
import { CampoDinheiro } from '../../components/campo-dinheiro';
import { FormPage, useFormPage } from '../../components/form-page';
import { notificar } from '../../components/notificar';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { formatarInteiro } from '../../lib/format';
import { lerReais, reaisParaTexto } from '../../lib/reais';
import { enviarFoto, useSalvarPremio } from './api';
import { lerInteiro } from '../../lib/inteiro';

type ValoresPremio = {
  nome: string;
  descricao: string;
  fotoArquivoId: number | null;
  custoPontos: string;
  custoCashback: string;
  estoque: string;
  limitePorCliente: string;
  limitePeriodo: string;
  validoDe: string;
  validoAte: string;
  filiais: string[];
  ativo: boolean;
};

const PERIODOS = PERIODOS_LIMITE.map((p) => ({ value: p, label: ROTULOS_PERIODO_LIMITE[p] }));

/** Prêmios › Catálogo: one prize, its photo, its cost and its rules. */
export function PremioForm({ registro, aoSalvar }: { registro: Premio | null; aoSalvar: () => void }) {
  const salvar = useSalvarPremio();
  const filiais = useFiliaisRede();
  const [enviando, setEnviando] = useState(false);
  // Controlled, so a refused upload does not leave its name in the field as if it were attached.
  const [escolhido, setEscolhido] = useState<File | null>(null);
  const iniciais: ValoresPremio = {
      nome: registro?.nome ?? '',
      descricao: registro?.descricao ?? '',
      fotoArquivoId: registro?.fotoArquivoId ?? null,
      // Shown as typed in pt-BR ("1.500"), read back by lerInteiro.
      custoPontos: registro?.custoPontos ? formatarInteiro(registro.custoPontos) : '',
      custoCashback: registro?.custoCashback ? reaisParaTexto(registro.custoCashback) : '',
      estoque: registro?.estoque !== null && registro?.estoque !== undefined ? formatarInteiro(registro.estoque) : '',
      limitePorCliente: registro?.limitePorCliente ? String(registro.limitePorCliente) : '',
      limitePeriodo: registro?.limitePeriodo ?? 'SEMPRE',
      validoDe: registro?.validoDe ?? '',
      validoAte: registro?.validoAte ?? '',
      filiais: (registro?.filiais ?? []).map(String),
      ativo: registro?.ativo ?? true,
  };
  const controle = useFormPage({
    schema: premioSaveSchema,
    valoresIniciais: iniciais,
    rascunho: registro ? `premio-${registro.id}` : 'premio-novo',
    paraEnvio: (v): PremioSave => ({
      id: registro?.id,
      nome: v.nome,
      descricao: v.descricao.trim() || null,
      fotoArquivoId: v.fotoArquivoId,
      custoPontos: lerInteiro(v.custoPontos),
      custoCashback: v.custoCashback.trim() === '' ? null : (lerReais(v.custoCashback) ?? Number.NaN),
      estoque: lerInteiro(v.estoque),
      limitePorCliente: lerInteiro(v.limitePorCliente),
      limitePeriodo: v.limitePeriodo as PremioSave['limitePeriodo'],
      validoDe: v.validoDe || null,
      validoAte: v.validoAte || null,
      filiais: v.filiais.map(Number),
      ativo: v.ativo,
    }),
  });
  const { form } = controle;

  const aoEscolherFoto = async (arquivo: File | null) => {
    setEscolhido(arquivo);
    if (!arquivo) return form.setFieldValue('fotoArquivoId', null);
    setEnviando(true);
    try {
      form.setFieldValue('fotoArquivoId', await enviarFoto(arquivo));
    } catch (e) {
      setEscolhido(null);
      notificar.erro(e instanceof Error ? e.message : 'Não foi possível enviar a foto.');
    } finally {
      setEnviando(false);
    }
  };

  return (
    <FormPage<ValoresPremio, PremioDados, unknown> controle={controle} salvar={salvar.mutateAsync} aoSalvar={aoSalvar} mensagemSucesso={registro ? 'Prêmio atualizado.' : 'Prêmio cadastrado.'}>
      <TextInput label="Nome do prêmio" required {...form.getInputProps('nome')} />
      <Textarea label="Descrição" autosize minRows={2} {...form.getInputProps('descricao')} />
      <Group align="flex-end">
        <FileInput
          label="Foto"
          description="PNG, JPEG ou WebP; aparece na lista, no catálogo e no comprovante"
          accept="image/png,image/jpeg,image/webp"
          leftSection={<IconPhoto size={16} />}
          placeholder={form.values.fotoArquivoId ? 'Foto enviada — escolha outra para trocar' : 'Escolher imagem'}
          clearable
          disabled={enviando}
          value={escolhido}
          onChange={(f) => void aoEscolherFoto(f)}
          style={{ flex: 1 }}
        />
        {form.values.fotoArquivoId && <Image src={`/arquivo/${form.values.fotoArquivoId}`} alt="Foto do prêmio" w={56} h={56} fit="cover" radius="sm" />}
        {form.values.fotoArquivoId && (
          <Button variant="subtle" color="red" disabled={enviando} onClick={() => void aoEscolherFoto(null)}>
            Remover foto
          </Button>
        )}
      </Group>
      <Text size="sm" fw={500}>
        Custo (pontos, cashback ou os dois)
      </Text>
      <Group grow align="flex-start">
        <TextInput label="Pontos" inputMode="numeric" {...form.getInputProps('custoPontos')} />
        <CampoDinheiro label="Cashback (R$)" value={form.values.custoCashback} aoMudar={(t) => form.setFieldValue('custoCashback', t)} error={typeof form.errors.custoCashback === 'string' ? form.errors.custoCashback : null} />
      </Group>
      <Group grow align="flex-start">
        <TextInput label="Estoque" description="Em branco: sem controle de estoque" inputMode="numeric" {...form.getInputProps('estoque')} />
        <TextInput label="Limite por cliente" description="Em branco: sem limite" inputMode="numeric" {...form.getInputProps('limitePorCliente')} />
        <Select label="Período do limite" data={PERIODOS} allowDeselect={false} {...form.getInputProps('limitePeriodo')} />
      </Group>
      <Group grow align="flex-start">
        <CampoData label="Válido a partir de" clearable value={form.values.validoDe} onChange={(d) => form.setFieldValue('validoDe', d ?? '')} error={form.errors.validoDe} />
        <CampoData label="Válido até" clearable value={form.values.validoAte} onChange={(d) => form.setFieldValue('validoAte', d ?? '')} error={form.errors.validoAte} />
      </Group>
      <MultiSelect
        label="Lojas onde retirar"
        description="Nenhuma escolhida: todas as lojas da rede"
        data={(filiais.data ?? []).map((f) => ({ value: String(f.id), label: f.shortName }))}
        searchable
        {...form.getInputProps('filiais')}
      />
      <Switch label="Ativo" {...form.getInputProps('ativo', { type: 'checkbox' })} />
    </FormPage>
  );
}
