import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { salvarPerfilSchema, type SalvarPerfil, type UsuarioLogado } from '@bonifica/contracts';
import { api } from '../../../lib/api';
import { notificar } from '../../../components/notificar';
import { useRascunho } from '../../../components/form-page';
import { PaginaCarregando } from '../../../components/pagina-carregando';
import { chaveUsuario, useUsuarioLogado } from '../../session/usuario';

type ValoresPerfil = { nome: string; email: string };

function FormularioPerfil({ usuario }: { usuario: UsuarioLogado }) {
  const queryClient = useQueryClient();
  const form = useForm<ValoresPerfil>({
    initialValues: { nome: usuario.name, email: usuario.email ?? '' },
    validate: zod4Resolver(salvarPerfilSchema),
  });
  useRascunho(form, 'meu-perfil');
  const salvar = useMutation({
    mutationFn: (dados: SalvarPerfil) => api.post('user/salvarperfil', dados),
    onSuccess: async () => {
      notificar.sucesso('Perfil atualizado.');
      form.resetDirty();
      // The header shows the name: reload the cached user so it follows the change.
      await queryClient.invalidateQueries({ queryKey: chaveUsuario });
    },
    onError: (e) => notificar.erro(e.message),
  });

  return (
    <form onSubmit={form.onSubmit((valores) => salvar.mutate(salvarPerfilSchema.parse(valores)))} noValidate>
      <Stack gap="md">
        <TextInput label="Usuário" value={usuario.username} readOnly disabled description="O usuário de acesso não pode ser alterado." />
        <TextInput label="Nome" required autoComplete="name" {...form.getInputProps('nome')} />
        <TextInput label="E-mail" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <Group justify="flex-end">
          <Button type="submit" loading={salvar.isPending} disabled={!form.isDirty()}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Meu Perfil (spec §2): the logged user's own name and e-mail. */
export function Component() {
  const usuario = useUsuarioLogado();
  return (
    <Stack gap="lg" maw={640}>
      <div>
        <Title order={1} fz="h2">
          Meu Perfil
        </Title>
        <Text c="dimmed" size="sm">
          Seus dados de identificação no sistema.
        </Text>
      </div>
      <Card padding="lg">{usuario ? <FormularioPerfil usuario={usuario} /> : <PaginaCarregando altura={200} />}</Card>
    </Stack>
  );
}
