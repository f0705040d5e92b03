import { Alert, Badge, Checkbox, Group, Loader, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { perfilSaveSchema, ROTULOS_PERMISSAO, type Perfil, type PerfilSave, type Permissao } from '@bonifica/contracts';
import { FormPage, useFormPage } from '../../components/form-page';
import { usePermissoesAtribuiveis, useSalvarPerfil, type PermissaoAtribuivel } from './api';
import { useUsuarioLogado } from '../../app/session/usuario';

type ValoresPerfil = {
  nome: string;
  descricao: string;
  permissoes: string[];
};

type PerfilFormProps = {
  registro: Perfil | null;
  aoSalvar: () => void;
};

/**
 * The catalogue the server lets this user assign, plus any permission the profile already holds
 * outside it (e.g. ROLE_ADMIN on a system profile), so what is shown is what the profile has.
 */
function opcoesPermissao(catalogo: PermissaoAtribuivel[], atuais: string[]): PermissaoAtribuivel[] {
  const conhecidas = new Set(catalogo.map((p) => p.valor));
  const extras = atuais
    .filter((valor) => !conhecidas.has(valor))
    .map((valor) => ({ valor, rotulo: ROTULOS_PERMISSAO[valor as Permissao] ?? valor }));
  return [...catalogo, ...extras];
}

export function PerfilForm({ registro, aoSalvar }: PerfilFormProps) {
  const sistema = registro?.sistema === true;
  const salvarPerfil = useSalvarPerfil();
  const permissoes = usePermissoesAtribuiveis();
  // One's own profile keeps its permissions (decision 019): name and description still change.
  const eu = useUsuarioLogado();
  const proprio = registro !== null && eu?.perfilId === registro.id;

  const controle = useFormPage({
    schema: perfilSaveSchema,
    valoresIniciais: {
      nome: registro?.nome ?? '',
      descricao: registro?.descricao ?? '',
      permissoes: registro?.permissoes ?? [],
    } satisfies ValoresPerfil,
    rascunho: registro ? `perfil-${registro.id}` : 'perfil-novo',
    paraEnvio: (v) => ({
      id: registro?.id,
      nome: v.nome,
      descricao: v.descricao.trim() === '' ? null : v.descricao,
      permissoes: v.permissoes,
    }),
  });
  const { form } = controle;

  return (
    <FormPage<ValoresPerfil, PerfilSave, unknown>
      controle={controle}
      salvar={salvarPerfil.mutateAsync}
      aoSalvar={aoSalvar}
      mensagemSucesso={registro ? 'Perfil atualizado.' : 'Perfil cadastrado.'}
      somenteLeitura={sistema}
      cabecalho={
        sistema && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
            <Group gap="xs">
              <Badge color="gray">Sistema</Badge>
              <Text size="sm">Perfil do sistema: pode ser consultado, mas não alterado.</Text>
            </Group>
          </Alert>
        )
      }
    >
      <TextInput label="Nome" required {...form.getInputProps('nome')} />
      <Textarea label="Descrição" autosize minRows={2} maxRows={5} {...form.getInputProps('descricao')} />
      <Checkbox.Group
        label="Permissões"
        description={
          proprio
            ? 'Este é o seu perfil: você não pode alterar as permissões dele.'
            : 'O usuário com este perfil pode fazer o que qualquer uma delas permitir. Só aparecem as que você pode conceder.'
        }
        {...form.getInputProps('permissoes')}
      >
        {permissoes.isPending ? (
          <Loader size="sm" mt="xs" aria-label="Carregando permissões" />
        ) : permissoes.isError ? (
          <Text c="red" size="sm" mt="xs">
            {permissoes.error.message}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
            {opcoesPermissao(permissoes.data, form.values.permissoes).map((p) => (
              <Checkbox key={p.valor} value={p.valor} label={p.rotulo} disabled={proprio || !permissoes.data.some((c) => c.valor === p.valor)} />
            ))}
          </SimpleGrid>
        )}
      </Checkbox.Group>
    </FormPage>
  );
}
