import { useNavigate, useParams } from 'react-router';
import { Alert, NumberInput, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  CONTROLE_MAXIMO,
  DIAS_ATRIBUICAO_PADRAO,
  campanhaSaveSchema,
  type AgendaCampanha,
  type Campanha,
  type CampanhaDados,
  type CampanhaSave,
  type CanalMensagem,
} from '@bonifica/contracts';
import { FormPage, useFormPage } from '../../components/form-page';
import { PaginaCarregando } from '../../components/pagina-carregando';
import { formatarInteiro } from '../../lib/format';
import { useCampanha, useContagemPublico, useOpcoesCampanha, useSalvarCampanha } from './api';
import { ROTULO_AGENDA } from './status';
import { SeletorCanal } from '../../components/seletor-canal';
import { DadosDaContagem } from '../../components/dados-da-contagem';

type Valores = {
  nome: string;
  canal: CanalMensagem;
  publicoId: string | null;
  modeloId: string | null;
  agenda: AgendaCampanha;
  agendadaPara: string;
  diasEspalhar: number | string;
  controlePercentual: number | string;
  diasAtribuicao: number | string;
  cupom: string;
  link: string;
};

/** `datetime-local` wants local "AAAA-MM-DDTHH:MM"; the wire carries an ISO instant. */
function paraCampoLocal(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

const numero = (v: number | string) => (v === '' ? undefined : Number(v));

function FormularioCampanha({ registro }: { registro: Campanha | null }) {
  const navegar = useNavigate();
  const salvar = useSalvarCampanha();
  const opcoes = useOpcoesCampanha();
  const controle = useFormPage({
    schema: campanhaSaveSchema,
    valoresIniciais: {
      nome: registro?.nome ?? '',
      canal: registro?.canal ?? 'WHATSAPP',
      publicoId: registro?.publicoId ? String(registro.publicoId) : null,
      modeloId: registro?.modeloId ? String(registro.modeloId) : null,
      agenda: registro?.agenda ?? 'AGORA',
      agendadaPara: paraCampoLocal(registro?.agendadaPara ?? null),
      diasEspalhar: registro?.diasEspalhar ?? 3,
      controlePercentual: registro?.controlePercentual ?? 10,
      diasAtribuicao: registro?.diasAtribuicao ?? DIAS_ATRIBUICAO_PADRAO,
      cupom: registro?.cupom ?? '',
      link: registro?.link ?? '',
    } as Valores,
    rascunho: registro ? `campanha-${registro.id}` : 'campanha-nova',
    paraEnvio: (v): CampanhaSave => ({
      id: registro?.id,
      nome: v.nome,
      publicoId: v.publicoId ? Number(v.publicoId) : (undefined as unknown as number),
      modeloId: v.modeloId ? Number(v.modeloId) : (undefined as unknown as number),
      canal: v.canal,
      agenda: v.agenda,
      agendadaPara: v.agenda !== 'AGORA' && v.agendadaPara ? new Date(v.agendadaPara).toISOString() : null,
      diasEspalhar: v.agenda === 'ESPALHADA' ? numero(v.diasEspalhar) : null,
      controlePercentual: numero(v.controlePercentual) as number,
      diasAtribuicao: numero(v.diasAtribuicao) as number,
      cupom: v.cupom || null,
      link: v.link || null,
    }),
  });
  const { form } = controle;
  const v = form.getValues();
  const publico = opcoes.data?.publicos.find((p) => String(p.id) === v.publicoId);
  const modelosDoCanal = (opcoes.data?.modelos ?? []).filter((m) => m.canal === v.canal);
  const modelo = modelosDoCanal.find((m) => String(m.id) === v.modeloId);
  const email = v.canal === 'EMAIL';
  const incluiContatos = !!publico?.condicoes.incluirContatos;
  const contagem = useContagemPublico(publico);
  const pct = Number(v.controlePercentual) || 0;
  const total = contagem.data?.clientes ?? 0;
  const noControle = Math.round((total * pct) / 100);

  return (
    <FormPage<Valores, CampanhaDados, Campanha>
      controle={controle}
      titulo={registro ? 'Editar campanha' : 'Nova campanha'}
      salvar={(d) => salvar.mutateAsync(d)}
      mensagemSucesso="Campanha salva como rascunho."
      aoSalvar={(c) => void navegar(`/app/marketing/campanhas/${c.id}`)}
      aoCancelar={() => void navegar('/app/marketing/campanhas')}
    >
      <Stack>
        <TextInput label="Nome da campanha" withAsterisk {...form.getInputProps('nome')} key={form.key('nome')} />
        <SeletorCanal
          value={v.canal}
          onChange={(c) => {
            form.setFieldValue('canal', c);
            form.setFieldValue('modeloId', null);
          }}
        >
          {email && (
            <Text size="xs" c="dimmed">
              Cada e-mail sai com um link de descadastro no rodapé (e o cabeçalho List-Unsubscribe). Vai até 60 e-mails por minuto.
            </Text>
          )}
        </SeletorCanal>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={4}>
            <Select
              label="Público"
              withAsterisk
              searchable
              data={(opcoes.data?.publicos ?? []).map((p) => ({ value: String(p.id), label: p.nome }))}
              nothingFoundMessage="Nenhum público salvo"
              {...form.getInputProps('publicoId')}
              key={form.key('publicoId')}
            />
            {publico && (
              <Text size="sm" c="dimmed" data-testid="contagem-publico">
                {contagem.isFetching && !contagem.data
                  ? 'Contando…'
                  : `${formatarInteiro(total)} clientes no público${incluiContatos ? ` e ${formatarInteiro(contagem.data?.contatos ?? 0)} contatos importados` : ''}. Quem não deu consentimento de ${email ? 'e-mail' : 'WhatsApp'}, está bloqueado ou não tem ${email ? 'e-mail' : 'celular'} fica de fora no disparo${incluiContatos ? ' (contato sem consentimento registrado não recebe)' : ''}; dos que ficam, ${pct}% vão para o grupo de controle (até ${formatarInteiro(noControle)}).`}
              </Text>
            )}
            {publico && contagem.data && <DadosDaContagem dadosDe={contagem.data.dadosDe} />}
          </Stack>
          <Select
            label={`Modelo de mensagem (${email ? 'e-mail' : 'WhatsApp'})`}
            withAsterisk
            searchable
            data={modelosDoCanal.map((m) => ({ value: String(m.id), label: m.nome }))}
            nothingFoundMessage={`Nenhum modelo ativo de ${email ? 'e-mail' : 'WhatsApp'}`}
            {...form.getInputProps('modeloId')}
            key={form.key('modeloId')}
          />
        </SimpleGrid>
        {modelo && (
          <Paper withBorder p="sm" bg="var(--mantine-color-teal-light)">
            <Text size="xs" c="dimmed">
              Pré-visualização do modelo (as variáveis entre chaves viram os dados de cada cliente no disparo)
            </Text>
            {modelo.assunto && (
              <Text size="sm" fw={600}>
                Assunto: {modelo.assunto}
              </Text>
            )}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="previa-modelo">
              {modelo.texto}
            </Text>
            {modelo.arquivoNome && (
              <Text size="xs" c="dimmed">
                Anexo: {modelo.arquivoNome}
              </Text>
            )}
          </Paper>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Quando enviar
          </Text>
          <SegmentedControl data={(Object.keys(ROTULO_AGENDA) as AgendaCampanha[]).map((a) => ({ value: a, label: ROTULO_AGENDA[a] }))} {...form.getInputProps('agenda')} key={form.key('agenda')} />
        </Stack>
        {v.agenda !== 'AGORA' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="datetime-local"
              label={v.agenda === 'DATA' ? 'Data e hora do envio' : 'Começar em (vazio: agora)'}
              withAsterisk={v.agenda === 'DATA'}
              {...form.getInputProps('agendadaPara')}
              key={form.key('agendadaPara')}
            />
            {v.agenda === 'ESPALHADA' && <NumberInput label="Espalhar por quantos dias" min={2} max={30} {...form.getInputProps('diasEspalhar')} key={form.key('diasEspalhar')} />}
          </SimpleGrid>
        )}
        {v.agenda === 'ESPALHADA' && (
          <Alert color="blue" variant="light">
            {email
              ? 'O público é dividido em fatias iguais, uma por dia. Dentro de cada dia os e-mails saem no ritmo da empresa (60 por minuto, até 20.000 por dia); o que não couber num dia passa para o seguinte.'
              : 'O público é dividido em fatias iguais, uma por dia. Dentro de cada dia o número envia no ritmo dele (por minuto, teto do dia, aquecimento e horário de silêncio); o que não couber num dia passa para o seguinte.'}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Grupo de controle (% que não recebe)"
            description="Sorteado entre os clientes que poderiam receber, para comparar as vendas."
            min={0}
            max={CONTROLE_MAXIMO}
            // The contract's message says why, instead of a silent clamp.
            clampBehavior="none"
            suffix="%"
            {...form.getInputProps('controlePercentual')}
            key={form.key('controlePercentual')}
          />
          <NumberInput
            label="Vendas contadas por quantos dias"
            description="Depois do início do envio, para os resultados."
            min={1}
            max={90}
            {...form.getInputProps('diasAtribuicao')}
            key={form.key('diasAtribuicao')}
          />
          <TextInput label="Cupom ({cupom})" {...form.getInputProps('cupom')} key={form.key('cupom')} />
          <TextInput label="Link ({link})" {...form.getInputProps('link')} key={form.key('link')} />
        </SimpleGrid>
      </Stack>
    </FormPage>
  );
}

/** Marketing › Campanhas › Nova / Edição (only a draft can be edited). */
export function Component() {
  const { id } = useParams();
  const campanha = useCampanha(id ? Number(id) : null);
  if (id && !campanha.data) return <PaginaCarregando />;
  return <FormularioCampanha registro={campanha.data ?? null} />;
}
