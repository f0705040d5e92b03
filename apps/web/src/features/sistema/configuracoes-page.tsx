import { NumberInput, SimpleGrid, TextInput, Title } from '@mantine/core';
import { CHAVES_CONFIG, configSistemaSaveSchema, PADROES_CONFIG, type ConfigSistemaSave } from '@bonifica/contracts';
import { EstadoConsulta } from '../../components/estado-consulta';
import { FormPage, useFormPage } from '../../components/form-page';
import { CabecalhoPagina } from '../../components/cabecalho-pagina';
import { useConfigs, useSalvarConfig } from './api-admin';

type ValoresConfig = {
  nomeSistema: string;
  urlPublica: string;
  urlAjuda: string;
  emailSuporte: string;
  whatsSuporte: string;
  telefoneSuporte: string;
  diasExperimental: number | string;
  limiteImagemKb: number | string;
};

/** Table rows → form values, with the defaults the server applies where a row is absent. */
export function valoresDasConfigs(c: Record<string, string>): ValoresConfig {
  const v = (campo: keyof typeof CHAVES_CONFIG) => c[CHAVES_CONFIG[campo].chave] ?? '';
  const n = (campo: keyof typeof CHAVES_CONFIG, padrao: number) => (v(campo) === '' ? padrao : Number(v(campo)));
  return {
    nomeSistema: v('nomeSistema') || PADROES_CONFIG.nomeSistema,
    urlPublica: v('urlPublica'),
    urlAjuda: v('urlAjuda'),
    emailSuporte: v('emailSuporte'),
    whatsSuporte: v('whatsSuporte'),
    telefoneSuporte: v('telefoneSuporte'),
    diasExperimental: n('diasExperimental', PADROES_CONFIG.diasExperimental),
    limiteImagemKb: n('limiteImagemKb', PADROES_CONFIG.limiteImagemKb),
  };
}

/** An emptied number input is '' in Mantine: not sent, so the stored value stays. */
export function paraEnvioConfig(v: ValoresConfig): ConfigSistemaSave {
  return {
    ...v,
    diasExperimental: typeof v.diasExperimental === 'number' ? v.diasExperimental : undefined,
    limiteImagemKb: typeof v.limiteImagemKb === 'number' ? v.limiteImagemKb : undefined,
  };
}

function FormConfig({ iniciais }: { iniciais: ValoresConfig }) {
  const salvar = useSalvarConfig();
  const controle = useFormPage({ schema: configSistemaSaveSchema, valoresIniciais: iniciais, paraEnvio: paraEnvioConfig });
  const { form } = controle;
  return (
    <FormPage<ValoresConfig, ConfigSistemaSave, unknown>
      controle={controle}
      salvar={salvar.mutateAsync}
      aoSalvar={() => form.resetDirty()}
      mensagemSucesso="Configurações salvas."
    >
      <Title order={4}>Identificação</Title>
      <TextInput label="Nome do sistema" description="Aparece no título das páginas, no login e nos e-mails." required {...form.getInputProps('nomeSistema')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Endereço público do sistema" placeholder="https://app.exemplo.com.br" {...form.getInputProps('urlPublica')} />
        <TextInput label="Central de ajuda" placeholder="https://ajuda.exemplo.com.br" {...form.getInputProps('urlAjuda')} />
      </SimpleGrid>
      <Title order={4}>Contato do suporte</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="E-mail" type="email" {...form.getInputProps('emailSuporte')} />
        <TextInput label="WhatsApp" placeholder="(11) 99999-0000" {...form.getInputProps('whatsSuporte')} />
        <TextInput label="Telefone" placeholder="(11) 3333-0000" {...form.getInputProps('telefoneSuporte')} />
      </SimpleGrid>
      <Title order={4}>Limites</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label="Dias de teste de uma nova empresa" description="0 para nenhum período de teste." min={0} max={365} allowDecimal={false} {...form.getInputProps('diasExperimental')} />
        <NumberInput label="Tamanho máximo da logo e do favicon (KB)" min={16} max={700} allowDecimal={false} {...form.getInputProps('limiteImagemKb')} />
      </SimpleGrid>
    </FormPage>
  );
}

/** Sistema › Configurações (spec §7 config/configs, config/save). */
export function Component() {
  const configs = useConfigs();
  return (
    <>
      <CabecalhoPagina titulo="Configurações do sistema" descricao="Valem para todas as empresas da plataforma." />
      <EstadoConsulta consulta={configs} vazio={false} mensagemVazia="" titulo="Configurações">
        {configs.data && <FormConfig iniciais={valoresDasConfigs(configs.data)} />}
      </EstadoConsulta>
    </>
  );
}
