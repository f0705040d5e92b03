import { Button, FileInput, Grid, Group, Image, Select, Switch, Text, TextInput } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { BlocoEndereco, valoresEndereco, type CamposEndereco } from '../../components/bloco-endereco';
import { filialSaveSchema, formatarCnpj, formatarTelefone, FUSOS_HORARIOS_OPCOES, LOGO_MAXIMO_BYTES, type Filial, type FilialDados, type FilialSave, type FusoHorario } from '@bonifica/contracts';
import { FormPage, useFormPage } from '../../components/form-page';
import { notificar } from '../../components/notificar';
import { useSalvarFilial } from './api';

type ValoresFilial = CamposEndereco & {
  nome: string;
  shortName: string;
  cnpj: string;
  telefone: string;
  fusoHorario: FusoHorario;
  ativa: boolean;
  /** undefined keeps the stored logo, null removes it, a data URL replaces it. */
  logo: string | null | undefined;
};

type FilialFormProps = { registro: Filial | null; aoSalvar: () => void };

const OPCOES_FUSO = FUSOS_HORARIOS_OPCOES.map((o) => ({ value: o.valor, label: `${o.label} (${o.offset})` }));

function lerComoDataUrl(arquivo: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const leitor = new FileReader();
    leitor.onload = () => resolve(String(leitor.result));
    leitor.onerror = () => reject(new Error('Não foi possível ler a imagem.'));
    leitor.readAsDataURL(arquivo);
  });
}

/** Empresa › Filiais: a branch (or the head office) with its address, time zone and logo. */
export function FilialForm({ registro, aoSalvar }: FilialFormProps) {
  const salvar = useSalvarFilial();
  const matriz = registro?.tipo === 'MATRIZ';
  const iniciais: ValoresFilial = {
      nome: registro?.nome ?? '',
      shortName: registro?.shortName ?? '',
      cnpj: registro?.cnpj ? formatarCnpj(registro.cnpj) : '',
      telefone: registro?.telefone ? formatarTelefone(registro.telefone) : '',
      ...valoresEndereco(registro),
      fusoHorario: registro?.fusoHorario ?? 'UTC_3_BRASIL',
      ativa: registro?.ativa ?? true,
    logo: undefined,
  };
  const controle = useFormPage({
    schema: filialSaveSchema,
    valoresIniciais: iniciais,
    rascunho: registro ? `filial-${registro.id}` : 'filial-nova',
    paraEnvio: (v): FilialSave => ({ ...v, id: registro?.id }),
  });
  const { form } = controle;
  const logo = form.values.logo;
  const previa = logo ?? (logo === undefined ? registro?.logoUrl : null);

  async function escolherLogo(arquivo: File | null) {
    if (!arquivo) return;
    if (arquivo.size > LOGO_MAXIMO_BYTES) {
      notificar.erro('O logo deve ter no máximo 300 KB.');
      return;
    }
    form.setFieldValue('logo', await lerComoDataUrl(arquivo));
  }

  return (
    <FormPage<ValoresFilial, FilialDados, unknown>
      controle={controle}
      salvar={salvar.mutateAsync}
      aoSalvar={aoSalvar}
      mensagemSucesso={registro ? 'Filial atualizada.' : 'Filial cadastrada.'}
    >
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Nome da filial" description="Aparece no cabeçalho e no cartaz" required {...form.getInputProps('shortName')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Razão social" required {...form.getInputProps('nome')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="CNPJ" description="Numérico ou alfanumérico" placeholder="00.000.000/0000-00" {...form.getInputProps('cnpj')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Telefone" placeholder="(00) 0000-0000" {...form.getInputProps('telefone')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <BlocoEndereco
            form={form}
            aoLadoDoCep={<Select label="Fuso horário" description="Define o início e o fim do dia nos relatórios" data={OPCOES_FUSO} allowDeselect={false} {...form.getInputProps('fusoHorario')} />}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Text size="sm" fw={500} mb={4}>
            Logo
          </Text>
          <Group align="center">
            {previa ? <Image src={previa} alt="Logo da filial" h={56} w="auto" fit="contain" /> : <Text c="dimmed" size="sm">Sem logo</Text>}
            <FileInput
              aria-label="Escolher logo"
              placeholder="PNG, JPEG ou WebP até 300 KB"
              accept="image/png,image/jpeg,image/webp"
              leftSection={<IconPhoto size={16} />}
              value={null}
              onChange={(f) => void escolherLogo(f)}
              error={form.errors.logo}
              w={260}
            />
            {previa && (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => form.setFieldValue('logo', null)}>
                Remover logo
              </Button>
            )}
          </Group>
        </Grid.Col>
        <Grid.Col span={12}>
          <Switch
            label="Ativa"
            description={matriz ? 'A matriz não pode ser desativada.' : 'Uma filial inativa não aceita login de seus usuários nem vendas de seus dispositivos.'}
            disabled={matriz}
            {...form.getInputProps('ativa', { type: 'checkbox' })}
          />
        </Grid.Col>
      </Grid>
    </FormPage>
  );
}
