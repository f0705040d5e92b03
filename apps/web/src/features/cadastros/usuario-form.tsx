import { useEffect, useMemo, useState } from 'react';
import { Button, Group, PasswordInput, Select, Switch, TextInput } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { senhaSchema, usernameSchema, usuarioSaveSchema, type UsuarioResumo, type UsuarioSave } from '@bonifica/contracts';
import { FormPage, useFormPage } from '../../components/form-page';
import { notificar } from '../../components/notificar';
import { existeUsuario, gerarUsername, useOpcoesPerfis, useSalvarUsuario } from './api';
import { useFiliaisRede } from '../../components/use-filiais-rede';
import { useUsuarioLogado } from '../../app/session/usuario';
import { podeAtribuirPerfil, podeConcederFaturamento } from './concessao';

/** A new user has no password yet; on edit a blank one keeps the current password. */
const usuarioNovoSchema = usuarioSaveSchema.extend({ senha: senhaSchema });

export const MENSAGEM_USUARIO_EM_USO = 'Este usuário já está em uso. Escolha outro.';

type ValoresUsuario = {
  nome: string;
  username: string;
  email: string;
  empresaId: number | null;
  perfilId: number | null;
  ativo: boolean;
  administradorFaturamento: boolean;
  senha: string;
};

function valoresDe(registro: UsuarioResumo | null): ValoresUsuario {
  return {
    nome: registro?.nome ?? '',
    username: registro?.username ?? '',
    email: registro?.email ?? '',
    empresaId: registro?.empresaId ?? null,
    perfilId: registro?.perfilId ?? null,
    ativo: registro?.ativo ?? true,
    administradorFaturamento: registro?.administradorFaturamento ?? false,
    senha: '',
  };
}

type UsuarioFormProps = {
  registro: UsuarioResumo | null;
  aoSalvar: () => void;
};

