import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMutation } from '@tanstack/react-query';
import { alterarSenhaSchema, SENHA_MINIMO } from '@bonifica/contracts';
import { api } from '../../../lib/api';
import { notificar } from '../../../components/notificar';

type ValoresSenha = { senhaAtual: string; novaSenha: string; confirmacaoSenha: string };

const validarContrato = zod4Resolver(alterarSenhaSchema);

/** The contract also serves the e-mailed link (token, no current password); logged in, the current one is required. */
function validar(valores: ValoresSenha) {
  const erros = validarContrato(valores);
  return valores.senhaAtual ? erros : { ...erros, senhaAtual: 'Informe a senha atual.' };
}

export function Component() {
  const form = useForm<ValoresSenha>({
    initialValues: { senhaAtual: '', novaSenha: '', confirmacaoSenha: '' },
    validate: validar,
  });
  const alterar = useMutation({
    mutationFn: (valores: ValoresSenha) => api.post('user/changePassword', valores),
    onSuccess: () => {
      notificar.sucesso('Senha alterada com sucesso.');
      form.reset();
    },
    onError: (e) => notificar.erro(e.message),
  });

  return (
    <Stack gap="lg" maw={640}>
      <div>
        <Title order={1} fz="h2">
          Alterar Senha
        </Title>
        <Text c="dimmed" size="sm">
          A nova senha deve ter pelo menos {SENHA_MINIMO} caracteres.
        </Text>
      </div>
      <Card padding="lg">
        <form onSubmit={form.onSubmit((valores) => alterar.mutate(valores))} noValidate>
          <Stack gap="md">
            <PasswordInput label="Senha atual" required autoComplete="current-password" {...form.getInputProps('senhaAtual')} />
            <PasswordInput label="Nova senha" required autoComplete="new-password" {...form.getInputProps('novaSenha')} />
            <PasswordInput
              label="Confirme a nova senha"
              required
              autoComplete="new-password"
              {...form.getInputProps('confirmacaoSenha')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={alterar.isPending}>
                Alterar senha
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