export function UsuarioForm({ registro, aoSalvar }: UsuarioFormProps) {
  const novo = registro === null;
  const salvarUsuario = useSalvarUsuario();
  const empresas = useFiliaisRede();
  // The last username the server said is taken: kept so Salvar refuses it too, not only the blur.
  const [usernameEmUso, setUsernameEmUso] = useState<string | null>(null);
  const [sugerindo, setSugerindo] = useState(false);

  const controle = useFormPage({
    schema: novo ? usuarioNovoSchema : usuarioSaveSchema,
    valoresIniciais: valoresDe(registro),
    rascunho: novo ? 'usuario-novo' : `usuario-${registro.id}`,
    paraEnvio: (v) => ({
      id: registro?.id,
      nome: v.nome,
      username: v.username,
      email: v.email.trim() === '' ? null : v.email,
      empresaId: v.empresaId,
      // null goes on to the schema on purpose: its "Escolha o perfil." is the message shown.
      perfilId: v.perfilId as number,
      ativo: v.ativo,
      administradorFaturamento: v.administradorFaturamento,
      senha: v.senha === '' ? undefined : v.senha,
    }),
    validacaoExtra: (v) =>
      usernameEmUso !== null && v.username.trim() === usernameEmUso ? { username: MENSAGEM_USUARIO_EM_USO } : {},
  });
  const { form } = controle;
  const eu = useUsuarioLogado();
  // Nobody changes their own profile or billing flag (decision 019): the fields show but do not change.
  const proprio = registro !== null && eu?.id === registro.id;
  const consultaPerfis = useOpcoesPerfis(form.values.empresaId);
  // Only profiles the caller may give; the one the user already has stays, so the form shows it.
  const perfis = useMemo(
    () => consultaPerfis.data?.filter((p) => p.id === registro?.perfilId || (eu !== undefined && podeAtribuirPerfil(eu, p))),
    [consultaPerfis.data, registro?.perfilId, eu],
  );
  const perfilId = form.values.perfilId;
  // A profile chosen for another company would be refused on save: drop it when the company changes.
  useEffect(() => {
    if (perfis && perfilId !== null && !perfis.some((p) => p.id === perfilId)) form.setFieldValue('perfilId', null);
  }, [perfis, perfilId, form]);

  async function verificarDisponibilidade() {
    const username = form.getValues().username.trim();
    // Keeping one's own username is always allowed; an invalid one already gets the schema's message.
    if (username === (registro?.username ?? '') || !usernameSchema.safeParse(username).success) return;
    try {
      const existe = await existeUsuario(username);
      // The answer may come after the field changed again; it only speaks for the name asked about.
      if (existe && form.getValues().username.trim() === username) {
        setUsernameEmUso(username);
        form.setFieldError('username', MENSAGEM_USUARIO_EM_USO);
      }
    } catch {
      // Only a hint: the save checks again on the server, so a failed check is not worth a toast.
    }
  }

  async function sugerir() {
    const nome = form.getValues().nome.trim();
    if (!nome) {
      form.setFieldError('nome', 'Informe o nome para sugerir o usuário.');
      return;
    }
    setSugerindo(true);
    try {
      const sugestao = await gerarUsername(nome);
      if (sugestao) {
        form.setFieldValue('username', sugestao);
        form.clearFieldError('username');
      }
    } catch (erro) {
      notificar.erro(erro instanceof Error ? erro.message : String(erro));
    } finally {
      setSugerindo(false);
    }
  }

  const propsUsername = form.getInputProps('username');

  return (
    <FormPage<ValoresUsuario, UsuarioSave, unknown>
      controle={controle}
      salvar={salvarUsuario.mutateAsync}
      aoSalvar={aoSalvar}
      mensagemSucesso={novo ? 'Usuário cadastrado.' : 'Usuário atualizado.'}
    >
      <TextInput label="Nome" required autoComplete="off" {...form.getInputProps('nome')} />
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="Usuário"
          required
          autoComplete="off"
          description="Letras minúsculas sem acento, números, ponto, hífen e sublinhado."
          style={{ flex: 1 }}
          {...propsUsername}
          onBlur={(e) => {
            propsUsername.onBlur?.(e);
            void verificarDisponibilidade();
          }}
        />
        {novo && (
          <Button variant="light" leftSection={<IconWand size={16} />} onClick={() => void sugerir()} loading={sugerindo} mt={46}>
            Sugerir
          </Button>
        )}
      </Group>
      <TextInput label="E-mail" type="email" autoComplete="off" {...form.getInputProps('email')} />
      <Select<number>
        label="Empresa"
        placeholder={empresas.isPending ? 'Carregando...' : 'Selecione'}
        data={(empresas.data ?? []).map((e) => ({ value: e.id, label: e.tipo === 'MATRIZ' ? `${e.shortName} (matriz)` : e.shortName }))}
        clearable
        searchable
        nothingFoundMessage="Nenhuma empresa encontrada."
        {...form.getInputProps('empresaId')}
      />
      <Select<number>
        label="Perfil"
        required
        placeholder={consultaPerfis.isPending ? 'Carregando...' : 'Selecione'}
        data={(perfis ?? []).map((p) => ({ value: p.id, label: p.nome }))}
        searchable
        nothingFoundMessage="Nenhum perfil encontrado."
        {...form.getInputProps('perfilId')}
        disabled={proprio}
        description={proprio ? 'Você não pode trocar o seu próprio perfil.' : undefined}
      />
      <Switch label="Ativo" {...form.getInputProps('ativo', { type: 'checkbox' })} />
      <Switch
        label="Administrador do faturamento"
        description={
          proprio
            ? 'Você não pode alterar a sua própria administração do faturamento.'
            : eu && !podeConcederFaturamento(eu)
              ? 'Somente um administrador do faturamento pode concedê-la.'
              : 'Vê no topo do sistema os avisos de faturamento da empresa.'
        }
        {...form.getInputProps('administradorFaturamento', { type: 'checkbox' })}
        disabled={proprio || (eu !== undefined && !podeConcederFaturamento(eu) && !form.values.administradorFaturamento)}
      />
      <PasswordInput
        label={novo ? 'Senha' : 'Nova senha'}
        required={novo}
        autoComplete="new-password"
        description={novo ? undefined : 'Deixe em branco para manter a senha atual.'}
        {...form.getInputProps('senha')}
      />
    </FormPage>
  );
}
